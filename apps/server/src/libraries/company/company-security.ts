import type { SecuritySettings, SecurityState } from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  countMembersTwoStep,
  findEnterpriseRequiresTwoStep,
  setEnterpriseRequiresTwoStep,
} from '../../queries/two-step.ts';
import { findUserById } from '../../queries/users.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import type { PersonAdministrator } from './settings-access.ts';

async function administratorHasTwoStep(ctx: AppContext, admin: PersonAdministrator): Promise<boolean> {
  return (await findUserById(ctx.db, admin.userId))?.totp_enabled_at != null;
}

/** The sign-in rules of the administrator's company (its own, never another's), with the counts the
 *  switch's confirmation names: the requirement sends every member without it to set-up. */
export async function companySecurity(ctx: AppContext, admin: PersonAdministrator): Promise<SecurityState> {
  const [requireTwoStep, counts, hasTwoStep] = await Promise.all([
    findEnterpriseRequiresTwoStep(ctx.db, admin.enterpriseId),
    countMembersTwoStep(ctx.db, admin.enterpriseId),
    administratorHasTwoStep(ctx, admin),
  ]);
  return {
    requireTwoStep,
    members: counts.members,
    membersWithoutTwoStep: counts.withoutTwoStep,
    administratorHasTwoStep: hasTwoStep,
  };
}

/** 1009168 when the requirement is turned on by an administrator without two-step sign-in: it would
 *  send them to set-up too, locked out of the settings centre until then. */
export async function saveCompanySecurity(ctx: AppContext, admin: PersonAdministrator, body: SecuritySettings) {
  if (body.requireTwoStep && !(await administratorHasTwoStep(ctx, admin))) {
    throw new AppError(ErrorCode.TwoStepAdministratorMissing);
  }
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    // saving the rule it already has changes nothing that receivers need to hear of
    if (await setEnterpriseRequiresTwoStep(trx, admin.enterpriseId, body.requireTwoStep))
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'company.security_changed',
        data: { requireTwoStep: body.requireTwoStep },
      });
    await recordAudit(
      ctx,
      {
        action: 'security.change',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { requireTwoStep: body.requireTwoStep },
      },
      trx,
    );
  });
}
