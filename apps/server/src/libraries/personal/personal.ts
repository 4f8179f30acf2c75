import type {
  AllowModifyPassword,
  SaveLangCodeRequest,
  UpdateEmailRequest,
  UpdateNicknameRequest,
  UpdatePhoneRequest,
} from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findUserByIdentifier, updateUser } from '../../queries/users.ts';
import { assertFreshProof } from '../account-security/fresh-proof.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { verifyCode } from '../codes/codes.ts';
import { emailTarget } from '../codes/verification.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { bindProvenPhone, saveIdentifier } from './identifier-binding.ts';

/** The personal centre: the signed-in user changes their own name, phone, email and language. */

export async function updateNickname(
  ctx: AppContext,
  { session }: SignedInCaller,
  body: UpdateNicknameRequest,
): Promise<void> {
  await updateUser(ctx.db, session.user.id, { nickname: body.nickname, updated_at: ctx.now() });
}

/**
 * A new phone, proven by a `bind` code sent to it; it becomes the verified phone. Another account
 * holding it: 1009106 naming that account (masked) when it shares a company with the user, else
 * 1008109. The user's own phone again simply re-verifies it. Needs a fresh proof (1009166).
 */
export async function updatePhone(ctx: AppContext, caller: SignedInCaller, body: UpdatePhoneRequest): Promise<void> {
  await assertFreshProof(ctx, caller.session);
  if (!(await verifyCode(ctx, 'bind', body.phone, body.code))) throw new AppError(ErrorCode.CodeInvalid);
  const conflict = await bindProvenPhone(ctx, caller, body.phone, 'updatephone');
  if (conflict) {
    throw conflict.boundTo ? new AppError(ErrorCode.PhoneBound, conflict) : new AppError(ErrorCode.PhoneExists);
  }
}

/**
 * A new email, or the account's own unproven one, proven by a `bind` code sent to it: it becomes the
 * account's verified email. 1009128/1009127 for an empty/malformed email; 1009129 when it is already
 * this user's verified email (checked before the code: the user knows their own email, and no code is
 * used up for nothing); 1009104 for a wrong code; 1008119 when another account has proven it (checked
 * after the code, so that only the email's owner learns it). Accounts that hold it unproven do not
 * block its owner. A new address is told to the person, and to the verified email it replaces.
 * Needs a fresh proof (1009166), checked first.
 */
export async function updateEmail(
  ctx: AppContext,
  { session, ip, userAgent }: SignedInCaller,
  body: UpdateEmailRequest,
): Promise<void> {
  await assertFreshProof(ctx, session);
  const email = emailTarget(body.email);
  if (email === session.user.email && session.user.email_verified) throw new AppError(ErrorCode.EmailBound);
  if (!(await verifyCode(ctx, 'bind', email, body.code))) throw new AppError(ErrorCode.CodeInvalid);
  const holder = await findUserByIdentifier(ctx.db, 'email', email);
  if (holder && holder.id !== session.user.id) throw new AppError(ErrorCode.NewEmailRegistered);
  const saved = await saveIdentifier(
    ctx,
    session.user.id,
    { email, email_verified: 1 },
    {
      action: 'email.change',
      userId: session.user.id,
      enterpriseId: session.enterpriseId,
      ip,
      detail: { hadEmail: session.user.email !== null, changed: session.user.email !== email },
    },
  );
  if (!saved) throw new AppError(ErrorCode.NewEmailRegistered);
  if (session.user.email !== email) {
    notifySecurityEvent(ctx, { ...session.user, email, email_verified: 1 }, 'email-changed', {
      ip,
      userAgent,
      previousEmail: session.user.email_verified ? session.user.email : null,
    });
  }
}

/** The language of the account: messages, and responses without a language cookie, use it. */
export async function saveLanguage(
  ctx: AppContext,
  { session }: SignedInCaller,
  body: SaveLangCodeRequest,
): Promise<void> {
  await updateUser(ctx.db, session.user.id, { lang_code: body.langCode, updated_at: ctx.now() });
}

/** Changing a password needs the old one, so only an account that has a password may (an account
 *  created without one sets it through `forgetPasswd`). */
export function allowModifyPassword({ session }: SignedInCaller): AllowModifyPassword {
  return { allowed: session.user.password_hash !== null };
}
