import type { Insertable } from 'kysely';
import type { SessionsTable } from '../db/schema.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import type { UserRow } from './users.ts';

export async function insertSession(db: Executor, values: Insertable<SessionsTable>): Promise<number> {
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface LiveSession {
  id: number;
  enterpriseId: number | null;
  lastSeenAt: number;
  user: UserRow;
}

const liveSessionWithUser = compiledOnce(
  (db, tokenHash: string, now: number) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.enterprise_id as session_enterprise_id',
        'sessions.last_seen_at as session_last_seen_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now),
  ['token hash', -1],
);

/** A session not revoked and within its absolute lifetime, read with its user in one statement:
 *  every authenticated request starts here. */
export async function findLiveSessionWithUser(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<LiveSession | undefined> {
  const [row] = (await liveSessionWithUser(db, tokenHash, now).execute(db)).rows;
  if (!row) return undefined;
  const { session_id, session_enterprise_id, session_last_seen_at, ...user } = row;
  return { id: session_id, enterpriseId: session_enterprise_id, lastSeenAt: session_last_seen_at, user };
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
