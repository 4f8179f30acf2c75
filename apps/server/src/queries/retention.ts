import { sql } from 'kysely';
import type { Executor } from './executor.ts';

/**
 * Deletions by age for the scheduled purge. Each deletes at most `limit` rows, picked by key through
 * the index on the time it sweeps by, and answers how many went: a short statement that holds
 * SQLite's write lock for milliseconds and stays far from PostgreSQL's statement timeout whatever the
 * backlog. The caller repeats it until it answers fewer than `limit`.
 */

export async function deleteRateEventsBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('rate_events').select('id').where('at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('rate_events').where('id', 'in', batch).executeTakeFirst());
}

/** Runs of sign-in failures idle since the moment whose wait is over. */
export async function deleteSignInWaitsBefore(db: Executor, before: number, now: number, limit: number) {
  const batch = db
    .selectFrom('sign_in_waits')
    .select('subject')
    .where('last_failure_at', '<', before)
    .where('wait_until', '<=', now)
    .limit(limit);
  return deleted(await db.deleteFrom('sign_in_waits').where('subject', 'in', batch).executeTakeFirst());
}

export async function deleteAuditEventsBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('audit_events').select('id').where('at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('audit_events').where('id', 'in', batch).executeTakeFirst());
}

/** Company API keys revoked or expired before the moment: every audit entry of their use is older
 *  still, and gone with the audit retention, so nothing names them any more. */
export async function deleteApiKeysEndedBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('api_keys')
    .select('id')
    .where((eb) => eb.or([eb('revoked_at', '<', before), eb('expires_at', '<', before)]))
    .limit(limit);
  return deleted(await db.deleteFrom('api_keys').where('id', 'in', batch).executeTakeFirst());
}

/** A company's events, kept as long as its audit log. */
export async function deleteEventsBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('events').select('id').where('at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('events').where('id', 'in', batch).executeTakeFirst());
}

/** Outbox rows done with (delivered, or given up on) before the moment; a pending row has no
 *  `done_at` and stays whatever its age. */
export async function deleteOutboxDoneBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('outbox').select('id').where('done_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('outbox').where('id', 'in', batch).executeTakeFirst());
}

/** Sessions that expired before the moment; their product grant links go with them (cascade). */
export async function deleteSessionsExpiredBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('sessions').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('sessions').where('id', 'in', batch).executeTakeFirst());
}

/** Sessions revoked before the moment: a second sweep, so that each uses its own index. */
export async function deleteSessionsRevokedBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('sessions').select('id').where('revoked_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('sessions').where('id', 'in', batch).executeTakeFirst());
}

export async function deleteTicketsExpiredBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('tickets').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('tickets').where('id', 'in', batch).executeTakeFirst());
}

export async function deleteCodesExpiredBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('verification_codes').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('verification_codes').where('id', 'in', batch).executeTakeFirst());
}

/** Passkey challenges past their expiry (at `now`, not a day later: anyone may ask for one). */
export async function deleteWebauthnChallengesExpiredBy(db: Executor, now: number, limit: number): Promise<number> {
  const batch = db.selectFrom('webauthn_challenges').select('id').where('expires_at', '<=', now).limit(limit);
  return deleted(await db.deleteFrom('webauthn_challenges').where('id', 'in', batch).executeTakeFirst());
}

/** Passkey challenges already answered: a used one is never asked for again. */
export async function deleteUsedWebauthnChallenges(db: Executor, limit: number): Promise<number> {
  const batch = db.selectFrom('webauthn_challenges').select('id').where('used_at', 'is not', null).limit(limit);
  return deleted(await db.deleteFrom('webauthn_challenges').where('id', 'in', batch).executeTakeFirst());
}

export async function deleteTwoStepChallengesExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db.selectFrom('two_step_challenges').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('two_step_challenges').where('id', 'in', batch).executeTakeFirst());
}

export async function deleteProofOfWorkChallengesExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db
    .selectFrom('proof_of_work_challenges')
    .select('challenge_hash')
    .where('expires_at', '<', before)
    .limit(limit);
  return deleted(
    await db.deleteFrom('proof_of_work_challenges').where('challenge_hash', 'in', batch).executeTakeFirst(),
  );
}

/** The polling state of device codes past their end (device sign-in). */
export async function deleteDevicePollsExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db.selectFrom('device_polls').select('code_hash').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('device_polls').where('code_hash', 'in', batch).executeTakeFirst());
}

/** Gateways' claim credentials past their end, used or not. */
export async function deleteDeviceClaimsExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db.selectFrom('device_claims').select('claim_hash').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('device_claims').where('claim_hash', 'in', batch).executeTakeFirst());
}

/** The OpenID provider's expired sessions, interactions, codes, tokens and grants (keyed by model and id). */
export async function deleteOpenidModelsExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db
    .selectFrom('oidc_models')
    .select(['model', 'id'])
    .where('expires_at', '<', before)
    .limit(limit)
    .$asTuple('model', 'id');
  return deleted(
    await db
      .deleteFrom('oidc_models')
      .where(({ eb, refTuple }) => eb(refTuple('model', 'id'), 'in', batch))
      .executeTakeFirst(),
  );
}

/** The links of expired product grants to the portal session and company they were made in. */
export async function deleteOpenidGrantLinksExpiredBefore(db: Executor, before: number, limit: number) {
  const batch = db.selectFrom('oidc_grant_links').select('grant_id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('oidc_grant_links').where('grant_id', 'in', batch).executeTakeFirst());
}

/**
 * PostgreSQL's session-level advisory lock on this connection: true when it was free and is now held.
 * Only one process purges at a time; the others skip their run rather than queue behind it.
 */
export async function tryPurgeLock(db: Executor): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_lock(${sql.lit(PURGE_LOCK)}, 0) as held`.execute(
    db,
  );
  return rows[0]!.held;
}

export async function releasePurgeLock(db: Executor): Promise<void> {
  await sql`select pg_advisory_unlock(${sql.lit(PURGE_LOCK)}, 0)`.execute(db);
}

/** The purge's advisory lock, in the two-key space: the one-key locks of rate-events.ts hash strings
 *  into 64 bits and so can never take it. */
const PURGE_LOCK = 0x70757267; // 'purg'

function deleted(result: { numDeletedRows: bigint }): number {
  return Number(result.numDeletedRows);
}
