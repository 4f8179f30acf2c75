import type { FastifyInstance } from 'fastify';
import { portalCalls as calls } from '@portal/shared/api/contract/portal';
import { enterEnterprise, portalInfo, userAdmin } from '../../libraries/portal.ts';
import { serve } from '../../plugins/calls.ts';

/** The home page: the user's companies, their products, and the session's current company. */
export async function portalRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // the companies come in the session's statement: one round trip to the database
  serve(app, calls.portalInfo, ({ caller }) => portalInfo(ctx, caller), { sessionRead: 'companies' });

  serve(app, calls.enterEnterprise, ({ caller, query }) => enterEnterprise(ctx, caller, query.enterpriseId));

  serve(app, calls.portalAdmin, ({ caller }) => userAdmin(ctx, caller));
}
