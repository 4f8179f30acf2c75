import { sessionResponseSchema } from '@portal/shared/api/auth';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { apiPaths } from '@portal/shared/api/paths';
import { twoStepSignInRequestSchema } from '@portal/shared/api/two-step';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storedUserAgent } from '../../libraries/devices.ts';
import { completeTwoStepSignIn } from '../../libraries/two-step-sign-in.ts';
import { ok } from '../../plugins/envelope.ts';

/** The second step of a sign-in of an account with two-step sign-in. */
export async function twoStepSignInRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.loginTwoStep,
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Finish a two-step sign-in with a code of the authenticator app or a recovery code',
        description:
          "The `ticket` of the `user/login` answer `twoStep` (5 minutes, single use) and a 6-digit code of the app (not one used before) or an unused recovery code. Answers the session as `user/login` does. A wrong code counts as a failed sign-in of the account (waits from the 5th failure, the per-IP cap) and as one of the ticket's 5 tries. Rejections: 1009160 (wrong code), 1009161 (unknown, expired, used or spent ticket: sign in again), 1008117 (disabled), 1000429 (throttled).",
        body: twoStepSignInRequestSchema,
        response: { 200: envelopeSchema(sessionResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await completeTwoStepSignIn(
          app.ctx,
          request.body,
          { ip: request.ip, userAgent: storedUserAgent(request.headers['user-agent']) },
          request.log,
        ),
      ),
  );
}
