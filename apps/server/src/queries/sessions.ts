import { type Insertable, PostgresAdapter } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { SessionsTable } from '../db/schema.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import { type CompanyProductRow, companiesOfSessionUser } from './memberships.ts';
import type { UserRow } from './users.ts';

export async function insertSession(db: Executor, values: Insertable<SessionsTable>): Promise<number> {
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface LiveSession {
  id: number;
  enterpriseId: number | null;
  lastSeenAt: number;
  createdAt: number;
  user: UserRow;
  /** A company of the user requires two-step sign-in. */
  twoStepRequired: boolean;
  /** What proved the sign-in that opened it (RFC 8176 names); null for a session older than that record. */
  amr: string[] | null;
  /** The user's companies with their products, when they were asked for with the session. */
  companies?: CompanyProductRow[];
  /** The window of a support person's session in a company (docs/support-access.md), live or not. */
  support: SupportWindow | null;
}

export interface SupportWindow {
  accessId: number;
  enterpriseId: number;
  endsAt: number;
  /** Revoked or ended, or the person is no longer support staff: the session is over. */
  over: boolean;
}

function liveSessionQuery(db: Executor, tokenHash: string, now: number) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('support_sessions', 'support_sessions.session_id', 'sessions.id')
      .leftJoin('support_access', 'support_access.id', 'support_sessions.access_id')
      // a support person removed from the staff while entering a company is not let in by the session
      // their entry wrote after the removal revoked the others
      .leftJoin('support_staff', (join) =>
        join.onRef('support_staff.user_id', '=', 'sessions.user_id').on('support_sessions.session_id', 'is not', null),
      )
      .selectAll('users')
      .select([
        'support_staff.user_id as session_support_staff_id',
        'support_access.id as session_support_access_id',
        'support_access.enterprise_id as session_support_enterprise_id',
        'support_access.ends_at as session_support_ends_at',
        'support_access.revoked_at as session_support_revoked_at',
        'support_access.ended_at as session_support_ended_at',
        'sessions.id as session_id',
        'sessions.enterprise_id as session_enterprise_id',
        'sessions.last_seen_at as session_last_seen_at',
        'sessions.created_at as session_created_at',
        'sessions.amr as session_amr',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('memberships')
              .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
              .select('enterprises.id')
              .whereRef('memberships.user_id', '=', 'users.id')
              // a literal: the statement's parameters are the token hash and the time alone
              .where('enterprises.require_two_step', '=', eb.lit(1)),
          )
          .as('session_two_step_required'),
      )
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
  );
}

const liveSessionWithUser = compiledOnce(liveSessionQuery, ['token hash', -1]);

/** The same, with the user's companies as one JSON array: a read that needs them (portal/info) then
 *  makes one round trip to the database instead of two. */
const liveSessionWithCompanies = compiledOnce(
  (db, tokenHash: string, now: number) =>
    liveSessionQuery(db, tokenHash, now).select((eb) =>
      (db.getExecutor().adapter instanceof PostgresAdapter ? pgJsonArrayFrom : sqliteJsonArrayFrom)(
        companiesOfSessionUser(eb),
      ).as('session_companies'),
    ),
  ['token hash', -1],
);

/** A session not revoked and within its absolute lifetime, read with its user (and, when asked for,
 *  the user's companies) in one statement: every authenticated request starts here. */
export async function findLiveSessionWithUser(
  db: Executor,
  tokenHash: string,
  now: number,
  withCompanies = false,
): Promise<LiveSession | undefined> {
  const [row] = withCompanies
    ? (await liveSessionWithCompanies(db, tokenHash, now).execute(db)).rows
    : (await liveSessionWithUser(db, tokenHash, now).execute(db)).rows;
  if (!row) return undefined;
  const {
    session_id,
    session_enterprise_id,
    session_last_seen_at,
    session_created_at,
    session_two_step_required,
    session_amr,
    session_companies,
    session_support_access_id,
    session_support_enterprise_id,
    session_support_ends_at,
    session_support_revoked_at,
    session_support_ended_at,
    session_support_staff_id,
    ...user
  } = row as typeof row & { session_companies?: CompanyProductRow[] | string };
  return {
    id: session_id,
    enterpriseId: session_enterprise_id,
    lastSeenAt: session_last_seen_at,
    createdAt: session_created_at,
    user,
    // a boolean on PostgreSQL, 0 or 1 on SQLite
    twoStepRequired: Boolean(session_two_step_required),
    amr: session_amr === null ? null : (JSON.parse(session_amr) as string[]),
    support:
      session_support_access_id === null
        ? null
        : {
            accessId: session_support_access_id,
            enterpriseId: session_support_enterprise_id!,
            endsAt: session_support_ends_at!,
            over:
              session_support_revoked_at !== null ||
              session_support_ended_at !== null ||
              session_support_staff_id === null,
          },
    // parsed by the driver on PostgreSQL, JSON text on SQLite
    ...(session_companies === undefined
      ? {}
      : {
          companies:
            typeof session_companies === 'string'
              ? (JSON.parse(session_companies) as CompanyProductRow[])
              : session_companies,
        }),
  };
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

/**
 * The distinct `User-Agent`s of a user's sessions still kept (live or recently ended) opened before
 * the session `beforeId`, most recently opened first and at most `limit` of them. A session opened
 * without a `User-Agent` gives '' and one opened before the devices were recorded (migration 0006:
 * neither `User-Agent` nor address) gives null.
 */
export async function findUserAgentsOfUser(
  db: Executor,
  userId: number,
  beforeId: number,
  limit = 200,
): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('sessions')
    .select((eb) => [
      'user_agent',
      eb.fn.max('id').as('newest'),
      eb.fn.countAll().as('sessions'),
      eb.fn.count('ip').as('with_ip'),
    ])
    .where('user_id', '=', userId)
    .where('id', '<', beforeId)
    .groupBy('user_agent')
    .orderBy('newest', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    if (row.user_agent !== null) return [row.user_agent];
    const recorded = Number(row.with_ip);
    return [...(recorded > 0 ? [''] : []), ...(Number(row.sessions) > recorded ? [null] : [])];
  });
}

export interface UserSessionRow {
  id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
}

/** A user's live sessions: not revoked, within their absolute lifetime, used within `idleMs`. */
function liveSessionsOf(db: Executor, userId: number, now: number, idleMs: number) {
  return db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - idleMs);
}

/** Up to `limit` of a user's live sessions, newest opened first, those before the session `beforeId`
 *  when given: a range of the `(user_id, id)` index, so a later page costs what the first does. */
export function findLiveSessionsOfUser(
  db: Executor,
  userId: number,
  now: number,
  idleMs: number,
  page: { beforeId: number | undefined; limit: number },
): Promise<UserSessionRow[]> {
  let query = liveSessionsOf(db, userId, now, idleMs).select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at']);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export async function countLiveSessionsOfUser(
  db: Executor,
  userId: number,
  now: number,
  idleMs: number,
): Promise<number> {
  const row = await liveSessionsOf(db, userId, now, idleMs)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Revokes one live session of a user (not idle beyond `idleMs`): false when the user has no such session. */
export async function revokeLiveSessionOfUser(
  db: Executor,
  userId: number,
  id: number,
  now: number,
  idleMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - idleMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live session of a user but `keepId` (the same rule as the list); returns their ids. */
export async function revokeOtherLiveSessionsOfUser(
  db: Executor,
  userId: number,
  keepId: number,
  now: number,
  idleMs: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - idleMs)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** When the person last proved it is them in a session: the last `reauthenticate`, else the sign-in
 *  that opened it. Undefined for an unknown session. */
export async function findSessionProofTime(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['proven_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (row.proven_at ?? row.created_at) : undefined;
}

export async function markSessionProven(db: Executor, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ proven_at: now }).where('id', '=', id).execute();
}
