/**
 * A purge backlog written straight into the tables, one `INSERT … SELECT` per kind of row, in the mix
 * the growth study found at scale (per expired session: a quarter revoked, a fifth of a code, half an
 * OpenID model, ...), beside one live row of each kind that the purge must keep. Shared by the purge's
 * tests and its bench case.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';

const DAY = 86_400_000;

/** Rows of each kind per expired session; they sum to 3.15, so `total` rows make total / 3.15 units. */
const MIX = {
  sessionsExpired: 1,
  sessionsRevoked: 0.25,
  codes: 0.2,
  tickets: 0.1,
  openidModels: 0.5,
  grantLinks: 0.1,
  rateEvents: 0.5,
  signInWaits: 0.05,
  twoStepChallenges: 0.05,
  webauthnChallenges: 0.05,
  proofOfWorkChallenges: 0.05,
  auditEvents: 0.1,
  events: 0.1,
  outboxDone: 0.1,
};
const UNITS = Object.values(MIX).reduce((sum, share) => sum + share, 0);

/** The tables the purge sweeps, for counting what is left. */
export const PURGED_TABLES = [
  'sessions',
  'verification_codes',
  'tickets',
  'oidc_models',
  'oidc_grant_links',
  'rate_events',
  'sign_in_waits',
  'two_step_challenges',
  'webauthn_challenges',
  'proof_of_work_challenges',
  'audit_events',
  'events',
  'outbox',
] as const;

/**
 * `insert into table (columns) select … from n` with n the numbers 1 … rows: one statement however many
 * rows (a recursive CTE on SQLite, generate_series on PostgreSQL); answers the rows written.
 */
export async function insertSeries(
  db: Kysely<Database>,
  engine: Engine,
  rows: number,
  table: string,
  columns: string,
  select: string,
): Promise<number> {
  if (rows === 0) return 0;
  const numbers =
    engine === 'postgres'
      ? sql`select g as n from generate_series(1, ${sql.lit(rows)}) as g`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(rows)}) select n from s`;
  await sql`insert into ${sql.table(table)} (${sql.raw(columns)}) select ${sql.raw(select)} from (${numbers}) as n`.execute(
    db,
  );
  return rows;
}

/**
 * Writes about `total` expired rows over the purged tables (older than any retention the portal allows
 * by default: a year and a day) and one live row in each; answers the number of expired rows written.
 * Half the grant links belong to expired sessions, as a product sign-in's link does.
 */
export async function seedExpiredRows(db: Kysely<Database>, engine: Engine, total: number, now: number) {
  const old = now - 366 * DAY;
  // keys of this seeding's own, so that a table may be seeded again
  const tag = randomBytes(4).toString('hex');
  const soon = now + DAY;
  const { id: userId } = await db
    .insertInto('users')
    .values({
      account: `purge-${tag}`,
      nickname: 'Purge',
      phone: null,
      email: null,
      password_hash: null,
      lang_code: 'zh-CN',
      user_type: 'personal',
      phone_certified: 0,
      disabled: 0,
      last_enterprise_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = (share: number) => Math.round((total / UNITS) * share);
  const series = (rows: number, table: string, columns: string, select: string) =>
    insertSeries(db, engine, rows, table, columns, select);
  const o = (offset = 0) => String(old + offset);
  let written = 0;
  const sessionColumns = 'token_hash, user_id, enterprise_id, created_at, last_seen_at, expires_at, revoked_at';
  written += await series(
    count(MIX.sessionsExpired),
    'sessions',
    sessionColumns,
    `'${tag}-expired-' || n, ${userId}, null, ${o()}, ${o()}, ${o()} + n, null`,
  );
  written += await series(
    count(MIX.sessionsRevoked),
    'sessions',
    sessionColumns,
    `'${tag}-revoked-' || n, ${userId}, null, ${o()}, ${o()}, ${soon}, ${o()} + n`,
  );
  const linked = Math.floor(count(MIX.grantLinks) / 2);
  written += await series(
    linked,
    'oidc_grant_links',
    'grant_id, client_id, user_id, enterprise_id, portal_session_id, expires_at',
    `'${tag}-linked-' || n, 'bench', ${userId}, null, (select id from sessions where token_hash = '${tag}-expired-' || n), ${soon}`,
  );
  written += await series(
    count(MIX.grantLinks) - linked,
    'oidc_grant_links',
    'grant_id, client_id, user_id, enterprise_id, portal_session_id, expires_at',
    `'${tag}-grant-' || n, 'bench', ${userId}, null, null, ${o()} + n`,
  );
  written += await series(
    count(MIX.codes),
    'verification_codes',
    'scene, target, code_hash, expires_at, wrong_tries, consumed_at, created_at',
    `'login', '${tag}-target-' || n, 'x', ${o()} + n, 0, null, ${o()}`,
  );
  written += await series(
    count(MIX.tickets),
    'tickets',
    'token_hash, scene, target, expires_at, used_at, created_at',
    `'${tag}-ticket-' || n, 'login', '${tag}-target-' || n, ${o()} + n, null, ${o()}`,
  );
  written += await series(
    count(MIX.openidModels),
    'oidc_models',
    'model, id, payload, expires_at',
    `'Session', '${tag}-model-' || n, '{}', ${o()} + n`,
  );
  written += await series(
    count(MIX.rateEvents),
    'rate_events',
    'bucket, subject, at',
    `'bench', '${tag}-' || n, ${o()} + n`,
  );
  written += await series(
    count(MIX.signInWaits),
    'sign_in_waits',
    'subject, failures, last_failure_at, wait_until',
    `'${tag}-wait-' || n, 1, ${o()} + n, ${o()} + n`,
  );
  written += await series(
    count(MIX.twoStepChallenges),
    'two_step_challenges',
    'token_hash, user_id, login_type, identifier_type, wrong_tries, expires_at, used_at, created_at',
    `'${tag}-two-step-' || n, ${userId}, 'password', 'account', 0, ${o()} + n, null, ${o()}`,
  );
  written += await series(
    count(MIX.webauthnChallenges),
    'webauthn_challenges',
    'challenge_hash, purpose, user_id, expires_at, used_at, created_at',
    `'${tag}-webauthn-' || n, 'sign-in', null, ${o()} + n, null, ${o()}`,
  );
  written += await series(
    count(MIX.proofOfWorkChallenges),
    'proof_of_work_challenges',
    'challenge_hash, expires_at',
    `'${tag}-pow-' || n, ${o()} + n`,
  );
  written += await series(
    count(MIX.auditEvents),
    'audit_events',
    'at, action, user_id, enterprise_id, ip, detail',
    `${o()} + n, 'logout', null, null, null, null`,
  );
  written += await series(
    count(MIX.events),
    'events',
    'public_id, enterprise_id, type, version, data, at',
    `'evt_${tag}-' || n, 0, 'member.joined', 1, '{}', ${o()} + n`,
  );
  written += await series(
    count(MIX.outboxDone),
    'outbox',
    'topic, payload, state, attempts, next_at, created_at, done_at',
    `'webhook', '{}', 'delivered', 1, ${o()}, ${o()}, ${o()} + n`,
  );
  await seedLiveRows(db, userId, now, soon, `live-${tag}`);
  return written;
}

/** One row of each kind that is still in use: the purge keeps every one. */
async function seedLiveRows(db: Kysely<Database>, userId: number, now: number, soon: number, key: string) {
  const { id: sessionId } = await db
    .insertInto('sessions')
    .values({
      token_hash: key,
      user_id: userId,
      enterprise_id: null,
      created_at: now,
      last_seen_at: now,
      expires_at: soon,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('oidc_grant_links')
    .values({
      grant_id: key,
      client_id: 'bench',
      user_id: userId,
      enterprise_id: null,
      portal_session_id: sessionId,
      expires_at: soon,
    })
    .execute();
  const fresh = { expires_at: soon, created_at: now };
  await db
    .insertInto('verification_codes')
    .values({ scene: 'login', target: key, code_hash: 'x', wrong_tries: 0, consumed_at: null, ...fresh })
    .execute();
  await db
    .insertInto('tickets')
    .values({ token_hash: key, scene: 'login', target: key, used_at: null, ...fresh })
    .execute();
  await db.insertInto('oidc_models').values({ model: 'Session', id: key, payload: '{}', expires_at: soon }).execute();
  await db.insertInto('rate_events').values({ bucket: 'bench', subject: key, at: now }).execute();
  await db
    .insertInto('sign_in_waits')
    .values({ subject: key, failures: 1, last_failure_at: now, wait_until: soon })
    .execute();
  await db
    .insertInto('two_step_challenges')
    .values({
      token_hash: key,
      user_id: userId,
      login_type: 'password',
      identifier_type: 'account',
      wrong_tries: 0,
      used_at: null,
      ...fresh,
    })
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge_hash: key, purpose: 'sign-in', user_id: null, used_at: null, ...fresh })
    .execute();
  await db.insertInto('proof_of_work_challenges').values({ challenge_hash: key, expires_at: soon }).execute();
  await db
    .insertInto('audit_events')
    .values({ at: now, action: 'logout', user_id: null, enterprise_id: null, ip: null, detail: null })
    .execute();
  await db
    .insertInto('events')
    .values({ public_id: `evt_${key}`, enterprise_id: 0, type: 'member.joined', version: 1, data: '{}', at: now })
    .execute();
  // not done yet, however old: the purge leaves waiting work alone (due tomorrow, so no worker takes it)
  await db
    .insertInto('outbox')
    .values({
      topic: 'webhook',
      ordering_key: null,
      payload: '{}',
      endpoint_id: null,
      event_id: null,
      state: 'pending',
      next_at: soon,
      lease_until: null,
      lease_owner: null,
      last_status: null,
      last_error: null,
      last_attempt_at: null,
      created_at: now - 366 * DAY,
      done_at: null,
    })
    .execute();
}

/** Rows left in each purged table. */
export async function countPurgedTables(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of PURGED_TABLES) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}
