import type { CurrentUser, LoginRequest, LoginResponse } from '@portal/shared/api/auth';
import type { Personalization, PersonalizationQuery } from '@portal/shared/api/personalization';
import type { PortalInfo } from '@portal/shared/api/portal';
import { FRONT_API, SETTINGS_API, apiClient } from '../../lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>(`${FRONT_API}/user/login`, body);
}

export function logout(): Promise<null> {
  return apiClient.post<null>(`${FRONT_API}/user/logout`);
}

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>(`${FRONT_API}/user/current`);
}

export function fetchPortalInfo(): Promise<PortalInfo> {
  return apiClient.get<PortalInfo>(`${FRONT_API}/portal/info`);
}

export function enterEnterprise(enterpriseId: number): Promise<{ enterpriseId: number }> {
  return apiClient.post<{ enterpriseId: number }>(`${FRONT_API}/portal/enterprise/enter`, undefined, {
    params: { enterpriseId },
  });
}

/** With a session: its current company's branding; `domain` names the company of a sub-host. */
export function fetchPersonalization(query: PersonalizationQuery): Promise<Personalization> {
  return apiClient.get<Personalization>(`${SETTINGS_API}/enterprise/personalization/query`, { params: query });
}
