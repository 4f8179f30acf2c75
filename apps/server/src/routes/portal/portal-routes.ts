import type { FastifyInstance } from 'fastify';
import type { portalCalls as calls } from '@portal/shared/api/contract/portal';
import { portalSites } from '../../libraries/portal/portal-sites.ts';
import { enterEnterprise, portalInfo, userAdmin } from '../../libraries/portal/portal.ts';
import { enterAsSupport, supportCompanies, supportSessionOf } from '../../libraries/support/support-access.ts';
import { mySupportRequests, requestSupportAccess } from '../../libraries/support/support-requests.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The home page: the user's companies, their products, and the session's current company. */
export function portalHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    // the companies come in the session's statement: one round trip to the database
    portalInfo: { handle: ({ caller }) => portalInfo(ctx, caller), sessionRead: 'companies' },
    portalSites: ({ caller }) => portalSites(ctx, caller),
    enterEnterprise: ({ caller, query }) => enterEnterprise(ctx, caller, query.enterpriseId),
    portalAdmin: ({ caller }) => userAdmin(ctx, caller),
    supportCompanies: async ({ caller }) => ({ companies: await supportCompanies(ctx, caller) }),
    enterAsSupport: ({ caller, body }) => enterAsSupport(ctx, caller, body.enterpriseId),
    requestSupportAccess: ({ caller, body }) => requestSupportAccess(ctx, caller, body),
    mySupportRequests: ({ caller }) => mySupportRequests(ctx, caller),
    supportSession: async ({ caller }) => ({ support: await supportSessionOf(ctx, caller.session) }),
  } satisfies Partial<Handlers<typeof calls>>;
}
