import type { FastifyInstance } from 'fastify';
import type { personalCalls as calls } from '@portal/shared/api/contract/personal';
import { certificationOf, certifyPhone } from '../../libraries/personal/certification.ts';
import { reauthenticationPasskeyOptions } from '../../libraries/personal/passkey-reauthentication.ts';
import { changePassword } from '../../libraries/personal/password-change.ts';
import { resetPassword } from '../../libraries/personal/password-reset.ts';
import {
  allowModifyPassword,
  saveLanguage,
  updateEmail,
  updateNickname,
  updatePhone,
} from '../../libraries/personal/personal.ts';
import { reauthenticate } from '../../libraries/personal/reauthentication.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Personal centre (A), language, phone certification, password rights and password recovery (F). */
export function personalHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    updateNickname: ({ caller, body }) => updateNickname(ctx, caller, body),
    updatePhone: ({ caller, body }) => updatePhone(ctx, caller, body),
    updateEmail: ({ caller, body }) => updateEmail(ctx, caller, body),
    updatePassword: ({ caller, body }) => changePassword(ctx, caller, body),
    reauthenticate: async ({ caller, body }) => {
      await reauthenticate(ctx, caller, body);
    },
    reauthenticatePasskeyOptions: ({ caller }) => reauthenticationPasskeyOptions(ctx, caller),
    saveLanguage: ({ caller, body }) => saveLanguage(ctx, caller, body),
    certification: ({ caller }) => certificationOf(ctx, caller),
    phoneAuth: ({ caller, body }) => certifyPhone(ctx, caller, body),
    allowModifyPassword: ({ caller }) => allowModifyPassword(caller),
    forgetPassword: ({ caller, body }) => resetPassword(ctx, body, caller),
  } satisfies Partial<Handlers<typeof calls>>;
}
