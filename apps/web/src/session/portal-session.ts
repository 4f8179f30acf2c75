import type { PortalInfo } from '@portal/shared/api/portal';
import { productUrl } from '@portal/shared/products';
import { ApiError } from '../lib/api-error';
import { removeEnterpriseId, removeToken, writeEnterpriseId } from '../lib/cookies';
import { clearUserData, writeUserInfo } from '../lib/storage';
import { useBranding } from '../stores/branding-store';
import { useSession } from '../stores/session-store';
import { loadBranding } from './branding';
import { fetchPortalInfo, logout } from './session-api';
import { openableProducts } from './settings-access';

/** Fetches portal info and keeps it where this app and the other products look for it. */
export async function loadPortalInfo(): Promise<PortalInfo> {
  const info = await fetchPortalInfo();
  useSession.getState().setPortalInfo(info);
  writeUserInfo(info.userinfo);
  if (info.enterpriseId === null) removeEnterpriseId();
  else writeEnterpriseId(info.enterpriseId);
  return info;
}

/** Portal info and the current company's branding, after sign-in or a change of company. */
export async function refreshPortal(): Promise<PortalInfo> {
  const [info] = await Promise.all([loadPortalInfo(), loadBranding()]);
  return info;
}

/** After sign-in a company with exactly one product opens it directly (spec section 4). */
export function landingUrl(info: PortalInfo): string | null {
  const current = info.enterpriseProduct.find((e) => e.enterpriseId === info.enterpriseId);
  const products = current ? openableProducts(current) : [];
  const only = products.length === 1 ? products[0] : undefined;
  return only ? productUrl(only.entryPath, only.id) : null;
}

/** Forgets the session on this device; the server side is the caller's business. */
function endLocalSession(): void {
  removeToken();
  removeEnterpriseId();
  clearUserData();
  useSession.getState().clear();
  useBranding.getState().clear();
}

/** Ends the session on the server, then on this device whether or not the server could be told. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    endLocalSession();
  }
}
