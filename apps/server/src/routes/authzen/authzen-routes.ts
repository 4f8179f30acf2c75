import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTHZEN_DEFAULT_PAGE, AUTHZEN_PATHS, type authzenCalls as calls } from '@portal/shared/api/contract/authzen';
import { evaluate, evaluateAll, searchSites } from '../../libraries/sites/authzen.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The product whose client the gate found (plugins/audiences/product-client.ts). */
const productOf = (request: FastifyRequest) => request.productClient!.product;

/** Decisions are of the moment: no answer may be kept by a cache between the product and the portal. */
const uncached = { 'cache-control': 'no-store' };

/** The decision point (docs/site-grants.md#decisions): its metadata, evaluations and resource search. */
export function authzenHandlers(app: FastifyInstance) {
  const base = app.ctx.config.publicUrl;
  return {
    authzenMetadata: () => ({
      policy_decision_point: base,
      access_evaluation_endpoint: `${base}${AUTHZEN_PATHS.evaluation}`,
      access_evaluations_endpoint: `${base}${AUTHZEN_PATHS.evaluations}`,
      search_resource_endpoint: `${base}${AUTHZEN_PATHS.searchResource}`,
    }),

    authzenEvaluation: async ({ body, request, reply }) => {
      reply.headers(uncached);
      return { decision: await evaluate(app.ctx, productOf(request), body) };
    },

    authzenEvaluations: async ({ body, request, reply }) => {
      reply.headers(uncached);
      const product = productOf(request);
      // without evaluations the call is one evaluation of the request's own members (AuthZEN 1.0, 7.1)
      if (!body.evaluations?.length) {
        const [only] = await evaluateAll(app.ctx, product, {
          ...body,
          evaluations: [{}],
          semantic: 'execute_all',
        });
        return only!;
      }
      const evaluations = await evaluateAll(app.ctx, product, {
        ...body,
        evaluations: body.evaluations,
        semantic: body.options?.evaluations_semantic ?? 'execute_all',
      });
      return { evaluations };
    },

    authzenSearchResource: async ({ body, request, reply }) => {
      reply.headers(uncached);
      const { ids, nextToken } = await searchSites(app.ctx, productOf(request), {
        ...body,
        token: body.page?.token,
        limit: body.page?.limit ?? AUTHZEN_DEFAULT_PAGE,
      });
      return {
        results: ids.map((id) => ({ type: 'site' as const, id })),
        page: { next_token: nextToken, count: ids.length },
      };
    },
  } satisfies Handlers<typeof calls>;
}
