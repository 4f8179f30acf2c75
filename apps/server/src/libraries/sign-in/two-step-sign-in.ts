import type { SessionResponse } from '@portal/shared/api/auth';
import { TWO_STEP_TICKET_TRIES, type TwoStepSignInRequest } from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findLiveTwoStepChallenge, reserveTwoStepTry, useTwoStepChallenge } from '../../queries/two-step.ts';
import { type UserRow, findUserById } from '../../queries/users.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { checkSecondFactor } from '../account-security/two-step.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Caller } from '../platform/caller.ts';
import { hashSecret } from '../platform/secrets.ts';
import { accountSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import { enterAccount, firstFactorName } from './account-gate.ts';

/**
 * The second step: the ticket of the first and a code of the authenticator app or a recovery code.
 * A wrong code counts as a failed sign-in of the account (the same counter, waits and per-IP cap as
 * passwords, reserved before the check) and as one of the ticket's five tries. The right code
 * creates the session exactly as a one-step sign-in does. 1009161 for an unknown, expired, used or
 * spent ticket; 1009160 for a wrong code; 1000429 while the account waits.
 */
export async function completeTwoStepSignIn(
  ctx: AppContext,
  body: TwoStepSignInRequest,
  caller: Caller,
): Promise<SessionResponse> {
  const { ip, log } = caller;
  const challenge = await findLiveTwoStepChallenge(ctx.db, hashSecret(body.ticket), ctx.now(), TWO_STEP_TICKET_TRIES);
  const user = challenge ? await findUserById(ctx.db, challenge.user_id) : undefined;
  if (!challenge || !user || user.totp_enabled_at === null) throw new AppError(ErrorCode.TwoStepTicketInvalid);
  const method = challenge.login_type;

  const attempt = await reserveSignInAttempt(ctx, accountSubject(user.id), ip).catch((error: unknown) => {
    if (error instanceof AppError) ctx.metrics?.signIn(method, 'throttled');
    throw error;
  });
  if (!(await reserveTwoStepTry(ctx.db, challenge.id, ctx.now(), TWO_STEP_TICKET_TRIES))) {
    throw new AppError(ErrorCode.TwoStepTicketInvalid);
  }
  const factor = await checkSecondFactor(ctx, user, body.code);
  if (!factor) {
    ctx.metrics?.signIn(method, 'failure');
    log.info({ signIn: { method, step: 'two-step', outcome: 'failure' } }, 'sign-in refused');
    await recordAudit(ctx, {
      action: 'sign-in.failure',
      userId: user.id,
      ip,
      detail: { via: challenge.identifier_type, loginType: method, step: 'two-step' },
    });
    await tellWrongSecondStep(ctx, user, caller);
    throw new AppError(ErrorCode.TwoStepCodeInvalid);
  }
  if (!(await useTwoStepChallenge(ctx.db, challenge.id, ctx.now()))) throw new AppError(ErrorCode.TwoStepTicketInvalid);
  if (user.disabled) {
    ctx.metrics?.signIn(method, 'disabled');
    throw new AppError(ErrorCode.AccountDisabled);
  }

  return enterAccount(ctx, {
    user,
    client: caller,
    proof: {
      bothFactors: [firstFactorName({ loginType: method, identifierType: challenge.identifier_type }), 'otp'],
    },
    attempt,
    signIn: { method, detail: { via: challenge.identifier_type, loginType: method, twoStep: factor } },
  });
}

const DAY_MS = 86_400_000;

/**
 * Someone got past the first step and then gave a wrong two-step code: the person is told once a day,
 * not at every guess nor at every ticket (a guesser holding the password opens a new ticket every five
 * codes, and a run of guesses is a handful a day under the account's waits). Reserved atomically, so
 * that concurrent wrong codes, in any process, tell once.
 */
export async function tellWrongSecondStep(
  ctx: AppContext,
  user: UserRow,
  { ip, userAgent }: Pick<Caller, 'ip' | 'userAgent'>,
): Promise<void> {
  const limit = { bucket: 'two-step-code-wrong-notice', subject: String(user.id), windowMs: DAY_MS, max: 1 };
  if ((await ctx.throttles.reserve([limit], ctx.now())).granted) {
    notifySecurityEvent(ctx, user, 'two-step-code-wrong', { ip, userAgent });
  }
}
