import { apiPaths } from '@portal/shared/api/paths';
import type { CurrentUser } from '@portal/shared/api/auth';
import { apiClient } from '../../lib/api-client';

/** `GET F/user/current`: who the shared token cookie belongs to. */
export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>(apiPaths.currentUser);
}
