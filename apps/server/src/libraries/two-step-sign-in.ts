import type { LoginRequest, SessionResponse, TwoStepChallenge } from '@portal/shared/api/auth';
import {
  TWO_STEP_TICKET_TRIES,
  TWO_STEP_TICKET_TTL_SECONDS,
  type TwoStepSignInRequest,
} from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import {
  findLiveTwoStepChallenge,
  insertTwoStepChallenge,
  reserveTwoStepTry,
  useTwoStepChallenge,
} from '../queries/two-step.ts';
import type { UserRow } from '../queries/users.ts';
import { findUserById } from '../queries/users.ts';
import { recordAudit } from './audit.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { openSignInSession } from './sign-in-session.ts';
import type { SignInAttempt } from './throttle.ts';
import { accountSubject, reserveSignInAttempt } from './throttle.ts';
import { checkSecondFactor } from './two-step.ts';
import { writeTogether } from './write-together.ts';

/**
 * The first step of a sign-in was right and the account has two-step sign-in: no session yet, but a
 * ticket (256 bits, stored hashed, 5 minutes, single use, 5 wrong codes) for the second step. The
 * first step's try stays counted against the account until the second step succeeds.
 */
export async function startTwoStepChallenge(
  ctx: AppContext,
  user: UserRow,
  body: LoginRequest,
  attempt: SignInAttempt,
): Promise<TwoStepChallenge> {
  const ticket = newSecret(32);
  const now = ctx.now();
  const expiresAt = now + TWO_STEP_TICKET_TTL_SECONDS * 1000;
  await writeTogether(ctx, [
    (db) => attempt.passedFirstStep(db),
    (db) =>
      insertTwoStepChallenge(db, {
        token_hash: hashSecret(ticket),
        user_id: user.id,
        login_type: body.loginType,
        identifier_type: body.identifierType,
        expires_at: expiresAt,
        created_at: now,
      }),
  ]);
  return { twoStep: { ticket, expiresAt: new Date(expiresAt).toISOString() } };
}

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
  client: { ip: string; userAgent: string | null },
  log: FastifyBaseLogger,
): Promise<SessionResponse> {
  const { ip } = client;
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
    throw new AppError(ErrorCode.TwoStepCodeInvalid);
  }
  if (!(await useTwoStepChallenge(ctx.db, challenge.id, ctx.now()))) throw new AppError(ErrorCode.TwoStepTicketInvalid);
  if (user.disabled) {
    ctx.metrics?.signIn(method, 'disabled');
    throw new AppError(ErrorCode.AccountDisabled);
  }

  return openSignInSession(ctx, user, attempt, client, method, {
    via: challenge.identifier_type,
    loginType: method,
    twoStep: factor,
  });
}
