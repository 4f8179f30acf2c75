import type { FastifyInstance } from 'fastify';
import { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { passkeySignInOptions, signInWithPasskey } from '../../libraries/passkey-sign-in.ts';
import { serve } from '../../plugins/calls.ts';

/** Signing in with a passkey (F): no identifier, the browser offers the passkeys it holds. */
export async function passkeySignInRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.passkeySignInOptions, ({ caller }) => passkeySignInOptions(ctx, caller));

  serve(app, calls.passkeySignIn, ({ caller, body }) => signInWithPasskey(ctx, body, caller));
}
