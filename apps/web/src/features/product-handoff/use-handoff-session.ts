import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import type { ProductCode } from '@portal/shared/products';
import { currentUserQuery, portalInfoQuery } from './handoff-api';

export type HandoffSession =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; user: CurrentUser; enterprise: PortalEnterprise | null; entitled: boolean };

/**
 * What a product learns from the portal's shared session, the way a separate product would: only
 * from the token cookie and the two front calls, not from the portal's in-memory state. A failure
 * has been told by the api client (which leaves for sign-in on an expired session).
 */
export function useHandoffSession(code: ProductCode): HandoffSession {
  const user = useQuery(currentUserQuery());
  const info = useQuery(portalInfoQuery());

  if (user.isError || info.isError) return { status: 'failed' };
  if (!user.data || !info.data) return { status: 'loading' };
  const { enterpriseProduct, enterpriseId } = info.data;
  const enterprise = enterpriseProduct.find((e) => e.enterpriseId === enterpriseId) ?? null;
  const entitled = enterprise?.productList.some((p) => p.productCode === code) ?? false;
  return { status: 'ready', user: user.data, enterprise, entitled };
}
