import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  enterEnterpriseQuerySchema,
  enterEnterpriseResponseSchema,
  portalInfoSchema,
  portalUserAdminSchema,
} from '@portal/shared/api/portal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enterEnterprise, portalInfo, userAdmin } from '../../libraries/portal.ts';
import { sessionOf } from '../../plugins/audiences/signed-in.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswers } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';

export async function portalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.portalInfo,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['portal'],
        summary: "The user's companies, the products each has rights to, and the current company",
        response: { 200: envelopeSchema(portalInfoSchema) },
      },
    },
    async (request) => ok(await portalInfo(app.ctx, sessionOf(request), request.lang)),
  );

  r.post(
    apiPaths.enterEnterprise,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['portal'],
        summary: "Switch the session's current company",
        description: '1000403 with header `redirect-page: 001` when the user is not a member.',
        querystring: enterEnterpriseQuerySchema,
        response: { 200: envelopeSchema(enterEnterpriseResponseSchema), ...failureAnswers(403) },
      },
    },
    async (request) => ok(await enterEnterprise(app.ctx, sessionOf(request), request.query.enterpriseId, request.ip)),
  );

  r.get(
    apiPaths.portalAdmin,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['portal'],
        summary: 'Whether the user administers the current company',
        response: { 200: envelopeSchema(portalUserAdminSchema) },
      },
    },
    async (request) => ok(await userAdmin(app.ctx, sessionOf(request))),
  );
}
