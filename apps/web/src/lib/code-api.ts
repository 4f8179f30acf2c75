import type { CodeScene, TicketResponse } from '@portal/shared/api/codes';
import { FRONT_API, apiClient } from './api-client';

export function sendSmsCode(phone: string, scene: CodeScene): Promise<{ cooldownSeconds: number }> {
  return apiClient.post(`${FRONT_API}/sendSms`, { phone, scene });
}

export function sendEmailCode(email: string, scene: CodeScene): Promise<{ cooldownSeconds: number }> {
  return apiClient.post(`${FRONT_API}/send-email`, { email, scene });
}

export function checkPhoneCode(phone: string, code: string, scene: CodeScene): Promise<TicketResponse> {
  return apiClient.post(`${FRONT_API}/checkCode`, { phone, code, scene });
}

export function checkEmailCode(email: string, code: string, scene: CodeScene): Promise<TicketResponse> {
  return apiClient.post(`${FRONT_API}/email/checkCode`, { email, code, scene });
}
