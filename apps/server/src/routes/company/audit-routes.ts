import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  exportCompanyAuditEvents,
  listCompanyAuditEvents,
  listCompanyAuditPeople,
} from '../../libraries/company/audit-log.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's audit log (settings centre). */
export function auditHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    auditEvents: ({ administrator, query }) => listCompanyAuditEvents(ctx, administrator, query),
    auditPeople: ({ administrator, query }) => listCompanyAuditPeople(ctx, administrator, query),
    auditEventsCsv: async ({ administrator, query, caller, reply }) => {
      const file = await exportCompanyAuditEvents(ctx, administrator, query, caller);
      // a stream: Fastify writes it as the client takes it, and destroys it if the client goes away
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  } satisfies Partial<Handlers<typeof calls>>;
}
