import type { PortalInfo } from '@portal/shared/api/portal';
import { productUrl } from '@portal/shared/products';
import { removeEnterpriseId, removeToken } from '../lib/cookies';
import { queryClient } from '../lib/query-client';
import { clearUserData } from '../lib/storage';
import { enterEnterprise, logout } from './session-api';
import { currentEnterpriseOf, portalInfoQueryOptions, sessionKeys } from './session-queries';
import { openableProducts } from './settings-access';

/**
 * Portal info and the branding, asked again: after sign-in, a change of company, or a change that
 * shows in them (a name, the company's role or branding). Resolves with the fresh portal info.
 */
export async function refreshPortal(): Promise<PortalInfo> {
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  return queryClient.fetchQuery(portalInfoQueryOptions());
}

/**
 * Makes another company the session's current one. What was fetched for the previous company
 * (members, departments, invitations) is dropped rather than shown while the new answers load.
 */
export async function enterCompany(enterpriseId: number): Promise<PortalInfo> {
  await enterEnterprise(enterpriseId);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  return refreshPortal();
}

/** After sign-in a company with exactly one product opens it directly (docs/portal-and-products.md#after-sign-in). */
export function landingUrl(info: PortalInfo): string | null {
  const current = currentEnterpriseOf(info);
  const products = current ? openableProducts(current) : [];
  const only = products.length === 1 ? products[0] : undefined;
  return only ? productUrl(only.entryPath, only.id) : null;
}

/** Forgets the session on this device: its cookies, the user's stored copies and every answer. */
function endLocalSession(): void {
  removeToken();
  removeEnterpriseId();
  clearUserData();
  queryClient.clear();
}

/** Ends the session on the server, then on this device whether or not the server could be told. */
export async function signOut(): Promise<void> {
  // A failed logout changes nothing for the person, who is signed out here either way.
  await logout({ silent: true }).catch(() => {});
  endLocalSession();
}
