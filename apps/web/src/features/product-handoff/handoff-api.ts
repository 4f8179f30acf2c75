import type { CurrentUser } from '@portal/shared/api/auth';
import { FRONT_API, apiClient } from '../../lib/api-client';

/** `GET F/user/current`: who the shared token cookie belongs to. */
export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>(`${FRONT_API}/user/current`);
}
