import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { type UserRow, findUserById } from '../../queries/users.ts';
import { sessionProvenNow } from '../account-security/fresh-proof.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { checkSecondFactor } from '../account-security/two-step.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { accountSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import type { SignInMethodName } from '../sign-in/account-gate.ts';
import { type PasskeyAmr, checkPasskeyProof } from './passkey-reauthentication.ts';

/** What a fresh proof proved, by its RFC 8176 name: one of the names of the sign-in methods. */
export type ProofAmr = Extract<SignInMethodName, 'pwd' | 'otp'> | PasskeyAmr;

/**
 * The person proves it is them in this session: with the password, with a code of the authenticator
 * app or a recovery code (used up) when two-step sign-in is on, or with one of their passkeys (the
 * answer to the challenge of `reauthenticationPasskeyOptions`, with user verification). Each try counts
 * as a failed sign-in of the account (the same counter and waits, reserved before the check), so that
 * a borrowed session cannot guess, and repeated wrong tries are told to the person. 1009102 for a wrong
 * password (also for an account without one), 1009163 for a code while two-step sign-in is off, 1009160
 * for a wrong code, 1009170 for a dead passkey challenge (used up whatever the outcome), 1009171 for a
 * passkey that is not this account's or whose answer does not verify. Answers the `amr` (RFC 8176) of
 * the proof: `pwd`, `otp`, or `hwk` / `swk` for a passkey kept on its device / synced.
 */
export async function reauthenticate(
  ctx: AppContext,
  caller: SignedInCaller,
  body: ReauthenticateRequest,
): Promise<ProofAmr> {
  const { session, ip } = caller;
  const user = await findUserById(ctx.db, session.user.id);
  if (!user) throw new AppError(ErrorCode.Unauthorized);
  if ('code' in body && user.totp_enabled_at === null) throw new AppError(ErrorCode.TwoStepNotOn);
  const attempt = await reserveSignInAttempt(ctx, accountSubject(user.id), ip);
  let amr: ProofAmr;
  if ('password' in body) {
    if (!(await verifyPassword(user.password_hash, body.password))) {
      await countWrongProof(ctx, user, caller);
      throw new AppError(ErrorCode.PasswordIncorrect);
    }
    amr = 'pwd';
  } else if ('code' in body) {
    if (!(await checkSecondFactor(ctx, user, body.code))) {
      await countWrongProof(ctx, user, caller);
      throw new AppError(ErrorCode.TwoStepCodeInvalid);
    }
    amr = 'otp';
  } else {
    const proof = await checkPasskeyProof(ctx, user, body.passkey);
    if ('refused' in proof) {
      // a dead challenge (one left too long, a second answer) is no wrong guess: the try counts all the same
      if (proof.refused === ErrorCode.PasskeyNotVerified) await countWrongProof(ctx, user, caller);
      throw new AppError(proof.refused);
    }
    amr = proof.amr;
  }
  await sessionProvenNow(ctx, session);
  await attempt.succeeded();
  return amr;
}

const DAY_MS = 86_400_000;

/** Wrong re-authentications of an account a day that may be typing slips; the next one tells. */
const REAUTHENTICATION_SLIPS_PER_DAY = 2;

/**
 * Someone who holds a signed-in session but not the password is what a fresh proof keeps out, and
 * their guesses must not go unnoticed: the third wrong re-authentication of the account within a day
 * tells the person by a security notice, at most once a day however many follow (the account's
 * sign-in waits bound the guesses meanwhile). Reserved atomically, so concurrent wrong tries in any
 * process tell once.
 */
async function countWrongProof(ctx: AppContext, user: UserRow, { ip, userAgent }: SignedInCaller): Promise<void> {
  const subject = String(user.id);
  const now = ctx.now();
  const slips = { bucket: 'reauthentication-wrong', subject, windowMs: DAY_MS, max: REAUTHENTICATION_SLIPS_PER_DAY };
  if ((await ctx.throttles.reserve([slips], now)).granted) return;
  const notice = { bucket: 'reauthentication-wrong-notice', subject, windowMs: DAY_MS, max: 1 };
  if ((await ctx.throttles.reserve([notice], now)).granted) {
    notifySecurityEvent(ctx, user, 'reauthentication-wrong', { ip, userAgent });
  }
}
