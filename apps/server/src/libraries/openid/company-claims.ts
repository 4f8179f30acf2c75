import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import { findEnterpriseById } from '../../queries/enterprises.ts';
import { findMembership } from '../../queries/memberships.ts';

export type CompanyClaims = {
  company_id?: string;
  company_name?: string;
  company_role?: string;
  product?: ProductCode;
};

/** The company a grant was made in, the person's role in it now and the client's product: in every
 *  ID token, access token and userinfo answer of the grant (docs/openid-provider.md#claims). */
export async function companyClaims(
  ctx: AppContext,
  link: { user_id: number; enterprise_id: number | null },
  product: ProductCode | undefined,
): Promise<CompanyClaims> {
  const claims: CompanyClaims = product ? { product } : {};
  if (link.enterprise_id === null) return claims;
  const [enterprise, membership] = await Promise.all([
    findEnterpriseById(ctx.db, link.enterprise_id),
    findMembership(ctx.db, link.enterprise_id, link.user_id),
  ]);
  if (!enterprise || !membership) return claims;
  return {
    ...claims,
    company_id: String(enterprise.id),
    company_name: enterprise.full_name,
    company_role: membership.role,
  };
}
