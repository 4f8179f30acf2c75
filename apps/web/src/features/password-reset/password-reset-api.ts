import { apiPaths } from '@portal/shared/api/paths';
import type { ForgetPasswordRequest } from '@portal/shared/api/personal';
import { type CallOptions, apiClient } from '../../lib/api-client';

/** Checks the `reset` code and sets the password in one call: the code is used up only here. */
export function resetPassword(body: ForgetPasswordRequest, options?: CallOptions): Promise<null> {
  return apiClient.post<null>(apiPaths.forgetPassword, body, options);
}
