import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import { currentEnterpriseOf } from '../company/memberships.ts';
import { authenticate } from '../platform/sessions.ts';

/** Where a browser opening a product's entry path belongs: the product, or a page of the web app. */
export type ProductEntry = 'product' | 'sign-in' | 'no-right';

/**
 * Whether the session of the `token` cookie may open the product: a live session whose current
 * company has the right to it. An account that must first be settled (a phone to verify after the
 * cut-off, a two-step sign-in to set up) opens no product, as it opens no call of the companies.
 */
export async function productEntryOf(
  ctx: AppContext,
  token: string | undefined,
  code: ProductCode,
): Promise<ProductEntry> {
  const auth = token ? await authenticate(ctx, token) : null;
  if (!auth) return 'sign-in';
  const { user } = auth;
  const uncertified = ctx.now() > ctx.config.phoneCertifyCutoffMs && !user.phone_certified;
  if (uncertified || (auth.twoStepRequired && user.totp_enabled_at === null)) return 'no-right';
  const enterpriseId = await currentEnterpriseOf(ctx, user.id, auth.enterpriseId);
  if (enterpriseId === null) return 'no-right';
  const products = await listEnterpriseProducts(ctx.db, [enterpriseId]);
  return products.some((product) => product.code === code) ? 'product' : 'no-right';
}
