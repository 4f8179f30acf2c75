import type { MemberSignUpRequest, RegistrationResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import { readLiveInvitation } from '../company/invitations.ts';
import { hashPassword } from '../platform/passwords.ts';
import { admitMember, redeem } from './admission.ts';
import { type RegistrationClient, assertPasswordsMatch, insertNewUser, ticketPhone } from './registrant.ts';
import { inOneTransaction } from './transaction.ts';

/** `user/boundEnterpriseSignUp`: a new account joins as a member; a phone with an account answers
 *  1008115 (that person uses `boundEnterprise`). */
export async function signUpMember(
  ctx: AppContext,
  body: MemberSignUpRequest,
  client: RegistrationClient,
): Promise<RegistrationResponse> {
  assertPasswordsMatch(body);
  await readLiveInvitation(ctx, body.referralId, 'member');
  if (await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket))) {
    throw new AppError(ErrorCode.PhoneSignedUp);
  }
  const passwordHash = await hashPassword(body.password);
  return inOneTransaction(ctx, async (within) => {
    const { phone, invitation } = await redeem(ctx, within.db, body, 'member');
    const userId = await insertNewUser(ctx, within.db, phone, body, passwordHash, 'investors', client);
    return admitMember(ctx, within, invitation, userId, true, client);
  });
}
