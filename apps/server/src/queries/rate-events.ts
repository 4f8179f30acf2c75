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
 * or none, as one atomic step, so that concurrent requests cannot pass a limit together. On
 * PostgreSQL the subjects are locked (transaction-scoped advisory locks, in a fixed order so that two
 * reservations cannot deadlock) before they are counted; on SQLite the transaction holds the one
 * connection, which serialises it.
 */
export async function reserveRateEvents(
  db: Executor,
  engine: Engine,
  limits: readonly RateLimit[],
  now: number,
): Promise<RateReservation> {
  const subjects = [...new Map(limits.map((l) => [`${l.bucket}\u0000${l.subject}`, l])).values()];
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') {
      const keys = subjects.map((l) => `rate:${l.bucket}:${l.subject}`).sort();
      for (const key of keys) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    for (const limit of limits) {
      const { count, oldest } = await countRateEvents(trx, limit.bucket, limit.subject, now - limit.windowMs);
      if (count >= limit.max) return { granted: false, refused: limit, retryAfterMs: oldest! + limit.windowMs - now };
    }
    const eventIds: number[] = [];
    for (const { bucket, subject } of subjects) {
      const row = await trx
        .insertInto('rate_events')
        .values({ bucket, subject, at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      eventIds.push(row.id);
    }
    return { granted: true, eventIds };
  });
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
