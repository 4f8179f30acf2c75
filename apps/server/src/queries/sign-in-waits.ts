import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './executor.ts';

/** How sign-in failures turn into waits: from failure `freeFailures + 1` on, 1 s doubling to `maxWaitMs`. */
export interface WaitRule {
  freeFailures: number;
  maxWaitMs: number;
}

/** The wait after the n-th consecutive failure, as SQL over the new count, so that one statement
 *  counts the failure and sets the wait together. */
function waitUntilAfter(failures: RawBuilder<number>, rule: WaitRule, now: number): RawBuilder<number> {
  // typed, because PostgreSQL cannot tell the type of a parameter standing alone in a CASE branch
  const at = (ms: number) => sql<number>`cast(${ms} as bigint)`;
  const steps: RawBuilder<unknown>[] = [];
  for (let n = rule.freeFailures + 1; 2 ** (n - rule.freeFailures - 1) * 1000 < rule.maxWaitMs; n++) {
    steps.push(sql`when ${sql.lit(n)} then ${at(now + 2 ** (n - rule.freeFailures - 1) * 1000)}`);
  }
  return sql<number>`case when ${failures} <= ${sql.lit(rule.freeFailures)} then ${at(0)} else case ${failures} ${sql.join(steps, sql` `)} else ${at(now + rule.maxWaitMs)} end end`;
}

/**
 * Counts one more try of a subject as a failure before the try is checked, unless the subject is
 * waiting: one conditional upsert, so that concurrent tries cannot slip past a wait that an earlier
 * one of them is about to set. Returns the new count, or null while the subject waits.
 */
export async function reserveSignInTry(
  db: Executor,
  subject: string,
  rule: WaitRule,
  now: number,
): Promise<number | null> {
  const next = sql<number>`sign_in_waits.failures + 1`;
  const row = await db
    .insertInto('sign_in_waits')
    .values({ subject, failures: 1, last_failure_at: now, wait_until: waitUntilAfter(sql<number>`1`, rule, now) })
    .onConflict((oc) =>
      oc
        .column('subject')
        .doUpdateSet({ failures: next, last_failure_at: now, wait_until: waitUntilAfter(next, rule, now) })
        .where('sign_in_waits.wait_until', '<=', now),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? Number(row.failures) : null;
}

export function findSignInWait(db: Executor, subject: string) {
  return db.selectFrom('sign_in_waits').selectAll().where('subject', '=', subject).executeTakeFirst();
}

export async function clearSignInWait(db: Executor, subject: string): Promise<void> {
  await db.deleteFrom('sign_in_waits').where('subject', '=', subject).execute();
}

/** Forgets subjects whose last failure is older than `before` and that no longer wait. */
export async function deleteSignInWaitsBefore(db: Executor, before: number, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_waits')
    .where('last_failure_at', '<', before)
    .where('wait_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
