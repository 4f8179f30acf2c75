import type { PortalInfo, PortalUserAdmin } from '@portal/shared/api/portal';
import type { Language } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import { findMembership, listUserEnterprises } from '../queries/memberships.ts';
import { listEnterpriseProducts } from '../queries/products.ts';
import { setSessionEnterprise } from '../queries/sessions.ts';
import { updateUser } from '../queries/users.ts';
import { currentEnterpriseOf } from './memberships.ts';
import type { Auth } from './sessions.ts';
import { toCurrentUser } from './users.ts';

/** The user's companies with the products each has rights to, and the session's current company. */
export async function portalInfo(ctx: AppContext, auth: Auth, lang: Language): Promise<PortalInfo> {
  const enterprises = await listUserEnterprises(ctx.db, auth.user.id);
  const products = await listEnterpriseProducts(
    ctx.db,
    enterprises.map((e) => e.enterpriseId),
  );
  // the same rule as currentEnterpriseOf, read off the list already loaded
  const current = enterprises.some((e) => e.enterpriseId === auth.enterpriseId)
    ? auth.enterpriseId
    : (enterprises[0]?.enterpriseId ?? null);
  if (current !== auth.enterpriseId) await setSessionEnterprise(ctx.db, auth.sessionId, current);
  return {
    enterpriseId: current,
    enterpriseProduct: enterprises.map((e) => ({
      enterpriseId: e.enterpriseId,
      enterpriseName: e.fullName,
      abbreviation: e.abbreviation,
      domain: e.domain,
      role: e.role,
      productList: products
        .filter((p) => p.enterpriseId === e.enterpriseId)
        .map((p) => ({
          id: p.id,
          productCode: p.code,
          name: translate(lang, `products.${p.code}.name`),
          entryPath: p.entryPath,
        })),
    })),
    userinfo: toCurrentUser(auth.user),
  };
}

/** Switches the session's current company; only to a company the user belongs to. */
export async function enterEnterprise(
  ctx: AppContext,
  auth: Auth,
  enterpriseId: number,
): Promise<{ enterpriseId: number }> {
  if (!(await findMembership(ctx.db, enterpriseId, auth.user.id))) throw new AppError(ErrorCode.Forbidden);
  await setSessionEnterprise(ctx.db, auth.sessionId, enterpriseId);
  await updateUser(ctx.db, auth.user.id, { last_enterprise_id: enterpriseId });
  return { enterpriseId };
}

export async function userAdmin(ctx: AppContext, auth: Auth): Promise<PortalUserAdmin> {
  const current = await currentEnterpriseOf(ctx, auth.user.id, auth.enterpriseId);
  const membership = current === null ? undefined : await findMembership(ctx.db, current, auth.user.id);
  const role = membership?.role === 'admin' ? 'admin' : membership ? 'member' : null;
  return { isAdmin: role === 'admin', role };
}
