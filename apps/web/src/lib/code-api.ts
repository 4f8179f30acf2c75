import { apiPaths } from '@portal/shared/api/paths';
import type { CodeScene } from '@portal/shared/api/codes';
import { type CallOptions, apiClient } from './api-client';

export function sendSmsCode(
  phone: string,
  scene: CodeScene,
  options?: CallOptions,
): Promise<{ cooldownSeconds: number }> {
  return apiClient.post(apiPaths.sendSms, { phone, scene }, options);
}

export function sendEmailCode(
  email: string,
  scene: CodeScene,
  options?: CallOptions,
): Promise<{ cooldownSeconds: number }> {
  return apiClient.post(apiPaths.sendEmail, { email, scene }, options);
}
