import type { EnterpriseSignUpRequest, RegistrationResponse } from '@portal/shared/api/registration';
import type { AppContext } from '../../context.ts';
import { findUserByIdentifier } from '../../queries/users.ts';
import { createEnterprise } from '../company/enterprises.ts';
import { readLiveInvitation } from '../company/invitations.ts';
import { grantInvitedProducts } from '../company/product-rights.ts';
import { recordAudit } from '../platform/audit.ts';
import { hashPassword } from '../platform/passwords.ts';
import { admit, redeem } from './admission.ts';
import { assertEnterpriseFree, assertEnterpriseNamed, pickDomain } from './new-enterprise.ts';
import {
  type RegistrationClient,
  assertEnabled,
  assertPasswordsMatch,
  insertNewUser,
  ticketPhone,
} from './registrant.ts';
import { assertSecondStepPassed, passSecondStep } from './second-step.ts';
import { inOneTransaction } from './transaction.ts';

/**
 * `admin/signup` (kind `admin`: a new common company) and `user/ownerEnterpriseSignup` (kind `owner`:
 * an owner company under the inviting one). The existing account that has proven the ticket's phone
 * is used as it is (its name, password and email stay); otherwise a new account is made, also when
 * another account holds the phone unproven (an administrator may type in anyone's phone: that never
 * lets them adopt its owner's registration). The person becomes the company's administrator, in its
 * default department. An existing account with two-step sign-in comes in only with its second step in
 * the same request (second-step.ts).
 */
export async function registerEnterprise(
  ctx: AppContext,
  kind: 'admin' | 'owner',
  body: EnterpriseSignUpRequest,
  client: RegistrationClient,
): Promise<RegistrationResponse> {
  assertPasswordsMatch(body);
  assertEnterpriseNamed(body.enterprise);
  await readLiveInvitation(ctx, body.referralId, kind);
  const existing = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  assertEnabled(existing);
  await assertEnterpriseFree(ctx, body.enterprise);
  const step = await passSecondStep(ctx, existing, body.twoStepCode, client);
  // argon2 is slow: never inside the transaction, which on SQLite holds the only connection
  const passwordHash = await hashPassword(body.password);
  const { abbreviation, fullName, creditCode } = body.enterprise;

  return inOneTransaction(
    ctx,
    async (within) => {
      const trx = within.db;
      const { phone, invitation } = await redeem(ctx, trx, body, kind);
      const user = await findUserByIdentifier(trx, 'phone', phone);
      assertEnabled(user);
      if (user) assertSecondStepPassed(user, step);
      const userId = user?.id ?? (await insertNewUser(ctx, trx, phone, body, passwordHash, 'investors', client));
      const domain = body.enterprise.domain ?? (await pickDomain(trx));
      const parentEnterpriseId = kind === 'owner' ? invitation.enterprise_id : null;
      const { enterpriseId, defaultDepartmentId } = await createEnterprise(ctx, trx, {
        kind: kind === 'owner' ? 'owner' : 'common',
        abbreviation,
        fullName,
        creditCode,
        domain,
        parentEnterpriseId,
      });
      await grantInvitedProducts(ctx, trx, enterpriseId, invitation);
      await recordAudit(
        ctx,
        {
          action: 'enterprise.create',
          userId,
          enterpriseId,
          ip: client.ip,
          detail: { kind, domain, parentEnterpriseId },
        },
        trx,
      );
      return admit(
        ctx,
        within,
        {
          userId,
          newUser: !user,
          enterprise: { id: enterpriseId, fullName, domain },
          role: 'admin',
          departmentId: defaultDepartmentId,
          invitation,
          secondStep: step,
        },
        client,
      );
    },
    // a generated domain taken meanwhile, or the phone's account created meanwhile: run again
    (violation) =>
      (violation === 'enterprises.domain' && body.enterprise.domain === undefined) || violation === 'users.phone',
  );
}
