import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import type { ProductCode } from '@portal/shared/products';
import { currentUserQueryOptions } from '../../session/session-queries';
import { portalInfoQuery } from './handoff-api';

export type HandoffSession =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'unknown' }
  | { status: 'ready'; user: CurrentUser; enterprise: PortalEnterprise | null; entitled: boolean };

/**
 * Whether the id in the address is this product's, as far as the person's companies tell: an id
 * that is no positive whole number, that one of them lists for another product, or that differs
 * from the one they list for this product names no product here. A product none of them has
 * cannot be checked, and shows as not entitled.
 */
function namesProduct(productId: string | null, code: ProductCode, companies: PortalEnterprise[]): boolean {
  const id = Number(productId);
  if (!productId || !Number.isInteger(id) || id <= 0) return false;
  const products = companies.flatMap((e) => e.productList);
  const listed = products.find((p) => p.id === id);
  if (listed) return listed.productCode === code;
  return !products.some((p) => p.productCode === code);
}

/**
 * What a product learns from the portal's shared session, the way a separate product would: only
 * from the token cookie and the two front calls (`user/current` is the app's one copy of it, fresh
 * after the full page load that opens a product). A failure has been told by the api client (which
 * leaves for sign-in on an expired session).
 */
export function useHandoffSession(code: ProductCode, productId: string | null): HandoffSession {
  const user = useQuery(currentUserQueryOptions());
  const info = useQuery(portalInfoQuery());

  if (user.isError || info.isError) return { status: 'failed' };
  if (!user.data || !info.data) return { status: 'loading' };
  const { enterpriseProduct, enterpriseId } = info.data;
  if (!namesProduct(productId, code, enterpriseProduct)) return { status: 'unknown' };
  const enterprise = enterpriseProduct.find((e) => e.enterpriseId === enterpriseId) ?? null;
  const entitled = enterprise?.productList.some((p) => p.productCode === code) ?? false;
  return { status: 'ready', user: user.data, enterprise, entitled };
}
