import type { PhoneAuthRequest } from '@portal/shared/api/personal';
import { FRONT_API, apiClient } from '../../lib/api-client';

/** Verifies the phone by its `certify` code and binds it to the account. */
export function phoneAuth(body: PhoneAuthRequest): Promise<null> {
  return apiClient.post<null>(`${FRONT_API}/user/phoneAuth`, body);
}
