import type { JoinEnterpriseRequest, RegistrationResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findMembership } from '../../queries/memberships.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import { readLiveInvitation } from '../company/invitations.ts';
import { admitMember, redeem } from './admission.ts';
import { type RegistrationClient, assertEnabled, ticketPhone } from './registrant.ts';
import { assertSecondStepPassed, passSecondStep } from './second-step.ts';
import { inOneTransaction } from './transaction.ts';

/** `user/boundEnterprise`: the existing account of the ticket's phone joins as a member; one with
 *  two-step sign-in only with its second step in the same request (second-step.ts). */
export async function joinMember(
  ctx: AppContext,
  body: JoinEnterpriseRequest,
  client: RegistrationClient,
): Promise<RegistrationResponse> {
  const live = await readLiveInvitation(ctx, body.referralId, 'member');
  const existing = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  if (!existing) throw new AppError(ErrorCode.RegisterAccountMissing);
  assertEnabled(existing);
  if (await findMembership(ctx.db, live.enterprise_id!, existing.id)) throw new AppError(ErrorCode.AlreadyJoined);
  const step = await passSecondStep(ctx, existing, body.twoStepCode, client);
  return inOneTransaction(ctx, async (within) => {
    const { phone, invitation } = await redeem(ctx, within.db, body, 'member');
    const user = await findUserByIdentifier(within.db, 'phone', phone);
    if (!user) throw new AppError(ErrorCode.RegisterAccountMissing);
    assertEnabled(user);
    assertSecondStepPassed(user, step);
    return admitMember(ctx, within, invitation, user.id, false, client, step);
  });
}
