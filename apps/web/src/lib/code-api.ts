import type { CodeScene } from '@portal/shared/api/codes';
import { codeCalls } from './api-calls';
import { type OptionsOf, call } from './api-client';

export function sendSmsCode(phone: string, scene: CodeScene, options?: OptionsOf<typeof codeCalls.sendSms>) {
  return call(codeCalls.sendSms, { phone, scene }, options);
}

export function sendEmailCode(email: string, scene: CodeScene, options?: OptionsOf<typeof codeCalls.sendEmail>) {
  return call(codeCalls.sendEmail, { email, scene }, options);
}

/** A code sent to a phone, exchanged for the ticket of that phone that the scene's call spends. */
export function checkPhoneCode(
  phone: string,
  code: string,
  scene: CodeScene,
  options?: OptionsOf<typeof codeCalls.checkPhoneCode>,
) {
  return call(codeCalls.checkPhoneCode, { phone, code, scene }, options);
}
