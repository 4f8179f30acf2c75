import type {
  AllowModifyPassword,
  UpdateEmailRequest,
  UpdateNicknameRequest,
  UpdatePasswordRequest,
  UpdatePhoneRequest,
} from '@portal/shared/api/personal';
import { FRONT_API, apiClient } from '../../lib/api-client';

/** The personal centre's changes live under the admin base of the contract (`A`). */
const ADMIN_API = '/api/portal/admin/v4';

export function fetchAllowModifyPassword(): Promise<AllowModifyPassword> {
  return apiClient.get<AllowModifyPassword>(`${FRONT_API}/user/allowModifyPassword`);
}

export function updateNickname(body: UpdateNicknameRequest): Promise<null> {
  return apiClient.post<null>(`${ADMIN_API}/user/updatenickname`, body);
}

export function updatePhone(body: UpdatePhoneRequest): Promise<null> {
  return apiClient.post<null>(`${ADMIN_API}/user/updatephone`, body);
}

export function updateEmail(body: UpdateEmailRequest): Promise<null> {
  return apiClient.post<null>(`${ADMIN_API}/user/updateEmail`, body);
}

export function updatePassword(body: UpdatePasswordRequest): Promise<null> {
  return apiClient.post<null>(`${ADMIN_API}/user/updatepwd`, body);
}
