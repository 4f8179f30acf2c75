import type { FastifyInstance } from 'fastify';
import { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { signIn, signOut } from '../../libraries/sign-in.ts';
import { toCurrentUser } from '../../libraries/users.ts';
import { serve } from '../../plugins/calls.ts';

export async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.login, ({ caller, body }) => signIn(ctx, body, caller));

  serve(app, calls.logout, ({ caller }) => signOut(ctx, caller));

  serve(app, calls.currentUser, ({ caller }) => toCurrentUser(caller.session.user, caller.session.twoStepRequired));
}
