import type { FastifyInstance } from 'fastify';
import type { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import {
  listMySessions,
  revokeMyOtherSessions,
  revokeMySession,
} from '../../libraries/account-security/my-sessions.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** My sessions (F): the person's own live sessions, and ending them. */
export function mySessionsHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    mySessions: ({ caller, query }) => listMySessions(ctx, caller, query),
    revokeMySession: ({ caller, body }) => revokeMySession(ctx, caller, body.id),
    revokeMyOtherSessions: ({ caller }) => revokeMyOtherSessions(ctx, caller),
  } satisfies Partial<Handlers<typeof calls>>;
}
