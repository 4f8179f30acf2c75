import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalEnterprise, PortalInfo } from '@portal/shared/api/portal';
import { readToken, removeEnterpriseId, writeEnterpriseId } from '../lib/cookies';
import { readUserInfo, writeUserInfo } from '../lib/storage';
import { fetchCurrentUser, fetchPortalInfo } from './session-api';

/** The signed-in person's server state; every key starts with `session`, so it is cleared as one. */
export const sessionKeys = {
  all: ['session'] as const,
  portalInfo: ['session', 'portal-info'] as const,
  /** `user/current`: the one copy of it, whoever asks (the way in, the personal centre). */
  currentUser: ['session', 'current-user'] as const,
};

/** The signed-in user as the server knows them. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.currentUser,
    queryFn: ({ signal }): Promise<CurrentUser> => fetchCurrentUser(signal),
  });
}

/** Portal info, also kept where the other products of the origin look for it. */
export function portalInfoQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.portalInfo,
    queryFn: async (): Promise<PortalInfo> => {
      const info = await fetchPortalInfo();
      writeUserInfo(info.userinfo);
      if (info.enterpriseId === null) removeEnterpriseId();
      else writeEnterpriseId(info.enterpriseId);
      return info;
    },
  });
}

/** Portal info of the session; without a token nothing is asked (it would only earn a 401). */
export function usePortalInfo() {
  return useQuery({ ...portalInfoQueryOptions(), enabled: Boolean(readToken()) });
}

/** The companies of the session, or null until portal info has arrived in this page view. */
export function usePortalEnterprises(): PortalEnterprise[] | null {
  return usePortalInfo().data?.enterpriseProduct ?? null;
}

export function currentEnterpriseOf(info: PortalInfo | undefined): PortalEnterprise | undefined {
  return info?.enterpriseProduct.find((e) => e.enterpriseId === info.enterpriseId);
}

export function useCurrentEnterprise(): PortalEnterprise | undefined {
  return currentEnterpriseOf(usePortalInfo().data);
}

/** The signed-in person; the stored copy greets them before portal info arrives after a reload. */
export function useSessionUser(): CurrentUser | null {
  const { data } = usePortalInfo();
  return data?.userinfo ?? (readToken() ? readUserInfo() : null);
}
