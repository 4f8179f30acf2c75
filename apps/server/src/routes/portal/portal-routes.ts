import type { FastifyInstance } from 'fastify';
import type { portalCalls as calls } from '@portal/shared/api/contract/portal';
import { enterEnterprise, portalInfo, userAdmin } from '../../libraries/portal/portal.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The home page: the user's companies, their products, and the session's current company. */
export function portalHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    // the companies come in the session's statement: one round trip to the database
    portalInfo: { handle: ({ caller }) => portalInfo(ctx, caller), sessionRead: 'companies' },
    enterEnterprise: ({ caller, query }) => enterEnterprise(ctx, caller, query.enterpriseId),
    portalAdmin: ({ caller }) => userAdmin(ctx, caller),
  } satisfies Partial<Handlers<typeof calls>>;
}
