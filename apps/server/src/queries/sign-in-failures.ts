import type { Executor } from './executor.ts';

export function findSignInFailure(db: Executor, userId: number) {
  return db.selectFrom('sign_in_failures').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Counts one more consecutive failure in a single statement, so that concurrent failures all count. */
export async function incrementSignInFailures(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('sign_in_failures')
    .values({ user_id: userId, failures: 1, last_failure_at: now, wait_until: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        failures: eb('sign_in_failures.failures', '+', 1),
        last_failure_at: now,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function setSignInWait(db: Executor, userId: number, waitUntil: number): Promise<void> {
  await db.updateTable('sign_in_failures').set({ wait_until: waitUntil }).where('user_id', '=', userId).execute();
}

export async function clearSignInFailures(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('user_id', '=', userId).execute();
}
