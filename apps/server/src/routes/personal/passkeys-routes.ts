import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  addPasskeyRequestSchema,
  passkeySchema,
  passkeysSchema,
  registrationOptionsSchema,
  removePasskeyRequestSchema,
  renamePasskeyRequestSchema,
} from '@portal/shared/api/passkeys';
import { apiPaths } from '@portal/shared/api/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from '../../libraries/passkeys.ts';
import { storedUserAgent } from '../../libraries/devices.ts';
import { sessionOf } from '../../plugins/audiences/signed-in.ts';
import { ok } from '../../plugins/envelope.ts';

const nothing = { 200: envelopeSchema(z.null()) };

/** The person's own passkeys in the personal centre (F). */
export async function passkeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.passkeys,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: "The user's passkeys, oldest first",
        description:
          '`name` is null when none was given; `lastUsedAt` is the last sign-in with it (null before the first); `deviceType` `multiDevice` is a passkey synced between devices.',
        response: { 200: envelopeSchema(passkeysSchema) },
      },
    },
    async (request) => ok(await listPasskeys(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.passkeyRegistrationOptions,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Start adding a passkey: the options for `navigator.credentials.create()`',
        description:
          "WebAuthn's `PublicKeyCredentialCreationOptionsJSON` for a discoverable credential (resident key required, user verification preferred, no attestation), excluding the user's passkeys. The relying-party id is `MAIN_DOMAIN` when set (the passkey then works on every company sub-host), else the host of `PUBLIC_URL`. The challenge is good once, for 5 minutes. Rejections: 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again), 1009173 (the user holds 20 passkeys).",
        response: { 200: envelopeSchema(registrationOptionsSchema) },
      },
    },
    async (request) => ok(await passkeyRegistrationOptions(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.passkeys,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: "Add a passkey: the browser's answer to the registration options, and an optional name",
        description:
          "`response` is WebAuthn's `RegistrationResponseJSON` (what `startRegistration()` of @simplewebauthn/browser returns). The answer must come from `PUBLIC_URL`'s origin, or with `MAIN_DOMAIN` from a sub-host of it, and carry user verification. Answers the new passkey; the person is told by their security notice. Rejections: 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again), 1009170 (the challenge is unknown, expired, used, or another user's), 1009171 (the answer does not verify), 1009172 (the passkey is registered already), 1009173 (20 passkeys already), 1000400 (`name` empty or over 50 units, a CJK character counting 2).",
        body: addPasskeyRequestSchema,
        response: { 200: envelopeSchema(passkeySchema) },
      },
    },
    async (request) =>
      ok(
        await addPasskey(app.ctx, sessionOf(request), request.body, {
          ip: request.ip,
          userAgent: storedUserAgent(request.headers['user-agent']),
        }),
      ),
  );

  r.post(
    apiPaths.renamePasskey,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Rename one of the user’s passkeys',
        description:
          "Rejections: 1000404 (no passkey of this user has that id; another user's passkey is answered alike), 1000400 (`name` empty or over 50 units).",
        body: renamePasskeyRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await renamePasskey(app.ctx, sessionOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    apiPaths.removePasskey,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Remove one of the user’s passkeys: it no longer signs in',
        description:
          "Rejections: 1000404 (no passkey of this user has that id; another user's passkey is answered alike).",
        body: removePasskeyRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await removePasskey(app.ctx, sessionOf(request), request.body, request.ip);
      return ok(null);
    },
  );
}
