import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  currentSupportAccess,
  grantSupportAccess,
  revokeSupportAccess,
} from '../../libraries/support/support-access.ts';
import {
  approveSupportRequest,
  listSupportRequests,
  refuseSupportRequest,
} from '../../libraries/support/support-requests.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's consent to the platform's support (settings centre, tab "Security"). */
export function supportAccessHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    supportAccess: async ({ administrator }) => ({ access: await currentSupportAccess(ctx, administrator) }),
    grantSupportAccess: ({ administrator, caller, body }) => grantSupportAccess(ctx, administrator, caller, body),
    revokeSupportAccess: ({ administrator }) => revokeSupportAccess(ctx, administrator),
    supportRequests: ({ administrator }) => listSupportRequests(ctx, administrator),
    approveSupportRequest: ({ administrator, caller, body }) => approveSupportRequest(ctx, administrator, caller, body),
    refuseSupportRequest: ({ administrator, body }) => refuseSupportRequest(ctx, administrator, body.requestId),
  } satisfies Partial<Handlers<typeof calls>>;
}
