import type { SignUpCheckRequest, SignUpCheckResponse } from '@portal/shared/api/registration';
import type { AppContext } from '../../context.ts';
import { findInvitationByHash } from '../../queries/invitations.ts';
import { findMembership } from '../../queries/memberships.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import { hashSecret } from '../platform/secrets.ts';
import { ticketPhone } from './registrant.ts';

/**
 * `personalSignUpCheck`: whether the ticket's phone has an account, and whether that account is
 * already in the link's company. The ticket is read, not used: the registration call uses it next.
 */
export async function checkSignUp(ctx: AppContext, body: SignUpCheckRequest): Promise<SignUpCheckResponse> {
  const user = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  if (!user) return { registered: false, joined: false };
  const invitation = body.referralId ? await findInvitationByHash(ctx.db, hashSecret(body.referralId)) : undefined;
  const enterpriseId = invitation?.enterprise_id ?? null;
  const joined = enterpriseId !== null && (await findMembership(ctx.db, enterpriseId, user.id)) !== undefined;
  return { registered: true, joined };
}
