import { envelopeSchema } from '@portal/shared/api/envelope';
import { apiPaths } from '@portal/shared/api/paths';
import {
  mySessionsSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionRequestSchema,
  revokeSessionResponseSchema,
} from '@portal/shared/api/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storedUserAgent } from '../../libraries/devices.ts';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from '../../libraries/my-sessions.ts';
import { sessionOf } from '../../plugins/audiences/signed-in.ts';
import { ok } from '../../plugins/envelope.ts';

/** My sessions (F): the person's own live sessions, and ending them. */
export async function mySessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.mySessions,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: "The person's live sessions, this one marked `current`",
        description:
          'Sessions not ended, within their absolute lifetime and used within the idle limit, newest activity first. ' +
          '`device` is parsed from the `User-Agent` the session was opened with. There is no geolocation: `ip` is the ' +
          "network of the session's address, never the address (IPv4 as its /24, `203.0.113.*`; IPv6 as its /48, " +
          '`2001:db8:1::/48`), and `place` is `local` for a loopback or private address. Sessions opened before ' +
          'devices were recorded have `ip: null` and an `other` device without names.',
        response: { 200: envelopeSchema(mySessionsSchema) },
      },
    },
    async (request) => ok(await listMySessions(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.revokeMySession,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'End one of the own sessions',
        description:
          "Its next request, on any server process, answers 1000401 (the session's row is revoked in the database). " +
          "`current: true` when it was this request's session: the same as signing out. Rejections: 1009150 (no live " +
          "session of the caller has this id: also for the id of another person's session).",
        body: revokeSessionRequestSchema,
        response: { 200: envelopeSchema(revokeSessionResponseSchema) },
      },
    },
    async (request) => ok(await revokeMySession(app.ctx, sessionOf(request), request.body.id, request.ip)),
  );

  r.post(
    apiPaths.revokeMyOtherSessions,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'End every other own session; this one goes on',
        description:
          '`revoked` is how many live sessions ended (0 when there was none); when one did, the person is told by their ' +
          'security notice. `recentPasskeys` are the passkeys added in the last 7 days, oldest first, which the web ' +
          'app offers to remove (a borrowed session may have planted one). Rejections: 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again).',
        response: { 200: envelopeSchema(revokeOtherSessionsResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await revokeMyOtherSessions(app.ctx, sessionOf(request), {
          ip: request.ip,
          userAgent: storedUserAgent(request.headers['user-agent']),
        }),
      ),
  );
}
