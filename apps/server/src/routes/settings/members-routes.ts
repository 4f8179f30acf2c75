import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  createMemberRequestSchema,
  createMemberResponseSchema,
  memberPageSchema,
  membersQuerySchema,
  removeMemberRequestSchema,
  updateMemberRequestSchema,
} from '@portal/shared/api/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMember, listCompanyMembers, removeMember, updateMember } from '../../libraries/members.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswers } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

const nothingOr404 = { 200: envelopeSchema(z.null()), ...failureAnswers(404) };

/** The company's members (settings centre). */
export async function membersRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.members,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "A page of the company's members",
        description: `${ADMINISTRATOR_ONLY} In the order they joined. \`keyword\` matches part of the account, name, phone or email, ignoring letter case (ASCII letters on SQLite). \`pageSize\` 1-100 (default 20), \`page\` from 1; \`joinedAt\` is ISO 8601.`,
        querystring: membersQuerySchema,
        response: { 200: envelopeSchema(memberPageSchema) },
      },
    },
    async (request) => ok(await listCompanyMembers(app.ctx, administratorOf(request), request.query)),
  );

  r.post(
    apiPaths.createMember,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Create an account for a new member, for account sign-in',
        description: `${ADMINISTRATOR_ONLY} The account is stored in lower case. The phone and email, if given, are unproven (no code proved them): they open nothing and block nobody, so any phone or email is accepted and the answer never tells whether another account has it; after the cut-off date the person proves the phone at the first sign-in. Role \`member\` unless given; the default department unless \`departmentId\` (1000404 when it is not this company's). A taken account name: 1000400 with \`fields.account: validation.accountTaken\`.`,
        body: createMemberRequestSchema,
        response: { 200: envelopeSchema(createMemberResponseSchema), ...failureAnswers(404) },
      },
    },
    async (request) => ok(await createMember(app.ctx, administratorOf(request), request.body)),
  );

  r.post(
    apiPaths.updateMember,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "Change a member's role or department",
        description: `${ADMINISTRATOR_ONLY} What is omitted stays. 1000404 when the user is not a member of this company or the department is not this company's; 1000403 with \`data.reason: lastAdmin\` when it would demote the last administrator.`,
        body: updateMemberRequestSchema,
        response: nothingOr404,
      },
    },
    async (request) => {
      await updateMember(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    apiPaths.removeMember,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Take a member out of the company',
        description: `${ADMINISTRATOR_ONLY} The account itself stays. Removing oneself is allowed. 1000404 when the user is not a member; 1000403 with \`data.reason: lastAdmin\` for the last administrator. The removed person's sessions fall back to another company of theirs (or none) on their next request.`,
        body: removeMemberRequestSchema,
        response: nothingOr404,
      },
    },
    async (request) => {
      await removeMember(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );
}
