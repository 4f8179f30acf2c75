import type { Insertable, Selectable } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { PasskeysTable, WebauthnChallengesTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type PasskeyRow = Selectable<PasskeysTable>;

/** The user's passkeys, oldest first. */
export function findPasskeysOfUser(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Whether the user holds a passkey. */
export async function userHasPasskey(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

async function countPasskeysOfUser(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/**
 * Stores a passkey of the user if the user holds fewer than `limit`; null otherwise. The count and the
 * insert are one step per user, so that concurrent adds cannot pass the limit together: PostgreSQL
 * locks the user's row first, SQLite's one connection runs one transaction at a time.
 */
export function insertPasskeyWithinLimit(
  db: Executor,
  engine: Engine,
  values: Omit<Insertable<PasskeysTable>, 'id'>,
  limit: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', values.user_id).forUpdate().execute();
    }
    if ((await countPasskeysOfUser(trx, values.user_id)) >= limit) return null;
    const row = await trx.insertInto('passkeys').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Renames a passkey of this user only; false when the user has no passkey of that id. */
export async function renamePasskeyOfUser(db: Executor, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a passkey of this user only; false when the user has no passkey of that id. */
export async function deletePasskeyOfUser(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Records a sign-in with a passkey: its new counter and state, only if the counter is still the one
 * the check read, so that of two concurrent sign-ins reporting the same counter only one is taken.
 */
export async function recordPasskeyUse(
  db: Executor,
  id: number,
  readCounter: number,
  values: { counter: number; backed_up: number; last_used_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set(values)
    .where('id', '=', id)
    .where('counter', '=', readCounter)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertWebauthnChallenge(
  db: Executor,
  values: Omit<Insertable<WebauthnChallengesTable>, 'id' | 'used_at'>,
): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({ ...values, used_at: null })
    .execute();
}

/**
 * Uses up a live challenge of the purpose (and of the user, for a registration or a re-authentication) in one conditional
 * update: of two concurrent answers to one challenge only one gets it. False when it is unknown,
 * expired, used, or another's.
 */
export async function useWebauthnChallenge(
  db: Executor,
  challengeHash: string,
  purpose: WebauthnChallengesTable['purpose'],
  userId: number | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', purpose)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Challenges no answer can use any more: expired by the moment, or used. */
export async function deleteDeadWebauthnChallenges(db: Executor, now: number): Promise<number> {
  const result = await db
    .deleteFrom('webauthn_challenges')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
