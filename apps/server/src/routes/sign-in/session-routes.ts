import type { FastifyInstance } from 'fastify';
import type { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { signIn, signOut } from '../../libraries/sign-in/sign-in.ts';
import { toCurrentUser } from '../../libraries/sign-in/users.ts';
import type { Handlers } from '../../plugins/calls.ts';

export function sessionHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    login: ({ caller, body }) => signIn(ctx, body, caller),
    logout: ({ caller }) => signOut(ctx, caller),
    currentUser: ({ caller }) => toCurrentUser(caller.session.user, caller.session.twoStepRequired),
  } satisfies Partial<Handlers<typeof calls>>;
}
