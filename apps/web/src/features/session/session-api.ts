import type { LoginRequest, LoginResponse } from '@portal/shared/api/auth';
import type { PortalInfo } from '@portal/shared/api/portal';
import { FRONT_API, apiClient } from '../../lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>(`${FRONT_API}/user/login`, body);
}

export function logout(): Promise<null> {
  return apiClient.post<null>(`${FRONT_API}/user/logout`);
}

export function fetchPortalInfo(): Promise<PortalInfo> {
  return apiClient.get<PortalInfo>(`${FRONT_API}/portal/info`);
}

export function enterEnterprise(enterpriseId: number): Promise<{ enterpriseId: number }> {
  return apiClient.post<{ enterpriseId: number }>(`${FRONT_API}/portal/enterprise/enter`, undefined, {
    params: { enterpriseId },
  });
}
