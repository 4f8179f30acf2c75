import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../queries/users.ts';
import { checkSecondFactor } from '../account-security/two-step.ts';
import { type SignInAttempt, accountSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import { tellWrongSecondStep } from '../sign-in/two-step-sign-in.ts';
import type { RegistrationClient } from './registrant.ts';

/**
 * The second factor an existing account with two-step sign-in brings to a registration through a link.
 * The register code proves the phone, one factor: on it alone, whoever reads the phone's messages would
 * put the account into their company, or make it the administrator of a new one. So such an account
 * comes in only with a code of its authenticator app or a recovery code in the same request, and
 * without one nothing is written.
 */
export interface SecondStep {
  /** The try, counted under the account's sign-in waits like a second step's, settled with the session. */
  attempt: SignInAttempt;
}

/**
 * Checks the second step before the registration's transaction, after everything else the request can
 * be refused for, so that a code is used up only by a registration about to be written (the waits and
 * the notice are kept apart from the transaction, which on SQLite holds the only connection). Null for
 * an account without two-step sign-in. 1009160 without a code or for a wrong one (which counts as a
 * failed sign-in and is told to the person as a wrong second step is); 1000429 while the account waits.
 */
export async function passSecondStep(
  ctx: AppContext,
  user: UserRow | undefined,
  code: string | undefined,
  client: RegistrationClient,
): Promise<SecondStep | null> {
  if (!user || user.totp_enabled_at === null) return null;
  if (code === undefined) throw new AppError(ErrorCode.TwoStepCodeInvalid);
  const attempt = await reserveSignInAttempt(ctx, accountSubject(user.id), client.ip);
  if (!(await checkSecondFactor(ctx, user, code))) {
    await tellWrongSecondStep(ctx, user, client);
    throw new AppError(ErrorCode.TwoStepCodeInvalid);
  }
  return { attempt };
}

/** Inside the transaction, with the account as it is now: two-step sign-in turned on since the first
 *  read asks for the second step all the same (1009160). */
export function assertSecondStepPassed(user: UserRow, step: SecondStep | null): void {
  if (user.totp_enabled_at !== null && !step) throw new AppError(ErrorCode.TwoStepCodeInvalid);
}
