import type { PortalEnterprise, PortalInfo, PortalUserAdmin } from '@portal/shared/api/portal';
import type { Language } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findMembership, listUserEnterprisesWithProducts } from '../../queries/memberships.ts';
import { setSessionEnterprise } from '../../queries/sessions.ts';
import { listSupportCompanyWithProducts } from '../../queries/support.ts';
import { updateUser } from '../../queries/users.ts';
import { currentEnterpriseOf } from '../company/memberships.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { toCurrentUser } from '../sign-in/users.ts';

/** Product names by language and code: the catalogue's few names, looked up for every product of
 *  every company on every portal/info. */
const PRODUCT_NAMES = new Map<string, string>();

function productName(language: Language, code: string): string {
  const key = `${language} ${code}`;
  let name = PRODUCT_NAMES.get(key);
  if (name === undefined) {
    name = translate(language, `products.${code}.name`);
    // bounded by the catalogue's codes, which the database holds: a code added later adds its names
    PRODUCT_NAMES.set(key, name);
  }
  return name;
}

/** The user's companies with the products each has rights to, and the session's current company.
 *  The companies come with the session when its route asks for them (`sessionRead: 'companies'`). */
export async function portalInfo(ctx: AppContext, { session, language }: SignedInCaller): Promise<PortalInfo> {
  // a support session works in the one company whose window it entered
  const rows = session.support
    ? await listSupportCompanyWithProducts(ctx.db, session.support.enterpriseId)
    : (session.companies ?? (await listUserEnterprisesWithProducts(ctx.db, session.user.id)));
  const enterprises = new Map<number, PortalEnterprise>();
  for (const row of rows) {
    let enterprise = enterprises.get(row.enterpriseId);
    if (!enterprise) {
      enterprise = {
        enterpriseId: row.enterpriseId,
        enterpriseName: row.fullName,
        abbreviation: row.abbreviation,
        domain: row.domain,
        role: row.role,
        productList: [],
      };
      enterprises.set(row.enterpriseId, enterprise);
    }
    if (row.productId !== null && row.productCode !== null && row.entryPath !== null) {
      enterprise.productList.push({
        id: row.productId,
        productCode: row.productCode,
        name: productName(language, row.productCode),
        entryPath: row.entryPath,
      });
    }
  }
  const [first] = enterprises.keys();
  // the same rule as currentEnterpriseOf, read off the list already loaded
  const current =
    session.enterpriseId !== null && enterprises.has(session.enterpriseId) ? session.enterpriseId : (first ?? null);
  if (current !== session.enterpriseId) await setSessionEnterprise(ctx.db, session.sessionId, current);
  return {
    enterpriseId: current,
    enterpriseProduct: [...enterprises.values()],
    userinfo: toCurrentUser(session.user, session.twoStepRequired),
    production: ctx.config.production,
  };
}

/**
 * Switches the session's current company; only to a company the user belongs to. A switch into
 * another company is that company's record of the person signing in there (`enterprise.enter`): the
 * sign-in itself went on the record of the company the session landed in.
 */
export async function enterEnterprise(
  ctx: AppContext,
  { session, ip }: SignedInCaller,
  enterpriseId: number,
): Promise<{ enterpriseId: number }> {
  if (!(await findMembership(ctx.db, enterpriseId, session.user.id))) throw new AppError(ErrorCode.Forbidden);
  await setSessionEnterprise(ctx.db, session.sessionId, enterpriseId);
  await updateUser(ctx.db, session.user.id, { last_enterprise_id: enterpriseId });
  if (enterpriseId !== session.enterpriseId) {
    await recordAudit(ctx, { action: 'enterprise.enter', userId: session.user.id, enterpriseId, ip });
  }
  return { enterpriseId };
}

export async function userAdmin(ctx: AppContext, { session }: SignedInCaller): Promise<PortalUserAdmin> {
  // the support opens the settings centre as the administrators do; what it may not change is refused
  if (session.support) return { isAdmin: true, role: 'admin' };
  const current = await currentEnterpriseOf(ctx, session.user.id, session.enterpriseId);
  const membership = current === null ? undefined : await findMembership(ctx.db, current, session.user.id);
  const role = membership?.role === 'admin' ? 'admin' : membership ? 'member' : null;
  return { isAdmin: role === 'admin', role };
}
