import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  companyInvitationListSchema,
  createCompanyInvitationRequestSchema,
  createdCompanyInvitationSchema,
  revokeCompanyInvitationRequestSchema,
} from '@portal/shared/api/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCompanyInvitation,
  listCompanyInvitations,
  revokeCompanyInvitation,
} from '../../libraries/settings-invitations.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswers } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

/** The company's invitation links (settings centre). */
export async function invitationsAdminRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.createInvitation,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Create an invitation link into the company',
        description: `${ADMINISTRATOR_ONLY} \`member\`: joins the company, into \`departmentId\` (this company's, \`member\` only; else 1000400) or the default department; \`owner\`: registers an owner company under this one. Expires after \`expiresInHours\` (default 72, at most 168); \`maxUses\` 1-1000 (default 1). \`id\` is the link's secret, shown only now (only its hash is stored); \`invitationId\` is the row id that the list and revocation use. The administrator is the inviter the link names.`,
        body: createCompanyInvitationRequestSchema,
        response: { 200: envelopeSchema(createdCompanyInvitationSchema) },
      },
    },
    async (request) => ok(await createCompanyInvitation(app.ctx, administratorOf(request), request.body)),
  );

  r.get(
    apiPaths.invitations,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "The company's invitation links, newest first",
        description: `${ADMINISTRATOR_ONLY} \`id\` is the row id (the link's secret is not stored). \`status\` is what \`referral/info\` says: revoked outranks used, used outranks expired. \`createdBy\` is the creator's name; null for a link of the platform operator or of a deleted account.`,
        response: { 200: envelopeSchema(companyInvitationListSchema) },
      },
    },
    async (request) => ok(await listCompanyInvitations(app.ctx, administratorOf(request))),
  );

  r.post(
    apiPaths.revokeInvitation,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Revoke an invitation link',
        description: `${ADMINISTRATOR_ONLY} By row id; 1000404 for a link of another company. Revoking twice is harmless. The link then answers \`revoked\`.`,
        body: revokeCompanyInvitationRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...failureAnswers(404) },
      },
    },
    async (request) => {
      await revokeCompanyInvitation(app.ctx, administratorOf(request), request.body.id);
      return ok(null);
    },
  );
}
