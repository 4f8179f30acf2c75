import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../context.ts';
import type { EnterpriseKind } from '../../db/schema.ts';
import { insertDepartment, insertEnterprise, insertPersonalization } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { holdNewCompany } from '../platform/company-transaction.ts';

export interface NewEnterprise {
  kind: EnterpriseKind;
  abbreviation: string;
  fullName: string;
  creditCode: string;
  domain: string;
  parentEnterpriseId?: number | null;
}

/** An enterprise with its default department and branding; run inside the caller's transaction (a
 *  `companyTransaction`, which then holds the new company). */
export async function createEnterprise(
  ctx: Pick<AppContext, 'now'>,
  db: Executor,
  input: NewEnterprise,
): Promise<{ enterpriseId: number; defaultDepartmentId: number }> {
  const now = ctx.now();
  const enterpriseId = await insertEnterprise(db, {
    kind: input.kind,
    abbreviation: input.abbreviation,
    full_name: input.fullName,
    credit_code: input.creditCode,
    domain: input.domain,
    parent_enterprise_id: input.parentEnterpriseId ?? null,
    created_at: now,
  });
  holdNewCompany(db, enterpriseId);
  const defaultDepartmentId = await insertDepartment(db, {
    enterprise_id: enterpriseId,
    name: input.abbreviation,
    parent_id: null,
    is_default: 1,
    created_at: now,
  });
  await insertPersonalization(db, {
    enterprise_id: enterpriseId,
    platform_name: input.abbreviation,
    platform_name_cn: translate('zh-CN', 'common.platformTitle'),
    platform_name_en: translate('en-US', 'common.platformTitle'),
    language_type: 'zh-CN',
    icon: null,
    icon_type: null,
    icon_version: 0,
    updated_at: now,
  });
  return { enterpriseId, defaultDepartmentId };
}
