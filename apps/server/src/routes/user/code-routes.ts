import {
  checkEmailCodeRequestSchema,
  checkPhoneCodeRequestSchema,
  sendCodeResponseSchema,
  sendEmailRequestSchema,
  sendSmsRequestSchema,
  ticketResponseSchema,
} from '@portal/shared/api/codes';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../app-error.ts';
import { checkEmailCode, checkPhoneCode, requestEmailCode, requestPhoneCode } from '../../libraries/verification.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswer } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';

/** A code send beyond the limits is 1009108 with HTTP 429, `Retry-After` and `data.retryAfterSeconds`
 *  (and `data.cooldownSeconds` while the target waits), besides the request-rate limit's 1000429. */
const sendCodeAnswers = {
  200: envelopeSchema(sendCodeResponseSchema),
  429: failureAnswer(
    429,
    [ErrorCode.TooManyAttempts, ErrorCode.SmsBusy],
    '1009108: over the limits of the target, the account or this client, `data.retryAfterSeconds` (and `data.cooldownSeconds` while the target waits); 1000429: too many requests from this client.',
  ),
};

/** Who asks for a code, as its limits count them; the proof of work comes in a header, so that the
 *  web app can add it to whichever call asked for one. */
function sender(request: FastifyRequest) {
  const proofOfWork = request.headers['x-proof-of-work'];
  return {
    ip: request.ip,
    lang: request.lang,
    accountId: request.auth?.user.id ?? null,
    proofOfWork: typeof proofOfWork === 'string' ? proofOfWork : undefined,
  };
}

export async function codeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.sendSms,
    {
      // an uncertified account may still ask for its certification code after the cut-off
      config: { auth: 'optional', uncertifiedAllowed: true },
      schema: {
        tags: ['codes'],
        summary: 'Send a 6-digit code by SMS',
        description:
          'Limits per phone: 1 per 60 s (`data.cooldownSeconds` tells the wait), 5 per hour, 10 per day; per signed-in account 10 per hour; per IP 600 per hour. Beyond: 1009108 with HTTP 429, Retry-After and `data.retryAfterSeconds`. Beyond 20 anonymous sends per IP and hour each send needs a proof of work: 1009180 with an ALTCHA challenge in `data.challenge`, whose solution (the base64 ALTCHA payload) the next request carries in the `X-Proof-Of-Work` header; a wrong, expired or reused one is 1009181. A `login`/`reset` code to an unknown phone answers success and sends nothing.',
        body: sendSmsRequestSchema,
        response: sendCodeAnswers,
      },
    },
    async (request) => {
      const cutOff = app.ctx.now() > app.ctx.config.phoneCertifyCutoffMs;
      if (cutOff && request.auth && !request.auth.user.phone_certified && request.body.scene !== 'certify') {
        throw new AppError(ErrorCode.PhoneVerificationRequired);
      }
      return ok(
        await requestPhoneCode(app.ctx, app.messenger, request.body.phone, {
          scene: request.body.scene,
          ...sender(request),
        }),
      );
    },
  );

  r.post(
    apiPaths.sendEmail,
    {
      // a signed-in sender's sends count by the account; any session may still ask, as before
      config: { auth: 'optional', uncertifiedAllowed: true },
      schema: {
        tags: ['codes'],
        summary: 'Send a 6-digit code by email',
        description: 'The limits of `sendSms`; 1009127 for a malformed email, 1009128 for an empty one.',
        body: sendEmailRequestSchema,
        response: sendCodeAnswers,
      },
    },
    async (request) =>
      ok(
        await requestEmailCode(app.ctx, app.messenger, request.body.email, {
          scene: request.body.scene,
          ...sender(request),
        }),
      ),
  );

  r.post(
    apiPaths.checkPhoneCode,
    {
      schema: {
        tags: ['codes'],
        summary: 'Check a phone code and get a 15-minute ticket proving the phone',
        description:
          'Consumes the code. 1009104 (1008108 for the `register` scene) when wrong; five wrong tries kill the code.',
        body: checkPhoneCodeRequestSchema,
        response: { 200: envelopeSchema(ticketResponseSchema) },
      },
    },
    async (request) => ok(await checkPhoneCode(app.ctx, request.body.phone, request.body.code, request.body.scene)),
  );

  r.post(
    apiPaths.checkEmailCode,
    {
      schema: {
        tags: ['codes'],
        summary: 'Check an email code and get a 15-minute ticket proving the email',
        body: checkEmailCodeRequestSchema,
        response: { 200: envelopeSchema(ticketResponseSchema) },
      },
    },
    async (request) => ok(await checkEmailCode(app.ctx, request.body.email, request.body.code, request.body.scene)),
  );
}
