import { apiPaths } from '@portal/shared/api/paths';
import type {
  AllowModifyPassword,
  UpdateEmailRequest,
  UpdateNicknameRequest,
  UpdatePasswordRequest,
  UpdatePhoneRequest,
} from '@portal/shared/api/personal';
import { apiClient } from '../../lib/api-client';

export function fetchAllowModifyPassword(): Promise<AllowModifyPassword> {
  return apiClient.get<AllowModifyPassword>(apiPaths.allowModifyPassword);
}

export function updateNickname(body: UpdateNicknameRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.updateNickname, body);
}

export function updatePhone(body: UpdatePhoneRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.updatePhone, body);
}

export function updateEmail(body: UpdateEmailRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.updateEmail, body);
}

export function updatePassword(body: UpdatePasswordRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.updatePassword, body);
}
