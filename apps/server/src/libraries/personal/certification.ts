import type { PhoneAuthRequest, UserCertified } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { assertFreshProof } from '../account-security/fresh-proof.ts';
import { setupChannelOf } from '../account-security/two-step-setup-code.ts';
import { verifyCode } from '../codes/codes.ts';
import type { SignedInCaller } from '../platform/caller.ts';
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
 *
 * A verified phone receives the codes that reset the password, so replacing one is a change of the
 * phone like `updatephone`: it needs a fresh proof (1009166), checked before the code is used up. An
 * account without a verified phone needs none (verifying a first phone is what the cut-off asks of a
 * session of any age), nor does the same phone verified again. Until a company's required two-step
 * set-up is done, the session's password may be someone else's, and the set-up's own code goes to the
 * verified email, else the verified phone: so a verified phone is not replaced at all (1009165), and
 * an account with neither verifies only the phone on record (1009133), the one its administrator
 * entered, rather than a phone of the session's choosing that would then receive the set-up's code.
 */
export async function certifyPhone(ctx: AppContext, caller: SignedInCaller, body: PhoneAuthRequest): Promise<void> {
  const { session } = caller;
  const { user } = session;
  const setupPending = session.twoStepRequired && user.totp_enabled_at === null;
  if (user.phone_certified && user.phone !== body.phone) {
    if (setupPending) throw new AppError(ErrorCode.TwoStepSetupRequired);
    await assertFreshProof(ctx, session);
  }
  if (setupPending && !setupChannelOf(user) && user.phone && user.phone !== body.phone) {
    throw new AppError(ErrorCode.PhoneNotOnRecord);
  }
  if (!(await verifyCode(ctx, 'certify', body.phone, body.code))) throw new AppError(ErrorCode.CodeInvalid);
  const conflict = await bindProvenPhone(ctx, caller, body.phone, 'phoneAuth');
  if (conflict) throw new AppError(ErrorCode.PhoneBound, conflict);
}
