import type { ForgetPasswordRequest } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { passwordsMatch } from '@portal/shared/validation/rules';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { revokeUserSessions } from '../../queries/sessions.ts';
import { findUserByIdentifier, updateUser } from '../../queries/users.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { checkCode } from '../codes/codes.ts';
import { emailTarget, phoneTarget } from '../codes/verification.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Caller } from '../platform/caller.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { clearAccountFailures } from '../platform/throttle.ts';

/**
 * Forgotten password: a `reset` code sent to the account's phone or email sets a new password. A
 * wrong code and an unknown account answer the same 1009104 (no code is ever sent to an unknown
 * target). The confirmation is checked before the code, so that a typo does not use the code up. The
 * current password as the new one is 1009131, after the code (so that it tells no guesser the
 * password), and leaves the code valid for the corrected password.
 * Every session of the account ends, the products' included, and the sign-in wait of the account is
 * lifted: the owner has just proven the phone or email. The person is told (security notifications).
 */
export async function resetPassword(
  ctx: AppContext,
  body: ForgetPasswordRequest,
  { ip, userAgent }: Caller,
): Promise<void> {
  if (!passwordsMatch(body)) throw new AppError(ErrorCode.PasswordsDoNotMatch);
  const target = body.identifierType === 'phone' ? phoneTarget(body.identifier) : emailTarget(body.identifier);
  const user = await findUserByIdentifier(ctx.db, body.identifierType, target);
  const checked = await checkCode(ctx, 'reset', target, body.code);
  if (!checked || !user) throw new AppError(ErrorCode.CodeInvalid);
  // only once the code is proven: before, the answer would tell a guesser the password
  if (await verifyPassword(user.password_hash, body.password)) {
    // the owner typed the current password: the code stays valid for the corrected one
    await checked.release();
    throw new AppError(ErrorCode.PasswordUnchanged);
  }
  if (!(await checked.consume())) throw new AppError(ErrorCode.CodeInvalid);

  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await revokeUserSessions(trx, user.id, now, null);
    await recordAudit(
      ctx,
      { action: 'password.reset', userId: user.id, ip, detail: { via: body.identifierType } },
      trx,
    );
  });
  ctx.productSessions?.endForUser(user.id);
  await clearAccountFailures(ctx, user.id);
  notifySecurityEvent(ctx, user, 'password-reset', { ip, userAgent });
}
