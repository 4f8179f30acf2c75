import { create } from 'zustand';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalEnterprise, PortalInfo } from '@portal/shared/api/portal';
import { readUserInfo } from '../lib/storage';

interface SessionState {
  userInfo: CurrentUser | null;
  /** null until portal info has been fetched in this page view. */
  enterprises: PortalEnterprise[] | null;
  currentEnterpriseId: number | null;
  setUserInfo(userInfo: CurrentUser): void;
  setPortalInfo(info: PortalInfo): void;
  clear(): void;
}

export const useSession = create<SessionState>()((set) => ({
  // The stored copy lets the header greet the user before portal info arrives.
  userInfo: readUserInfo(),
  enterprises: null,
  currentEnterpriseId: null,
  setUserInfo: (userInfo) => set({ userInfo }),
  setPortalInfo: (info) =>
    set({ userInfo: info.userinfo, enterprises: info.enterpriseProduct, currentEnterpriseId: info.enterpriseId }),
  clear: () => set({ userInfo: null, enterprises: null, currentEnterpriseId: null }),
}));

export function selectCurrentEnterprise(state: SessionState): PortalEnterprise | undefined {
  return state.enterprises?.find((e) => e.enterpriseId === state.currentEnterpriseId);
}
