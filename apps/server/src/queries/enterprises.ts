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
 * The lock of one company's row, inside the caller's transaction (libraries/platform/company-transaction.ts
 * takes it, in the portal's one order). `FOR NO KEY UPDATE` serialises the company's writers while
 * leaving the share that a foreign key takes (a new member, a new link) free, so a writer elsewhere
 * that inserts a row of the company does not queue behind it. SQLite needs none, as its one
 * connection runs one transaction at a time.
 */
export async function lockEnterpriseRow(db: Executor, engine: Engine, enterpriseId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('enterprises').select('id').where('id', '=', enterpriseId).forNoKeyUpdate().execute();
}
