import type { Insertable, Selectable } from 'kysely';
import type { TwoStepChallengesTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type TwoStepChallengeRow = Selectable<TwoStepChallengesTable>;

/** A new pending secret, replacing any earlier pending one; never the secret in force. */
export async function setPendingTotpSecret(
  db: Executor,
  userId: number,
  secret: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts the pending secret in force, once: of two concurrent confirmations only one updates the row.
 *  `step` is the time step of the confirming code, which cannot sign in afterwards. */
export async function enableTotp(db: Executor, userId: number, secret: string, step: number, now: number) {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: now, totp_last_step: step, updated_at: now })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_secret', '=', secret)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function disableTotp(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Records that a code of `step` was accepted, unless one of this step or a later one already was:
 *  one conditional update, so that two concurrent uses of one code cannot both pass. */
export async function advanceTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], now: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Uses up a recovery code, once: of two concurrent uses only one updates the row. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

export async function insertTwoStepChallenge(
  db: Executor,
  values: Omit<Insertable<TwoStepChallengesTable>, 'id' | 'used_at' | 'wrong_tries'>,
): Promise<void> {
  await db
    .insertInto('two_step_challenges')
    .values({ ...values, wrong_tries: 0, used_at: null })
    .execute();
}

export function findLiveTwoStepChallenge(
  db: Executor,
  tokenHash: string,
  now: number,
  maxTries: number,
): Promise<TwoStepChallengeRow | undefined> {
  return db
    .selectFrom('two_step_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('wrong_tries', '<', maxTries)
    .executeTakeFirst();
}

/** Reserves one try of a live challenge before its code is checked: one conditional update, so that
 *  concurrent guesses cannot exceed `maxTries`. False when the challenge is used, expired or spent. */
export async function reserveTwoStepTry(db: Executor, id: number, now: number, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step_challenges')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('wrong_tries', '<', maxTries)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a challenge used, once. */
export async function useTwoStepChallenge(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTwoStepChallengesExpiredBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('two_step_challenges').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a company of the user requires two-step sign-in of its members. */
export async function anyEnterpriseRequiresTwoStep(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
    .select('enterprises.id')
    .where('memberships.user_id', '=', userId)
    .where('enterprises.require_two_step', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findEnterpriseRequiresTwoStep(db: Executor, enterpriseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enterprises')
    .select('require_two_step')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.require_two_step === 1;
}

/** False when the company's rule was that already. */
export async function setEnterpriseRequiresTwoStep(
  db: Executor,
  enterpriseId: number,
  required: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('enterprises')
    .set({ require_two_step: required ? 1 : 0 })
    .where('id', '=', enterpriseId)
    .where('require_two_step', '!=', required ? 1 : 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The company's members, and how many of them have no two-step sign-in on. */
export async function countMembersTwoStep(
  db: Executor,
  enterpriseId: number,
): Promise<{ members: number; withoutTwoStep: number }> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('members'),
      eb.fn.count<number>(eb.case().when('users.totp_enabled_at', 'is', null).then(1).end()).as('without'),
    ])
    .where(ofCompany('memberships', enterpriseId))
    .executeTakeFirstOrThrow();
  return { members: Number(row.members), withoutTwoStep: Number(row.without) };
}
