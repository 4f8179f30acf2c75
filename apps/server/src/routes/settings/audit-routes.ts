import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE_DEFAULT,
  AUDIT_PAGE_SIZE_MAX,
  AUDIT_PEOPLE_MAX,
  auditEventPageSchema,
  auditEventsQuerySchema,
  auditExportQuerySchema,
  auditPeopleQuerySchema,
  auditPeopleSchema,
} from '@portal/shared/api/audit';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { apiPaths } from '@portal/shared/api/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportCompanyAuditEvents, listCompanyAuditEvents, listCompanyAuditPeople } from '../../libraries/audit-log.ts';
import { ok } from '../../plugins/envelope.ts';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

const FILTERS =
  '`userId` keeps the events of one acting person, `action` those of one action (its code, such as `member.update`), `from` (inclusive) and `to` (exclusive) a span of time, each an ISO 8601 moment with its offset; the filters combine.';

/** The CSV text: never serialized by a schema. */
const csvSchema = z.any().meta({ type: 'string', format: 'binary' });

/** The company's audit log (settings centre). */
export async function auditRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.auditEvents,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "A page of the company's audit log",
        description: `${ADMINISTRATOR_ONLY} The company's events, newest first (\`id\` orders those of one millisecond): its members' sign-ins (a sign-in belongs to the company the session lands in, and a switch into the company counts as \`enterprise.enter\`), joins through links (\`invitation.redeem\`, also in the inviting company when a link registers an owner company), changes of members, roles and departments (\`member.update\` says what changed, from and to), invitations created and revoked, branding changes, the person's own password, phone and email changes made while in the company, and exports of this log (\`audit.export\`). ${FILTERS} \`pageSize\` 1-${AUDIT_PAGE_SIZE_MAX} (default ${AUDIT_PAGE_SIZE_DEFAULT}), \`page\` from 1. \`at\` is ISO 8601; \`actor\` is null for an event without a person. \`detail\` never holds a secret (tokens, hashes, codes and the like are left out) and identifiers in it are masked; an event about a member carries \`memberName\` beside \`memberId\`.`,
        querystring: auditEventsQuerySchema,
        response: { 200: envelopeSchema(auditEventPageSchema) },
      },
    },
    async (request) => ok(await listCompanyAuditEvents(app.ctx, administratorOf(request), request.query)),
  );

  r.get(
    apiPaths.auditPeople,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "The people of the company's audit log, for its person filter",
        description: `${ADMINISTRATOR_ONLY} Everyone who acted in the company's log, by name: members, and members removed since (\`removed: true\`), whose events stay. \`keyword\` matches the name or account, in any letter case; at most ${AUDIT_PEOPLE_MAX} people.`,
        querystring: auditPeopleQuerySchema,
        response: { 200: envelopeSchema(auditPeopleSchema) },
      },
    },
    async (request) => ok(await listCompanyAuditPeople(app.ctx, administratorOf(request), request.query)),
  );

  r.get(
    apiPaths.auditEventsCsv,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "The company's audit log as a CSV file",
        description: `${ADMINISTRATOR_ONLY} The events of the same filters as \`GET /audit/events\`, newest first, at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows, as an attachment: UTF-8 with a byte order mark, RFC 4180 quoting, CRLF line ends, column titles and action names in the request's language (the \`langCode\` cookie, else the user's saved language, else Accept-Language). A cell starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is prefixed with a single quote, so that a spreadsheet never takes it for a formula. The export is recorded as \`audit.export\`. Refusals are the usual JSON envelope.`,
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: csvSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await exportCompanyAuditEvents(app.ctx, administratorOf(request), request.query, request.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
