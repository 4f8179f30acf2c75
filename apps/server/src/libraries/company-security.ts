import type { SecuritySettings } from '@portal/shared/api/two-step';
import type { AppContext } from '../context.ts';
import { findEnterpriseRequiresTwoStep, setEnterpriseRequiresTwoStep } from '../queries/two-step.ts';
import { recordAudit } from './audit.ts';
import type { Administrator } from './settings-access.ts';

/** The sign-in rules of the administrator's company: its own, never another's. */
export async function companySecurity(ctx: AppContext, admin: Administrator): Promise<SecuritySettings> {
  return { requireTwoStep: await findEnterpriseRequiresTwoStep(ctx.db, admin.enterpriseId) };
}

export async function saveCompanySecurity(ctx: AppContext, admin: Administrator, body: SecuritySettings) {
  await ctx.db.transaction().execute(async (trx) => {
    await setEnterpriseRequiresTwoStep(trx, admin.enterpriseId, body.requireTwoStep);
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
