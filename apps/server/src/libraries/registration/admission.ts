import { isTwoStepChallenge } from '@portal/shared/api/auth';
import type { MemberRole } from '@portal/shared/api/portal';
import type { InvitationKind, RegistrationResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseById } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import type { InvitationRow } from '../../queries/invitations.ts';
import { insertMembership } from '../../queries/memberships.ts';
import { findDefaultDepartmentId, isEnterpriseDepartment } from '../../queries/registration-enterprises.ts';
import { updateUser } from '../../queries/users.ts';
import { spendTicket } from '../codes/tickets.ts';
import { redeemInvitation } from '../company/invitations.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { type EnclosingTransaction, enterAccount } from '../sign-in/account-gate.ts';
import { type RegistrationClient, registrantEntry } from './registrant.ts';
import type { SecondStep } from './second-step.ts';

/** The first step of every link registration, inside its transaction: the ticket is spent and the
 *  link used once, so that a registration that fails later gives both back with the rollback. */
export async function redeem(
  ctx: AppContext,
  trx: Executor,
  body: { ticket: string; referralId: string },
  kind: InvitationKind,
): Promise<{ phone: string; invitation: InvitationRow }> {
  const phone = await spendTicket(ctx, trx, body.ticket, 'register');
  const invitation = await redeemInvitation(ctx, trx, body.referralId, kind);
  return { phone, invitation };
}

export interface Admission {
  userId: number;
  newUser: boolean;
  enterprise: { id: number; fullName: string; domain: string };
  role: MemberRole;
  departmentId: number;
  invitation: InvitationRow;
  /** The second step an existing account with two-step sign-in has passed (second-step.ts). */
  secondStep: SecondStep | null;
}

/**
 * The last step of every link registration: the person becomes a member of the company with the
 * link's redemption on record, and is signed in there, in the company the next sign-in opens too.
 * Nothing reaches it for an account with two-step sign-in before its second step has passed, so the
 * gate answers a session, never a second step's ticket.
 */
export async function admit(
  ctx: AppContext,
  within: EnclosingTransaction,
  admission: Admission,
  client: RegistrationClient,
): Promise<RegistrationResponse> {
  const { userId, enterprise, invitation } = admission;
  const trx = within.db;
  await insertMembership(trx, {
    enterprise_id: enterprise.id,
    user_id: userId,
    role: admission.role,
    department_id: admission.departmentId,
    joined_at: ctx.now(),
  });
  // a link of the company itself lets a member in; any other (an operator's `admin` link, a parent
  // company's `owner` link) registered the company this person founds
  const ownLink = invitation.enterprise_id === enterprise.id;
  await recordEvent(ctx, trx, {
    enterpriseId: enterprise.id,
    type: 'member.joined',
    data: {
      userId,
      role: admission.role,
      departmentId: admission.departmentId,
      via: ownLink ? 'invitation' : 'registration',
    },
  });
  // the link belongs to the company that made it; an operator's link belongs to none
  if (invitation.enterprise_id !== null)
    await recordEvent(ctx, trx, {
      enterpriseId: invitation.enterprise_id,
      type: 'invitation.used',
      data: { invitationId: invitation.id, userId, uses: invitation.uses },
    });
  const redemption = { invitationId: invitation.id, kind: invitation.kind, newUser: admission.newUser };
  await recordAudit(
    ctx,
    { action: 'invitation.redeem', userId, enterpriseId: enterprise.id, ip: client.ip, detail: redemption },
    trx,
  );
  // a link that registers an owner company is the inviting company's: its log shows the link used too
  if (invitation.enterprise_id !== null && invitation.enterprise_id !== enterprise.id) {
    await recordAudit(
      ctx,
      {
        action: 'invitation.redeem',
        userId,
        enterpriseId: invitation.enterprise_id,
        ip: client.ip,
        detail: redemption,
      },
      trx,
    );
  }
  await updateUser(trx, userId, { last_enterprise_id: enterprise.id });
  const answer = await enterAccount(
    ctx,
    { ...(await registrantEntry(trx, userId, client, admission.secondStep)), enterpriseId: enterprise.id },
    within,
  );
  // passSecondStep let no account with two-step sign-in here on one factor
  if (isTwoStepChallenge(answer)) throw new AppError(ErrorCode.TwoStepCodeInvalid);
  return {
    ...answer,
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.fullName,
    enterpriseDomain: enterprise.domain,
  };
}

/** A member joins the link's company, into the link's department while it is still the company's,
 *  else the company's default department. */
export async function admitMember(
  ctx: AppContext,
  within: EnclosingTransaction,
  invitation: InvitationRow,
  userId: number,
  newUser: boolean,
  client: RegistrationClient,
  secondStep: SecondStep | null = null,
): Promise<RegistrationResponse> {
  const trx = within.db;
  const enterpriseId = invitation.enterprise_id!;
  const enterprise = await findEnterpriseById(trx, enterpriseId);
  if (!enterprise) throw new AppError(ErrorCode.RegistrationFailed, { status: 'invalid' });
  const departmentId =
    invitation.department_id !== null && (await isEnterpriseDepartment(trx, enterpriseId, invitation.department_id))
      ? invitation.department_id
      : await findDefaultDepartmentId(trx, enterpriseId);
  return admit(
    ctx,
    within,
    {
      userId,
      newUser,
      enterprise: { id: enterpriseId, fullName: enterprise.full_name, domain: enterprise.domain },
      role: 'member',
      departmentId,
      invitation,
      secondStep,
    },
    client,
  );
}
