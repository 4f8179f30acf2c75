import type { LoginRequest, LoginResponse } from '@portal/shared/api/auth';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { isValidPhone, normalizePhone } from '@portal/shared/validation/rules';
import { AppError } from '../../app-error.ts';
import type { AppContext, Logger, SignInOutcome } from '../../context.ts';
import { revokeSession } from '../../queries/sessions.ts';
import type { UserRow } from '../../queries/users.ts';
import { findUserByIdentifier, findUserByUnprovenEmail } from '../../queries/users.ts';
import { verifyCode } from '../codes/codes.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Caller, SignedInCaller } from '../platform/caller.ts';
import { maskAccount } from '../platform/masking.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { accountSubject, identifierSubject, reserveSignInAttempt } from '../platform/throttle.ts';
import { enterAccount } from './account-gate.ts';

/** The stored form of an identifier, or null when it cannot name any account. */
export function normalizeIdentifier(type: LoginRequest['identifierType'], raw: string): string | null {
  const value = raw.trim();
  if (type === 'phone') return isValidPhone(value) ? normalizePhone(value) : null;
  if (type === 'email') return value.includes('@') ? value.toLowerCase() : null;
  return /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value.toLowerCase() : null;
}

/** Counts a refused try and logs it on the request's line (its request id), with the identifier
 *  masked: enough for an operator to follow one person's tries, never who it is nor the secret. */
function refused(ctx: AppContext, log: Logger, body: LoginRequest, outcome: SignInOutcome): void {
  ctx.metrics?.signIn(body.loginType, outcome);
  log.info(
    {
      signIn: {
        method: body.loginType,
        via: body.identifierType,
        identifier: maskAccount(body.identifier.trim()),
        outcome,
      },
    },
    'sign-in refused',
  );
}

/**
 * Sign-in by password (phone, email or account) or by code (phone or email). Every failure looks
 * the same whether or not the account exists, the waits included: failures of one account count
 * together across its identifiers, those of an identifier that names no account count on their own,
 * and each try is reserved (under the client IP's cap and the subject's wait) before it is checked.
 */
export async function signIn(ctx: AppContext, body: LoginRequest, caller: Caller): Promise<LoginResponse> {
  const { ip, log } = caller;
  const identifier = normalizeIdentifier(body.identifierType, body.identifier);
  const user: UserRow | undefined = identifier
    ? await findUserByIdentifier(ctx.db, body.identifierType, identifier)
    : undefined;
  // an unproven email names no account; its right password is still told why (1009132), after the
  // check as every other answer, so that a guesser learns nothing
  const unproven =
    !user && identifier && body.identifierType === 'email' && body.loginType === 'password'
      ? await findUserByUnprovenEmail(ctx.db, identifier)
      : undefined;
  const subject = user
    ? accountSubject(user.id)
    : identifierSubject(body.identifierType, identifier ?? body.identifier.trim().toLowerCase());
  const attempt = await reserveSignInAttempt(ctx, subject, ip).catch((error: unknown) => {
    // its only rejection of its own: the subject waits, or the IP is over its cap
    if (error instanceof AppError) refused(ctx, log, body, 'throttled');
    throw error;
  });

  const passed =
    body.loginType === 'password'
      ? await verifyPassword((user ?? unproven)?.password_hash ?? null, body.password ?? '')
      : Boolean(user && identifier && (await verifyCode(ctx, 'login', identifier, body.code ?? '')));

  if (!passed || !user) {
    refused(ctx, log, body, 'failure');
    await recordAudit(ctx, {
      action: 'sign-in.failure',
      userId: user?.id ?? null,
      ip,
      detail: { via: body.identifierType, loginType: body.loginType },
    });
    if (passed && unproven) throw new AppError(ErrorCode.EmailUnproven);
    throw new AppError(body.loginType === 'code' ? ErrorCode.CodeInvalid : ErrorCode.InvalidCredentials);
  }
  // only after correct credentials, so that a disabled account is not revealed to a guesser
  if (user.disabled) {
    refused(ctx, log, body, 'disabled');
    throw new AppError(ErrorCode.AccountDisabled);
  }

  // a code sent to a phone or mailbox proves that channel, not the authenticator: one factor, as a
  // password is
  return enterAccount(ctx, {
    user,
    client: caller,
    proof: { first: { loginType: body.loginType, identifierType: body.identifierType } },
    attempt,
    signIn: { method: body.loginType, detail: { via: body.identifierType, loginType: body.loginType } },
  });
}

/** Ends this session, and with it the products the person signed in to from it (back-channel logout). */
export async function signOut(ctx: AppContext, { session, ip }: SignedInCaller): Promise<void> {
  await revokeSession(ctx.db, session.sessionId, ctx.now());
  await recordAudit(ctx, { action: 'logout', userId: session.user.id, enterpriseId: session.enterpriseId, ip });
  ctx.productSessions?.endForPortalSession(session.sessionId);
}
