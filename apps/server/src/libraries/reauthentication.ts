import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import { findUserById } from '../queries/users.ts';
import type { SignedInCaller } from './caller.ts';
import { sessionProvenNow } from './fresh-proof.ts';
import { verifyPassword } from './passwords.ts';
import { accountSubject, reserveSignInAttempt } from './throttle.ts';
import { checkSecondFactor } from './two-step.ts';

/**
 * The person proves it is them in this session: with the password, or with a code of the
 * authenticator app or a recovery code (used up) when two-step sign-in is on. Each try counts as a
 * failed sign-in of the account (the same counter and waits, reserved before the check), so that a
 * borrowed session cannot guess. 1009102 for a wrong password (also for an account without one),
 * 1009163 for a code while two-step sign-in is off, 1009160 for a wrong code.
 */
export async function reauthenticate(
  ctx: AppContext,
  { session, ip }: SignedInCaller,
  body: ReauthenticateRequest,
): Promise<void> {
  const user = await findUserById(ctx.db, session.user.id);
  if (!user) throw new AppError(ErrorCode.Unauthorized);
  if ('code' in body && user.totp_enabled_at === null) throw new AppError(ErrorCode.TwoStepNotOn);
  const attempt = await reserveSignInAttempt(ctx, accountSubject(user.id), ip);
  if ('password' in body) {
    if (!(await verifyPassword(user.password_hash, body.password))) throw new AppError(ErrorCode.PasswordIncorrect);
  } else if (!(await checkSecondFactor(ctx, user, body.code))) {
    throw new AppError(ErrorCode.TwoStepCodeInvalid);
  }
  await sessionProvenNow(ctx, session);
  await attempt.succeeded();
}
