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
    await updateNickname(ctx, caller.session, body);
    return null;
  });

  serve(app, calls.updatePhone, async ({ caller, body }) => {
    await updatePhone(ctx, caller.session, body, caller.ip, caller.userAgent);
    return null;
  });

  serve(app, calls.updateEmail, async ({ caller, body }) => {
    await updateEmail(ctx, caller.session, body, caller.ip, caller.userAgent);
    return null;
  });

  serve(app, calls.updatePassword, ({ caller, body }) =>
    changePassword(ctx, caller.session, body, caller.ip, caller.userAgent),
  );

  serve(app, calls.reauthenticate, async ({ caller, body }) => {
    await reauthenticate(ctx, caller.session, body, caller.ip);
    return null;
  });

  serve(app, calls.saveLanguage, async ({ caller, body }) => {
    await saveLanguage(ctx, caller.session, body);
    return null;
  });

  serve(app, calls.certification, ({ caller }) => certificationOf(ctx, caller.session));

  serve(app, calls.phoneAuth, async ({ caller, body }) => {
    await certifyPhone(ctx, caller.session, body, caller.ip, caller.userAgent);
    return null;
  });

  serve(app, calls.allowModifyPassword, ({ caller }) => allowModifyPassword(caller.session));

  serve(app, calls.forgetPassword, async ({ caller, body }) => {
    await resetPassword(ctx, body, caller.ip, caller.userAgent);
    return null;
  });
}
