import { codeCalls as calls } from '@portal/shared/api/contract/codes';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { Caller } from '../../libraries/caller.ts';
import { checkEmailCode, checkPhoneCode, requestEmailCode, requestPhoneCode } from '../../libraries/verification.ts';
import { serve } from '../../plugins/calls.ts';

/** Who asks for a code, as its limits count them; the proof of work comes in a header, so that the
 *  web app can add it to whichever call asked for one. */
function sender(caller: Caller, request: FastifyRequest) {
  const proofOfWork = request.headers['x-proof-of-work'];
  return {
    ip: caller.ip,
    lang: caller.language,
    accountId: caller.session?.user.id ?? null,
    proofOfWork: typeof proofOfWork === 'string' ? proofOfWork : undefined,
  };
}

export async function codeRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.sendSms, ({ caller, body, request }) => {
    const cutOff = ctx.now() > ctx.config.phoneCertifyCutoffMs;
    if (cutOff && caller.session && !caller.session.user.phone_certified && body.scene !== 'certify') {
      throw new AppError(ErrorCode.PhoneVerificationRequired);
    }
    return requestPhoneCode(ctx, app.messenger, body.phone, { scene: body.scene, ...sender(caller, request) });
  });

  serve(app, calls.sendEmail, ({ caller, body, request }) =>
    requestEmailCode(ctx, app.messenger, body.email, { scene: body.scene, ...sender(caller, request) }),
  );

  serve(app, calls.checkPhoneCode, ({ body }) => checkPhoneCode(ctx, body.phone, body.code, body.scene));

  serve(app, calls.checkEmailCode, ({ body }) => checkEmailCode(ctx, body.email, body.code, body.scene));
}
