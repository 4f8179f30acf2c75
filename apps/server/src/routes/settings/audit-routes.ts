import type { FastifyInstance } from 'fastify';
import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { exportCompanyAuditEvents, listCompanyAuditEvents, listCompanyAuditPeople } from '../../libraries/audit-log.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's audit log (settings centre). */
export async function auditRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.auditEvents, ({ administrator, query }) => listCompanyAuditEvents(ctx, administrator, query));

  serve(app, calls.auditPeople, ({ administrator, query }) => listCompanyAuditPeople(ctx, administrator, query));

  serve(app, calls.auditEventsCsv, async ({ administrator, query, caller, reply }) => {
    const file = await exportCompanyAuditEvents(ctx, administrator, query, caller);
    // a stream: Fastify writes it as the client takes it, and destroys it if the client goes away
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
}
