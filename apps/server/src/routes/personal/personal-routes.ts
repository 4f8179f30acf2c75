import type { FastifyInstance } from 'fastify';
import { personalCalls as calls } from '@portal/shared/api/contract/personal';
import { certificationOf, certifyPhone } from '../../libraries/certification.ts';
import { reauthenticationPasskeyOptions } from '../../libraries/passkey-reauthentication.ts';
import { changePassword } from '../../libraries/password-change.ts';
import { resetPassword } from '../../libraries/password-reset.ts';
import {
  allowModifyPassword,
  saveLanguage,
  updateEmail,
  updateNickname,
  updatePhone,
} from '../../libraries/personal.ts';
import { reauthenticate } from '../../libraries/reauthentication.ts';
import { serve } from '../../plugins/calls.ts';

/** Personal centre (A), language, phone certification, password rights and password recovery (F). */
export async function personalRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.updateNickname, ({ caller, body }) => updateNickname(ctx, caller, body));

  serve(app, calls.updatePhone, ({ caller, body }) => updatePhone(ctx, caller, body));

  serve(app, calls.updateEmail, ({ caller, body }) => updateEmail(ctx, caller, body));

  serve(app, calls.updatePassword, ({ caller, body }) => changePassword(ctx, caller, body));

  serve(app, calls.reauthenticate, async ({ caller, body }) => {
    await reauthenticate(ctx, caller, body);
  });

  serve(app, calls.reauthenticatePasskeyOptions, ({ caller }) => reauthenticationPasskeyOptions(ctx, caller));

  serve(app, calls.saveLanguage, ({ caller, body }) => saveLanguage(ctx, caller, body));

  serve(app, calls.certification, ({ caller }) => certificationOf(ctx, caller));

  serve(app, calls.phoneAuth, ({ caller, body }) => certifyPhone(ctx, caller, body));

  serve(app, calls.allowModifyPassword, ({ caller }) => allowModifyPassword(caller));

  serve(app, calls.forgetPassword, ({ caller, body }) => resetPassword(ctx, body, caller));
}
