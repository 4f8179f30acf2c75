import { apiPaths } from '@portal/shared/api/paths';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { Personalization, PersonalizationQuery } from '@portal/shared/api/personalization';
import type { PortalInfo } from '@portal/shared/api/portal';
import { type CallOptions, apiClient } from '../lib/api-client';

export function logout(options?: CallOptions): Promise<null> {
  return apiClient.post<null>(apiPaths.logout, undefined, options);
}

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>(apiPaths.currentUser);
}

export function fetchPortalInfo(): Promise<PortalInfo> {
  return apiClient.get<PortalInfo>(apiPaths.portalInfo);
}

export function enterEnterprise(enterpriseId: number): Promise<{ enterpriseId: number }> {
  return apiClient.post<{ enterpriseId: number }>(apiPaths.enterEnterprise, undefined, {
    query: { enterpriseId },
  });
}

/** With a session: its current company's branding; `domain` names the company of a sub-host. */
export function fetchPersonalization(query: PersonalizationQuery): Promise<Personalization> {
  return apiClient.get<Personalization>(apiPaths.personalization, { query: query });
}
