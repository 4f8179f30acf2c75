import type { FastifyInstance } from 'fastify';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from '../../libraries/my-sessions.ts';
import { serve } from '../../plugins/calls.ts';

/** My sessions (F): the person's own live sessions, and ending them. */
export async function mySessionsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.mySessions, ({ caller, query }) => listMySessions(ctx, caller, query));

  serve(app, calls.revokeMySession, ({ caller, body }) => revokeMySession(ctx, caller, body.id));

  serve(app, calls.revokeMyOtherSessions, ({ caller }) => revokeMyOtherSessions(ctx, caller));
}
