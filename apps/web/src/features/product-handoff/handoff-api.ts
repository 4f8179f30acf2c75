import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@portal/shared/api/paths';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalInfo } from '@portal/shared/api/portal';
import { apiClient } from '../../lib/api-client';

/** The two front calls a product makes with the portal's shared token cookie. */
export const handoffKeys = {
  all: ['handoff'] as const,
  /** `GET F/user/current`: who the token belongs to. */
  currentUser: () => [...handoffKeys.all, 'current-user'] as const,
  /** `GET F/portal/info`: their companies and the products of each. */
  portalInfo: () => [...handoffKeys.all, 'portal-info'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: handoffKeys.currentUser(),
    queryFn: ({ signal }) => apiClient.get<CurrentUser>(apiPaths.currentUser, { signal }),
  });

export const portalInfoQuery = () =>
  queryOptions({
    queryKey: handoffKeys.portalInfo(),
    queryFn: ({ signal }) => apiClient.get<PortalInfo>(apiPaths.portalInfo, { signal }),
  });
