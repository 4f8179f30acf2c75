import { sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Executor } from './executor.ts';

/** One sliding-window limit: at most `max` events of `subject` in `bucket` within `windowMs`. */
export interface RateLimit {
  bucket: string;
  subject: string;
  windowMs: number;
  max: number;
}

export type RateReservation =
  { granted: true; eventIds: number[] } | { granted: false; refused: RateLimit; retryAfterMs: number };

/**
 * Records one event for every limit's subject, but only if every limit still has room: all limits
 * or none, as one atomic step, so that concurrent requests cannot pass a limit together. One
 * statement counts and records. On SQLite that statement alone is atomic, since the one connection
 * runs one statement at a time. On PostgreSQL, whose statement could not see a reservation committed
 * while it waited, the subjects are first locked (transaction-scoped advisory locks, in a fixed order
 * so that two reservations cannot deadlock), then counted and recorded.
 */
export async function reserveRateEvents(
  db: Executor,
  engine: Engine,
  limits: readonly RateLimit[],
  now: number,
): Promise<RateReservation> {
  if (engine === 'sqlite') return recordIfRoom(db, limits, now);
  return db.transaction().execute(async (trx) => {
    const keys = [...new Set(limits.map((l) => `rate:${l.bucket}:${l.subject}`))].sort();
    for (const key of keys) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    return recordIfRoom(trx, limits, now);
  });
}

/** One statement records the events if every limit has room; only a refusal reads which limit it was. */
async function recordIfRoom(db: Executor, limits: readonly RateLimit[], now: number): Promise<RateReservation> {
  const subjects = [...new Map(limits.map((l) => [`${l.bucket}\u0000${l.subject}`, l])).values()];
  // typed, because PostgreSQL cannot tell the type of a parameter standing alone in VALUES
  const rows = subjects.map((l) => sql`(${l.bucket}, ${l.subject}, cast(${now} as bigint))`);
  const room = limits.map(
    (l) =>
      sql`(select count(*) from rate_events where bucket = ${l.bucket} and subject = ${l.subject} and at > ${now - l.windowMs}) < ${l.max}`,
  );
  const { rows: recorded } = await sql<{ id: number }>`insert into ${sql.table('rate_events')} (bucket, subject, at)
    select column1, column2, column3 from (values ${sql.join(rows)}) as reserved
    where ${sql.join(room, sql` and `)}
    returning id`.execute(db);
  if (recorded.length) return { granted: true, eventIds: recorded.map((row) => Number(row.id)) };
  for (const limit of limits) {
    const { count, oldest } = await countRateEvents(db, limit.bucket, limit.subject, now - limit.windowMs);
    if (count >= limit.max) return { granted: false, refused: limit, retryAfterMs: oldest! + limit.windowMs - now };
  }
  // the events that filled a limit were taken back (released) between the two statements: there is room now
  return recordIfRoom(db, limits, now);
}

/** Takes back events of a reservation whose attempt did not count after all. */
export async function deleteRateEvents(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('rate_events').where('id', 'in', ids).execute();
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

export async function deleteRateEventsBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('rate_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
