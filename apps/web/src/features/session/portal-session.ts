import type { PortalInfo } from '@portal/shared/api/portal';
import { productUrl } from '@portal/shared/products';
import { removeEnterpriseId, removeToken, writeEnterpriseId } from '../../lib/cookies';
import { clearUserData, writeUserInfo } from '../../lib/storage';
import { useSession } from '../../stores/session-store';
import { fetchPortalInfo } from './session-api';

/** Fetches portal info and keeps it where this app and the other products look for it. */
export async function loadPortalInfo(): Promise<PortalInfo> {
  const info = await fetchPortalInfo();
  useSession.getState().setPortalInfo(info);
  writeUserInfo(info.userinfo);
  if (info.enterpriseId === null) removeEnterpriseId();
  else writeEnterpriseId(info.enterpriseId);
  return info;
}

/** After sign-in a company with exactly one product opens it directly (spec section 4). */
export function landingUrl(info: PortalInfo): string | null {
  const current = info.enterpriseProduct.find((e) => e.enterpriseId === info.enterpriseId);
  const only = current?.productList.length === 1 ? current.productList[0] : undefined;
  return only ? productUrl(only.entryPath, only.id) : null;
}

/** Forgets the session on this device; the server side is the caller's business. */
export function endLocalSession(): void {
  removeToken();
  removeEnterpriseId();
  clearUserData();
  useSession.getState().clear();
}
