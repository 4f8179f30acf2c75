import type { UpdatePasswordRequest, UpdatePasswordResponse } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { passwordsMatch } from '@portal/shared/validation/rules';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { revokeUserSessions } from '../../queries/sessions.ts';
import { updateUser } from '../../queries/users.ts';
import { sessionProvenNow } from '../account-security/fresh-proof.ts';
import { recentPasskeysOf } from '../account-security/recent-passkeys.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { accountSubject, reserveSignInAttempt } from '../platform/throttle.ts';

/**
 * The signed-in user changes their password: 1008107 when the confirmation differs, 1009102 when the
 * old password is wrong. A wrong old password counts as a failed sign-in of the account (the same
 * counter and wait, reserved before the check), so that a borrowed session cannot be used to guess the password. Every other
 * session of the user ends; this one goes on. Every product session ends, this one's included: a
 * product holds no password to check again. The person is told (security notifications).
 *
 * The old password is itself the fresh proof a sensitive change needs, so a stale session may change
 * it and the session counts as proven now. The answer lists the passkeys added lately, which the
 * person is offered to remove: the new password and the ended sessions would not stop one planted
 * by a borrowed session.
 */
export async function changePassword(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
  body: UpdatePasswordRequest,
): Promise<UpdatePasswordResponse> {
  if (!passwordsMatch(body)) throw new AppError(ErrorCode.PasswordsDoNotMatch);
  const userId = session.user.id;
  const attempt = await reserveSignInAttempt(ctx, accountSubject(userId), ip);
  if (!(await verifyPassword(session.user.password_hash, body.oldPassword))) {
    throw new AppError(ErrorCode.PasswordIncorrect);
  }
  // the old password was right: not a failure, but nothing to change and no session to end
  if (body.password === body.oldPassword) {
    await attempt.succeeded();
    throw new AppError(ErrorCode.PasswordUnchanged);
  }
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await updateUser(trx, userId, { password_hash: passwordHash, updated_at: now });
    await revokeUserSessions(trx, userId, now, session.sessionId);
    await recordAudit(ctx, { action: 'password.change', userId, enterpriseId: session.enterpriseId, ip }, trx);
  });
  ctx.productSessions?.endForUser(userId);
  await attempt.succeeded();
  await sessionProvenNow(ctx, session);
  notifySecurityEvent(ctx, session.user, 'password-changed', { ip, userAgent });
  return { recentPasskeys: await recentPasskeysOf(ctx, userId) };
}
