import type { Db } from '../../db/database.ts';
import type { Executor } from '../../queries/executor.ts';
import type { RateLimit } from '../../queries/rate-events.ts';
import { deleteRateEvents, reserveRateEvents } from '../../queries/rate-events.ts';
import type { WaitRule } from '../../queries/sign-in-waits.ts';
import { clearSignInWait, findSignInWait, reserveSignInTry } from '../../queries/sign-in-waits.ts';

export type { RateLimit, WaitRule };

export type Reservation =
  | {
      granted: true;
      /** Takes the reservation back: the attempt does not count after all. The database store writes
       *  through `db` when given (the caller's transaction). */
      release(db?: Executor): Promise<void>;
    }
  | { granted: false; refused: RateLimit; retryAfterMs: number };

export type SignInTry = { granted: true } | { granted: false; retryAfterMs: number };

/**
 * Where the throttling counters live: the database, or Redis when several server processes share
 * it. Every reservation is one atomic step in either store, taken before the work it guards, so that
 * concurrent requests cannot pass a limit together.
 */
export interface ThrottleStore {
  /** One event under every limit, if all have room; otherwise nothing, and the limit that refused. */
  reserve(limits: readonly RateLimit[], now: number): Promise<Reservation>;
  /** Counts a sign-in try of a subject as a failure before it is checked, unless the subject waits. */
  reserveSignInTry(subject: string, rule: WaitRule, now: number): Promise<SignInTry>;
  /** A success (or a proven reset) ends the subject's run of failures; through `db` as `release`. */
  clearSignInFailures(subject: string, db?: Executor): Promise<void>;
}

export function databaseThrottleStore({ db, engine }: Pick<Db, 'db' | 'engine'>): ThrottleStore {
  return {
    async reserve(limits, now) {
      const result = await reserveRateEvents(db, engine, limits, now);
      if (!result.granted) return result;
      return { granted: true, release: (trx = db) => deleteRateEvents(trx, result.eventIds) };
    },
    async reserveSignInTry(subject, rule, now) {
      if ((await reserveSignInTry(db, subject, rule, now)) !== null) return { granted: true };
      const row = await findSignInWait(db, subject);
      return { granted: false, retryAfterMs: Math.max(0, (row?.wait_until ?? now) - now) };
    },
    clearSignInFailures: (subject, trx = db) => clearSignInWait(trx, subject),
  };
}
