import { PORTAL_SITES_PER_PRODUCT, type PortalSite, type PortalSites } from '@portal/shared/api/sites';
import type { AppContext } from '../../context.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { currentEnterpriseOf } from '../company/memberships.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { sitesOf } from '../sites/decisions.ts';
import { iso } from '../sites/sites.ts';

/**
 * The home's launcher cards: for each product of the session's current company, the sites the person
 * may act on in it through that company, as the decision point would answer now (the same
 * `sitesOf` as the `sites` claim of the product's tokens), so a card never outlives a grant. Asked
 * apart from portal/info, whose one statement every page waits for; a person without sites pays one
 * statement per product here, on the home only.
 */
export async function portalSites(ctx: AppContext, { session }: SignedInCaller): Promise<PortalSites> {
  // a support session works in the company it entered: its sites under the "support" template
  const enterpriseId = session.support
    ? session.support.enterpriseId
    : await currentEnterpriseOf(ctx, session.user.id, session.enterpriseId);
  if (enterpriseId === null) return { sites: [], truncated: false };
  const products = await listEnterpriseProducts(ctx.db, [enterpriseId]);
  const at = ctx.now();
  let truncated = false;
  const perProduct = await Promise.all(
    products.map(async (product): Promise<PortalSite[]> => {
      const sites = await sitesOf(ctx.db, {
        userId: session.user.id,
        enterpriseId,
        product: product.code,
        at,
        limit: PORTAL_SITES_PER_PRODUCT + 1,
      });
      if (sites.length > PORTAL_SITES_PER_PRODUCT) truncated = true;
      return sites.slice(0, PORTAL_SITES_PER_PRODUCT).map((site) => ({
        productId: product.id,
        productCode: product.code,
        entryPath: product.entryPath,
        siteId: site.publicId,
        siteName: site.name,
        template: site.template,
        until: iso(site.endsAt),
      }));
    }),
  );
  return { sites: perProduct.flat(), truncated };
}
