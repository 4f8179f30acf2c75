import type { FastifyInstance } from 'fastify';
import type { siteCalls as calls } from '@portal/shared/api/contract/sites';
import { assertFreshProof } from '../../libraries/account-security/fresh-proof.ts';
import { addAssignment, listAssignments, removeAssignment } from '../../libraries/sites/assignments.ts';
import {
  leaveGrant,
  revokeGrant,
  shareOn,
  shareSites,
  sharedWithUs,
  siteDetail,
  updateGrant,
} from '../../libraries/sites/grants.ts';
import { createSite, listSites, retireSite, updateSite } from '../../libraries/sites/sites.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's sites, the grants it makes and holds, and who in it holds them (settings centre). */
export function sitesHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    sites: ({ administrator, query }) => listSites(ctx, administrator, query),
    site: ({ administrator, query }) => siteDetail(ctx, administrator, query.siteId),
    createSite: ({ administrator, body }) => createSite(ctx, administrator, body),
    updateSite: ({ administrator, body }) => updateSite(ctx, administrator, body),
    retireSite: ({ administrator, body }) => retireSite(ctx, administrator, body.siteId),
    // a grant opens the company's plants to another company's people: the person at the keyboard decides
    shareSites: async ({ administrator, body, caller }) => {
      await assertFreshProof(ctx, caller.session);
      return shareSites(ctx, administrator, body);
    },
    shareOn: async ({ administrator, body, caller }) => {
      await assertFreshProof(ctx, caller.session);
      return shareOn(ctx, administrator, body);
    },
    revokeGrant: ({ administrator, body }) => revokeGrant(ctx, administrator, body.grantId),
    updateGrant: ({ administrator, body }) => updateGrant(ctx, administrator, body),
    leaveGrant: ({ administrator, body }) => leaveGrant(ctx, administrator, body.grantId),
    sharedWithUs: ({ administrator, query }) => sharedWithUs(ctx, administrator, query),
    assignments: ({ administrator, query }) => listAssignments(ctx, administrator, query),
    addAssignment: ({ administrator, body }) => addAssignment(ctx, administrator, body),
    removeAssignment: async ({ administrator, body }) => removeAssignment(ctx, administrator, body.id),
  } satisfies Handlers<typeof calls>;
}
