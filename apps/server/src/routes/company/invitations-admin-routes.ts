import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  createCompanyInvitation,
  listCompanyInvitations,
  revokeCompanyInvitation,
} from '../../libraries/company/settings-invitations.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's invitation links (settings centre). */
export function invitationsAdminHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    createInvitation: ({ administrator, body }) => createCompanyInvitation(ctx, administrator, body),
    invitations: ({ administrator, query }) => listCompanyInvitations(ctx, administrator, query),
    revokeInvitation: ({ administrator, body }) => revokeCompanyInvitation(ctx, administrator, body.id),
  } satisfies Partial<Handlers<typeof calls>>;
}
