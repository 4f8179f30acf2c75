import { currentUserSchema, loginRequestSchema, loginResponseSchema } from '@portal/shared/api/auth';
import { envelopeSchema } from '@portal/shared/api/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedUserAgent } from '../../libraries/devices.ts';
import { signIn, signOut } from '../../libraries/sign-in.ts';
import { toCurrentUser } from '../../libraries/users.ts';
import { sessionOf } from '../../plugins/audiences/signed-in.ts';
import { ok } from '../../plugins/envelope.ts';
import { apiPaths } from '@portal/shared/api/paths';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.login,
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in by password (phone, email or account) or by code (phone or email)',
        description:
          'Answers a session, or, for an account with two-step sign-in (after a right password or code alike), `{ twoStep: { ticket, expiresAt } }` without a session: the ticket goes with a code to `POST F/user/login/two-step` within 5 minutes. A session carries `twoStepSetupRequired: true` when a company of the user requires two-step sign-in and it is off. Rejections: 1009117 (any password failure), 1009104 (code), 1008117 (disabled), 1000429 (throttled).',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
    },
    async (request) =>
      ok(await signIn(app.ctx, request.body, request.ip, request.log, storedUserAgent(request.headers['user-agent']))),
  );

  r.post(
    apiPaths.logout,
    {
      config: { auth: 'required', uncertifiedAllowed: true },
      schema: { tags: ['sign-in'], summary: 'End this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await signOut(app.ctx, sessionOf(request), request.ip);
      return ok(null);
    },
  );

  r.get(
    apiPaths.currentUser,
    {
      config: { auth: 'required', uncertifiedAllowed: true },
      schema: {
        tags: ['sign-in'],
        summary: 'The signed-in user',
        response: { 200: envelopeSchema(currentUserSchema) },
      },
    },
    async (request) => {
      const { user, twoStepRequired } = sessionOf(request);
      return ok(toCurrentUser(user, twoStepRequired));
    },
  );
}
