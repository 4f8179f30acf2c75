import { apiPaths } from '@portal/shared/api/paths';
import type { PhoneAuthRequest } from '@portal/shared/api/personal';
import { type CallOptions, apiClient } from '../../lib/api-client';

/** Verifies the phone by its `certify` code and binds it to the account. */
export function phoneAuth(body: PhoneAuthRequest, options?: CallOptions): Promise<null> {
  return apiClient.post<null>(apiPaths.phoneAuth, body, options);
}
