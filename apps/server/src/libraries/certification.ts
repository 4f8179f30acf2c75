import type { PhoneAuthRequest, UserCertified } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import type { SignedInCaller } from './caller.ts';
import { verifyCode } from './codes.ts';
import { bindProvenPhone } from './identifier-binding.ts';

/** Phone verification required by the national cybersecurity rules: after the cut-off date an
 *  account without a verified phone can do little more than verify one (auth plugin). */

export function certificationOf(ctx: AppContext, { session }: SignedInCaller): UserCertified {
  return {
    certified: session.user.phone_certified === 1,
    phone: session.user.phone,
    deadline: ctx.config.phoneCertifyDeadline,
  };
}

/**
 * Verifies a phone by a `certify` code and binds it to the account (replacing any phone it had).
 * Another account holding the phone: 1009106, with `boundTo` naming it (masked) when it shares a
 * company with the user, else `boundTo: null`; a stranger's account is never described.
 */
export async function certifyPhone(ctx: AppContext, caller: SignedInCaller, body: PhoneAuthRequest): Promise<void> {
  if (!(await verifyCode(ctx, 'certify', body.phone, body.code))) throw new AppError(ErrorCode.CodeInvalid);
  const conflict = await bindProvenPhone(ctx, caller, body.phone, 'phoneAuth');
  if (conflict) throw new AppError(ErrorCode.PhoneBound, conflict);
}
