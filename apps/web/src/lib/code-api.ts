import type { CodeScene } from '@portal/shared/api/codes';
import { codeCalls } from './api-calls';
import { type OptionsOf, call } from './api-client';

export function sendSmsCode(phone: string, scene: CodeScene, options?: OptionsOf<typeof codeCalls.sendSms>) {
  return call(codeCalls.sendSms, { phone, scene }, options);
}

export function sendEmailCode(email: string, scene: CodeScene, options?: OptionsOf<typeof codeCalls.sendEmail>) {
  return call(codeCalls.sendEmail, { email, scene }, options);
}
