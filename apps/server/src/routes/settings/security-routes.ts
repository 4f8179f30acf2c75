import type { FastifyInstance } from 'fastify';
import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { companySecurity, saveCompanySecurity } from '../../libraries/company-security.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's sign-in rules (settings centre, tab "Security"). */
export async function securityRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.security, ({ administrator }) => companySecurity(ctx, administrator));

  serve(app, calls.saveSecurity, ({ administrator, body }) => saveCompanySecurity(ctx, administrator, body));
}
