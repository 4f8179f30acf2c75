import type { FastifyInstance } from 'fastify';
import type { accessRequestCalls as calls } from '@portal/shared/api/contract/access-requests';
import { assertFreshProof } from '../../libraries/account-security/fresh-proof.ts';
import {
  accessRequestCap,
  approveAccessRequest,
  listAccessRequests,
  lookUpSiteAccess,
  myAccessRequests,
  refuseAccessRequest,
  requestSiteAccess,
  saveAccessRequestCap,
} from '../../libraries/sites/access-requests.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Requests for a site: a person asks, the owner's administrators approve or refuse. */
export function accessRequestsHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    requestSiteAccess: ({ caller, body }) => requestSiteAccess(ctx, caller, body),
    siteAccessLookup: ({ caller, query }) => lookUpSiteAccess(ctx, caller, query.siteId),
    myAccessRequests: ({ caller }) => myAccessRequests(ctx, caller),
    accessRequests: ({ administrator, query }) => listAccessRequests(ctx, administrator, query),
    // an approval lets another company's person into a plant: the person at the keyboard decides
    approveAccessRequest: async ({ administrator, body, caller }) => {
      await assertFreshProof(ctx, caller.session);
      return approveAccessRequest(ctx, administrator, body);
    },
    refuseAccessRequest: async ({ administrator, body }) => refuseAccessRequest(ctx, administrator, body.requestId),
    accessRequestCap: ({ administrator }) => accessRequestCap(ctx, administrator),
    // like the company's two-step rule, a policy: no fresh proof, as an approval under it asks for one
    saveAccessRequestCap: ({ administrator, body }) => saveAccessRequestCap(ctx, administrator, body),
  } satisfies Handlers<typeof calls>;
}
