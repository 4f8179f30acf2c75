import type { FastifyInstance } from 'fastify';
import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { createMember, listCompanyMembers, removeMember, updateMember } from '../../libraries/members.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's members (settings centre). */
export async function membersRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.members, ({ administrator, query }) => listCompanyMembers(ctx, administrator, query));

  serve(app, calls.createMember, ({ administrator, body }) => createMember(ctx, administrator, body));

  serve(app, calls.updateMember, ({ administrator, body }) => updateMember(ctx, administrator, body));

  serve(app, calls.removeMember, ({ administrator, body }) => removeMember(ctx, administrator, body));
}
