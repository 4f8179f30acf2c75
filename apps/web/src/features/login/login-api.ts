import type { LoginRequest, LoginResponse } from '@portal/shared/api/auth';
import { apiPaths } from '@portal/shared/api/paths';
import { type CallOptions, apiClient } from '../../lib/api-client';

/** Both methods; `options` lets the form show a refusal at its field instead of the toast. */
export function requestSignIn(body: LoginRequest, options?: CallOptions): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>(apiPaths.login, body, options);
}
