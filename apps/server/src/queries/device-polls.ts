import type { Executor } from './executor.ts';

export async function insertDevicePoll(
  db: Executor,
  row: { code_hash: string; interval_s: number; last_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('device_polls').values(row).execute();
}

/**
 * One poll of a device code, in one statement so that two processes agree: on time (at least its
 * interval after the last) it is stamped and `null` is answered; too early, the interval grows by
 * `step` and the new interval is answered. A code without a row (not issued here) answers `null`.
 */
export async function stampDevicePoll(
  db: Executor,
  codeHash: string,
  now: number,
  step: number,
): Promise<number | null> {
  const onTime = await db
    .updateTable('device_polls')
    .set({ last_at: now })
    .where('code_hash', '=', codeHash)
    .where((eb) => eb(eb('last_at', '+', eb('interval_s', '*', 1000)), '<=', now))
    .executeTakeFirst();
  if (Number(onTime.numUpdatedRows) === 1) return null;
  const slowed = await db
    .updateTable('device_polls')
    .set((eb) => ({ last_at: now, interval_s: eb('interval_s', '+', step) }))
    .where('code_hash', '=', codeHash)
    .returning('interval_s')
    .executeTakeFirst();
  return slowed?.interval_s ?? null;
}

export async function deleteExpiredDevicePolls(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('device_polls').where('expires_at', '<', now).execute();
}

export async function insertDeviceSignIn(
  db: Executor,
  row: { grant_id: string; client_id: string; site_id: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('device_sign_ins')
    .values(row)
    .onConflict((conflict) => conflict.column('grant_id').doNothing())
    .execute();
}

export async function findDeviceSignIn(db: Executor, grantId: string) {
  return db
    .selectFrom('device_sign_ins')
    .select(['site_id', 'client_id', 'created_at'])
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
}
