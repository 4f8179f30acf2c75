import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { codeCalls as calls } from '@portal/shared/api/contract/codes';
import {
  checkEmailCode,
  checkPhoneCode,
  requestEmailCode,
  requestPhoneCode,
} from '../../libraries/codes/verification.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The proof of work comes in a header, so that the web app can add it to whichever call asked for one. */
function proofOfWorkOf(request: FastifyRequest): string | undefined {
  const proofOfWork = request.headers['x-proof-of-work'];
  return typeof proofOfWork === 'string' ? proofOfWork : undefined;
}

export function codeHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    sendSms: ({ caller, body, request }) => {
      const proofOfWork = proofOfWorkOf(request);
      return requestPhoneCode(ctx, app.messenger, body.phone, { scene: body.scene, proofOfWork }, caller);
    },
    sendEmail: ({ caller, body, request }) => {
      const proofOfWork = proofOfWorkOf(request);
      return requestEmailCode(ctx, app.messenger, body.email, { scene: body.scene, proofOfWork }, caller);
    },
    checkPhoneCode: ({ body }) => checkPhoneCode(ctx, body.phone, body.code, body.scene),
    checkEmailCode: ({ body }) => checkEmailCode(ctx, body.email, body.code, body.scene),
  } satisfies Partial<Handlers<typeof calls>>;
}
