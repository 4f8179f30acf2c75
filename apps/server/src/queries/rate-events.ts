import type { Executor } from './executor.ts';

export async function insertRateEvent(db: Executor, bucket: string, subject: string, at: number): Promise<void> {
  await db.insertInto('rate_events').values({ bucket, subject, at }).execute();
}

/** How many events of a subject since a moment, and the oldest of them (to tell when one expires). */
export async function countRateEvents(db: Executor, bucket: string, subject: string, since: number) {
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('bucket', '=', bucket)
    .where('subject', '=', subject)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function deleteRateEventsBefore(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('rate_events').where('at', '<', before).execute();
}
