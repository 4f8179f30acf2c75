import type { SiteRoleTemplate } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import { findGrantCompany } from '../../queries/openid.ts';
import { findSupportOfSession } from '../../queries/support.ts';
import { sitesOf } from '../sites/decisions.ts';

/** The most sites a token names; past them it says `sites_truncated` and the product asks the
 *  decision point (docs/site-grants.md#tokens). */
export const TOKEN_SITES_MAX = 50;

export interface SiteClaim {
  id: string;
  name: string;
  template: SiteRoleTemplate;
  /** When the person's access ends, in seconds since the epoch (as `exp`); null: open. */
  until: number | null;
}

export type CompanyClaims = {
  company_id?: string;
  company_name?: string;
  company_role?: string;
  product?: ProductCode;
  sites?: SiteClaim[];
  sites_truncated?: true;
  /** The person acting (RFC 8693 4.1): the platform's support, in a company that let it in; the
   *  product shows who acts and until when (docs/product-teams.md#act). */
  act?: { sub: string };
  /** When the support's window ends, in seconds since the epoch. */
  act_until?: number;
};

/** The support window of the portal session a grant was made in, when it is the grant's company's
 *  and still open. */
async function supportWindowOf(
  ctx: AppContext,
  link: { enterprise_id: number | null; portal_session_id?: number | null },
): Promise<{ endsAt: number } | undefined> {
  if (link.portal_session_id == null) return undefined;
  const support = await findSupportOfSession(ctx.db, link.portal_session_id);
  const open =
    support &&
    support.enterpriseId === link.enterprise_id &&
    support.endedAt === null &&
    support.revokedAt === null &&
    support.endsAt > ctx.now();
  return open ? { endsAt: support.endsAt } : undefined;
}

/** The person's sites for the product through the company, as they are now: a token issued or
 *  refreshed after a revoke or an expiry names none of the ended ones. */
async function siteClaims(
  ctx: AppContext,
  userId: number,
  enterpriseId: number,
  product: ProductCode,
): Promise<Pick<CompanyClaims, 'sites' | 'sites_truncated'>> {
  const sites = await sitesOf(ctx.db, { userId, enterpriseId, product, at: ctx.now(), limit: TOKEN_SITES_MAX + 1 });
  const claims = sites.slice(0, TOKEN_SITES_MAX).map((site) => ({
    id: site.publicId,
    name: site.name,
    template: site.template,
    // rounded down: a product reading the second never holds the site past its end
    until: site.endsAt === null ? null : Math.floor(site.endsAt / 1000),
  }));
  return sites.length > TOKEN_SITES_MAX ? { sites: claims, sites_truncated: true } : { sites: claims };
}

/** The company a grant was made in, the person's role in it now, the client's product and the
 *  person's sites for it: in every ID token, access token and userinfo answer of the grant
 *  (docs/openid-provider.md#claims). The grant's link, its company and the person's membership in
 *  it are read in one statement; undefined for a grant without a link. */
export async function companyClaims(
  ctx: AppContext,
  grantId: string,
  product: ProductCode | undefined,
): Promise<CompanyClaims | undefined> {
  const link = await findGrantCompany(ctx.db, grantId);
  if (!link) return undefined;
  const claims: CompanyClaims = product ? { product } : {};
  if (link.enterprise_id === null || link.company_name === null) return claims;
  const company = { company_id: String(link.enterprise_id), company_name: link.company_name };
  if (link.member_role === null) {
    // the platform's support, in its own name: `sub` is the support person, `act` says they act as
    // the support in this company, `company_role` is `support`, and its sites are the company's (or
    // those the window names) under the "support" template until the window's end
    const window = await supportWindowOf(ctx, link);
    if (!window) return claims;
    return {
      ...claims,
      ...company,
      company_role: 'support',
      act: { sub: String(link.user_id) },
      act_until: Math.floor(window.endsAt / 1000),
      ...(product ? await siteClaims(ctx, link.user_id, link.enterprise_id, product) : {}),
    };
  }
  return {
    ...claims,
    ...company,
    company_role: link.member_role,
    ...(product ? await siteClaims(ctx, link.user_id, link.enterprise_id, product) : {}),
  };
}
