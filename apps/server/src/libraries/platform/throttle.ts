import {
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_IP_FAILURES,
  SIGN_IN_IP_WINDOW_SECONDS,
  SIGN_IN_MAX_WAIT_SECONDS,
} from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError, secondsToWait } from '../../app-error.ts';
import type { AppContext, Metrics } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import { ipKey } from './ip-key.ts';
import type { ThrottleStore, WaitRule } from './throttle-store.ts';

/** A refusal by a limit, with the wait before the next try is let through, in `Retry-After` and in
 *  `data`; a code send tells its target's cooldown too, while that is what refuses. */
export function tooManyAttempts(
  retryAfterMs: number,
  code: typeof ErrorCode.TooManyAttempts | typeof ErrorCode.SmsBusy = ErrorCode.TooManyAttempts,
  details: { cooldownSeconds?: number } = {},
): AppError {
  return new AppError(code, { ...details, retryAfterSeconds: secondsToWait(retryAfterMs) }, { retryAfterMs });
}

/** The limit that refuses a subject's sign-in tries while it waits after its failures. */
const SIGN_IN_WAIT_LIMIT = 'sign-in-wait';

/** The store, counting each refusal under the name of the limit that made it (the bucket of a rate
 *  limit), whichever library asked. */
export function countingRefusals(store: ThrottleStore, metrics: Metrics): ThrottleStore {
  return {
    async reserve(limits, now) {
      const reservation = await store.reserve(limits, now);
      if (!reservation.granted) metrics.throttled(reservation.refused.bucket);
      return reservation;
    },
    async reserveSignInTry(subject, rule, now) {
      const signInTry = await store.reserveSignInTry(subject, rule, now);
      if (!signInTry.granted) metrics.throttled(SIGN_IN_WAIT_LIMIT);
      return signInTry;
    },
    clearSignInFailures: (subject, db) => store.clearSignInFailures(subject, db),
  };
}

/** From the 5th consecutive failure the subject waits 2^(n-5) s, at most 15 minutes (docs/sign-in.md#sign-in-waits). */
const SIGN_IN_WAIT: WaitRule = { freeFailures: SIGN_IN_FREE_FAILURES, maxWaitMs: SIGN_IN_MAX_WAIT_SECONDS * 1000 };

/** The run of failures of an account, shared by all its identifiers. */
export function accountSubject(userId: number): string {
  return `user:${userId}`;
}

/** The run of failures of an identifier that names no account: throttled exactly like an account,
 *  so that the wait (1000429) does not tell which identifiers exist. */
export function identifierSubject(type: string, identifier: string): string {
  return `${type}:${identifier}`;
}

export interface SignInAttempt {
  /** The try was right: it takes back its place under the IP cap and ends the run of failures. The
   *  database store writes through `db` when given, so that the caller can make its own writes with them. */
  succeeded(db?: Executor): Promise<void>;
  /** The first step of a two-step sign-in was right: the try takes back its place under the IP cap,
   *  but stays counted as a failure of the subject until the second step succeeds, so that a known
   *  password cannot reset the run of wrong two-step codes. */
  passedFirstStep(db?: Executor): Promise<void>;
}

/**
 * Reserves a sign-in try before the credentials are checked: one failure under the client IP's cap
 * (SIGN_IN_IP_FAILURES per SIGN_IN_IP_WINDOW_SECONDS: docs/sign-in.md#sign-in-waits) and one failure of the
 * subject, unless it waits. Both are atomic reservations, so that concurrent guesses cannot all be checked
 * while the first failures are still being written.
 * Tries while waiting answer 1000429 and do not count.
 */
export async function reserveSignInAttempt(ctx: AppContext, subject: string, ip: string): Promise<SignInAttempt> {
  const now = ctx.now();
  const ipReservation = await ctx.throttles.reserve(
    [
      {
        bucket: 'sign-in-ip',
        subject: ipKey(ip),
        windowMs: SIGN_IN_IP_WINDOW_SECONDS * 1000,
        max: SIGN_IN_IP_FAILURES,
      },
    ],
    now,
  );
  if (!ipReservation.granted) throw tooManyAttempts(ipReservation.retryAfterMs);
  const accountTry = await ctx.throttles.reserveSignInTry(subject, SIGN_IN_WAIT, now);
  if (!accountTry.granted) {
    await ipReservation.release();
    throw tooManyAttempts(accountTry.retryAfterMs);
  }
  return {
    async succeeded(db) {
      await Promise.all([ipReservation.release(db), ctx.throttles.clearSignInFailures(subject, db)]);
    },
    async passedFirstStep(db) {
      await ipReservation.release(db);
    },
  };
}

/** The owner proved the account another way (a password reset): its sign-in wait ends. */
export async function clearAccountFailures(ctx: AppContext, userId: number): Promise<void> {
  await ctx.throttles.clearSignInFailures(accountSubject(userId));
}
