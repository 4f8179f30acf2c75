import type { Insertable, Selectable } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { EnterprisesTable, PersonalizationsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type EnterpriseRow = Selectable<EnterprisesTable>;

export function findEnterpriseByDomain(db: Executor, domain: string): Promise<EnterpriseRow | undefined> {
  return db.selectFrom('enterprises').selectAll().where('domain', '=', domain).executeTakeFirst();
}

export function findEnterpriseById(db: Executor, id: number): Promise<EnterpriseRow | undefined> {
  return db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEnterprise(db: Executor, values: Insertable<EnterprisesTable>): Promise<number> {
  const row = await db.insertInto('enterprises').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertDepartment(
  db: Executor,
  values: { enterprise_id: number; name: string; parent_id: number | null; is_default: number; created_at: number },
): Promise<number> {
  const row = await db.insertInto('departments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPersonalization(db: Executor, values: Insertable<PersonalizationsTable>): Promise<void> {
  await db.insertInto('personalizations').values(values).execute();
}

/**
 * Serialises changes to one enterprise's members and departments inside the caller's transaction, so
 * that rules over several rows (the last administrator, an empty department tree) hold under
 * concurrency. PostgreSQL takes a row lock; SQLite needs none, as its one connection runs one
 * transaction at a time.
 */
export async function lockEnterprise(db: Executor, engine: Engine, enterpriseId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('enterprises').select('id').where('id', '=', enterpriseId).forUpdate().execute();
}
