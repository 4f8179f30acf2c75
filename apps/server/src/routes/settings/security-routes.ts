import { envelopeSchema } from '@portal/shared/api/envelope';
import { apiPaths } from '@portal/shared/api/paths';
import { securitySettingsSchema, securityStateSchema } from '@portal/shared/api/two-step';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySecurity, saveCompanySecurity } from '../../libraries/company-security.ts';
import { ok } from '../../plugins/envelope.ts';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

/** The company's sign-in rules (settings centre, tab "Security"). */
export async function securityRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.security,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "The company's sign-in rules",
        description: `${ADMINISTRATOR_ONLY} \`requireTwoStep\`: members without two-step sign-in are led to set it up at their next sign-in. \`members\` and \`membersWithoutTwoStep\` count who turning it on touches; \`administratorHasTwoStep\` false means turning it on answers 1009168.`,
        response: { 200: envelopeSchema(securityStateSchema) },
      },
    },
    async (request) => ok(await companySecurity(app.ctx, administratorOf(request))),
  );

  r.post(
    apiPaths.saveSecurity,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "Save the company's sign-in rules",
        description: `${ADMINISTRATOR_ONLY} With \`requireTwoStep\` on, a member without two-step sign-in still signs in, but the sign-in and \`user/current\` answers say \`twoStepSetupRequired: true\` and the web app leads them to set it up first. It applies to everyone who belongs to the company, in whichever company they work. Turning it on without two-step sign-in of one's own answers 1009168.`,
        body: securitySettingsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await saveCompanySecurity(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );
}
