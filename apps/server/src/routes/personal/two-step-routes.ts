import { envelopeSchema } from '@portal/shared/api/envelope';
import { apiPaths } from '@portal/shared/api/paths';
import {
  twoStepConfirmRequestSchema,
  twoStepConfirmResponseSchema,
  twoStepDisableRequestSchema,
  twoStepSetupSchema,
  twoStepStateSchema,
} from '@portal/shared/api/two-step';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedUserAgent } from '../../libraries/devices.ts';
import { confirmTwoStep, disableTwoStep, startTwoStepSetup, twoStepState } from '../../libraries/two-step.ts';
import { sessionOf } from '../../plugins/audiences/signed-in.ts';
import { ok } from '../../plugins/envelope.ts';

/** Two-step sign-in with an authenticator app, as the person turns it on and off (personal centre). */
export async function twoStepRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.twoStep,
    {
      config: { auth: 'required', twoStepSetupAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Whether two-step sign-in is on, the recovery codes left, and whether a company requires it',
        response: { 200: envelopeSchema(twoStepStateSchema) },
      },
    },
    async (request) => ok(await twoStepState(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.twoStepSetup,
    {
      config: { auth: 'required', twoStepSetupAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Start setting up two-step sign-in: a new secret for the authenticator app',
        description:
          'Answers the secret (Base32, for typing in by hand), its `otpauth://` URI and that URI as a QR code (an SVG `data:` URL). The secret is pending until `confirm`; a new set-up replaces a pending one. Rejections: 1009162 (two-step sign-in is already on), 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again).',
        response: { 200: envelopeSchema(twoStepSetupSchema) },
      },
    },
    async (request) => ok(await startTwoStepSetup(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.twoStepConfirm,
    {
      config: { auth: 'required', twoStepSetupAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Turn two-step sign-in on with a code of the app; answers the ten recovery codes, shown once',
        description:
          'The code must come from the pending secret (the current 30-second step, or the one before or after). Only the hashes of the recovery codes are kept: this answer is the one chance to save them. Rejections: 1009160 (wrong code), 1009164 (no set-up pending), 1009162 (already on).',
        body: twoStepConfirmRequestSchema,
        response: { 200: envelopeSchema(twoStepConfirmResponseSchema) },
      },
    },
    async (request) => ok(await confirmTwoStep(app.ctx, sessionOf(request), request.body.code, request.ip)),
  );

  r.post(
    apiPaths.twoStepDisable,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Turn two-step sign-in off with the password and a code of the app or a recovery code',
        description:
          'The secret and the recovery codes are deleted. The password and the code are the fresh proof this change needs: a session whose proof is older than 10 minutes may turn it off, and counts as proven afterwards. Each try counts as a failed sign-in of the account (the same counter and waits: 1000429). Rejections: 1009102 (wrong password), 1009160 (wrong code, or one already used), 1009163 (two-step sign-in is off), 1009167 (a company of the person requires it: `required` in the state says so).',
        body: twoStepDisableRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await disableTwoStep(app.ctx, sessionOf(request), request.body, {
        ip: request.ip,
        userAgent: storedUserAgent(request.headers['user-agent']),
      });
      return ok(null);
    },
  );
}
