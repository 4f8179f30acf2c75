import type { Insertable, Selectable } from 'kysely';
import type { SessionsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Executor, values: Insertable<SessionsTable>): Promise<number> {
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findLiveSessionByHash(db: Executor, tokenHash: string, now: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function setSessionEnterprise(db: Executor, id: number, enterpriseId: number | null): Promise<void> {
  await db.updateTable('sessions').set({ enterprise_id: enterpriseId }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user except `keepId` (none kept when it is null). */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  now: number,
  keepId: number | null,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  await query.execute();
}
