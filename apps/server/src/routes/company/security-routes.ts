import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { companySecurity, saveCompanySecurity } from '../../libraries/company/company-security.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's sign-in rules (settings centre, tab "Security"). */
export function securityHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    security: ({ administrator }) => companySecurity(ctx, administrator),
    saveSecurity: ({ administrator, body }) => saveCompanySecurity(ctx, administrator, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
