import { ErrorCode } from '@portal/shared/errors/error-codes';
import {
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_IP_FAILURES,
  SIGN_IN_IP_WINDOW_SECONDS,
  SIGN_IN_MAX_WAIT_SECONDS,
} from '@portal/shared/constants';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import { countRateEvents, insertRateEvent } from '../queries/rate-events.ts';
import {
  clearSignInFailures,
  findSignInFailure,
  incrementSignInFailures,
  setSignInWait,
} from '../queries/sign-in-failures.ts';

export function tooManyAttempts(
  retryAfterMs: number,
  code: typeof ErrorCode.TooManyAttempts | typeof ErrorCode.SmsBusy = ErrorCode.TooManyAttempts,
  data: Record<string, unknown> | null = null,
): AppError {
  return new AppError(code, data, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }, 429);
}

const IP_BUCKET = 'sign-in-ip';
const IP_WINDOW_MS = SIGN_IN_IP_WINDOW_SECONDS * 1000;

/** Per client IP, at most 30 failed sign-ins per 5 minutes (contract). */
export async function assertSignInIpAllowed(ctx: AppContext, ip: string): Promise<void> {
  const now = ctx.now();
  const { count, oldest } = await countRateEvents(ctx.db, IP_BUCKET, ip, now - IP_WINDOW_MS);
  if (count >= SIGN_IN_IP_FAILURES) throw tooManyAttempts((oldest ?? now) + IP_WINDOW_MS - now);
}

/** While an account waits after repeated failures, tries answer 1000429 and do not count. */
export async function assertAccountAllowed(ctx: AppContext, userId: number): Promise<void> {
  const row = await findSignInFailure(ctx.db, userId);
  const now = ctx.now();
  if (row && row.wait_until > now) throw tooManyAttempts(row.wait_until - now);
}

/** One more failure: from the 5th consecutive one the account waits 2^(n-5) s, at most 15 minutes. */
export async function recordSignInFailure(ctx: AppContext, userId: number | null, ip: string): Promise<void> {
  const now = ctx.now();
  await insertRateEvent(ctx.db, IP_BUCKET, ip, now);
  if (userId === null) return;
  const failures = await incrementSignInFailures(ctx.db, userId, now);
  if (failures > SIGN_IN_FREE_FAILURES) {
    const waitSeconds = Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES - 1), SIGN_IN_MAX_WAIT_SECONDS);
    await setSignInWait(ctx.db, userId, now + waitSeconds * 1000);
  }
}

export async function clearAccountFailures(ctx: AppContext, userId: number): Promise<void> {
  await clearSignInFailures(ctx.db, userId);
}
