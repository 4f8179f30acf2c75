import type { FastifyInstance } from 'fastify';
import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  createCompanyInvitation,
  listCompanyInvitations,
  revokeCompanyInvitation,
} from '../../libraries/settings-invitations.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's invitation links (settings centre). */
export async function invitationsAdminRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.createInvitation, ({ administrator, body }) => createCompanyInvitation(ctx, administrator, body));

  serve(app, calls.invitations, ({ administrator, query }) => listCompanyInvitations(ctx, administrator, query));

  serve(app, calls.revokeInvitation, ({ administrator, body }) => revokeCompanyInvitation(ctx, administrator, body.id));
}
