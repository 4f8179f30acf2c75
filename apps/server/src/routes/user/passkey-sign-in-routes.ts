import { loginResponseSchema } from '@portal/shared/api/auth';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { passkeySignInOptionsSchema, passkeySignInRequestSchema } from '@portal/shared/api/passkeys';
import { apiPaths } from '@portal/shared/api/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storedUserAgent } from '../../libraries/devices.ts';
import { passkeySignInOptions, signInWithPasskey } from '../../libraries/passkey-sign-in.ts';
import { ok } from '../../plugins/envelope.ts';

/** Signing in with a passkey (F): no identifier, the browser offers the passkeys it holds. */
export async function passkeySignInRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.passkeySignInOptions,
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Start a passkey sign-in: the options for `navigator.credentials.get()`',
        description:
          "WebAuthn's `PublicKeyCredentialRequestOptionsJSON` without `allowCredentials` (discoverable credentials: the browser offers those it holds for the portal), and `challengeId`, which the answer names. Good once, for 5 minutes. One address holds at most 20 live ones: beyond, 1000429 with `Retry-After`.",
        response: { 200: envelopeSchema(passkeySignInOptionsSchema) },
      },
    },
    async (request) => ok(await passkeySignInOptions(app.ctx, request.ip)),
  );

  r.post(
    apiPaths.passkeySignIn,
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in with a passkey: the browser’s answer to the sign-in options',
        description:
          "`response` is WebAuthn's `AuthenticationResponseJSON` (what `startAuthentication()` of @simplewebauthn/browser returns). Answers a session as a password sign-in does, without a two-step code (a passkey with user verification is two factors). The try counts like a password's: per account (the passkey's) and under the client IP's cap. Rejections: 1009117 (unknown passkey, wrong origin, bad signature, no user verification, a signature counter that did not grow), 1009170 (the challenge is unknown, expired or used), 1008117 (disabled, only after a valid passkey), 1000429 (throttled).",
        body: passkeySignInRequestSchema,
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await signInWithPasskey(
          app.ctx,
          request.body,
          { ip: request.ip, userAgent: storedUserAgent(request.headers['user-agent']) },
          request.log,
        ),
      ),
  );
}
