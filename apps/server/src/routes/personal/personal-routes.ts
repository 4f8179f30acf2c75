import { personalCalls as calls } from '@portal/shared/api/contract/personal';
import type { FastifyInstance } from 'fastify';
import { certificationOf, certifyPhone } from '../../libraries/certification.ts';
import { changePassword } from '../../libraries/password-change.ts';
import { resetPassword } from '../../libraries/password-reset.ts';
import { reauthenticate } from '../../libraries/reauthentication.ts';
import {
  allowModifyPassword,
  saveLanguage,
  updateEmail,
  updateNickname,
  updatePhone,
} from '../../libraries/personal.ts';
import { serve } from '../../plugins/calls.ts';

/** Personal centre (A), language, phone certification, password rights and password recovery (F). */
export async function personalRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.updateNickname, async ({ caller, body }) => {
    await updateNickname(ctx, caller, body);
    return null;
  });

  serve(app, calls.updatePhone, async ({ caller, body }) => {
    await updatePhone(ctx, caller, body);
    return null;
  });

  serve(app, calls.updateEmail, async ({ caller, body }) => {
    await updateEmail(ctx, caller, body);
    return null;
  });

  serve(app, calls.updatePassword, ({ caller, body }) => changePassword(ctx, caller, body));

  serve(app, calls.reauthenticate, async ({ caller, body }) => {
    await reauthenticate(ctx, caller, body);
    return null;
  });

  serve(app, calls.saveLanguage, async ({ caller, body }) => {
    await saveLanguage(ctx, caller, body);
    return null;
  });

  serve(app, calls.certification, ({ caller }) => certificationOf(ctx, caller));

  serve(app, calls.phoneAuth, async ({ caller, body }) => {
    await certifyPhone(ctx, caller, body);
    return null;
  });

  serve(app, calls.allowModifyPassword, ({ caller }) => allowModifyPassword(caller));

  serve(app, calls.forgetPassword, async ({ caller, body }) => {
    await resetPassword(ctx, body, caller);
    return null;
  });
}
