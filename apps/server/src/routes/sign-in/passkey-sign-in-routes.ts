import type { FastifyInstance } from 'fastify';
import type { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { passkeySignInOptions, signInWithPasskey } from '../../libraries/sign-in/passkey-sign-in.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Signing in with a passkey (F): no identifier, the browser offers the passkeys it holds. */
export function passkeySignInHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    passkeySignInOptions: ({ caller }) => passkeySignInOptions(ctx, caller),
    passkeySignIn: ({ caller, body }) => signInWithPasskey(ctx, body, caller),
  } satisfies Partial<Handlers<typeof calls>>;
}
