import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { createMember, listCompanyMembers, removeMember, updateMember } from '../../libraries/company/members.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's members (settings centre). */
export function membersHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    members: ({ administrator, query }) => listCompanyMembers(ctx, administrator, query),
    createMember: ({ administrator, body }) => createMember(ctx, administrator, body),
    updateMember: ({ administrator, body }) => updateMember(ctx, administrator, body),
    removeMember: ({ administrator, body }) => removeMember(ctx, administrator, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
