import type { FastifyInstance } from 'fastify';
import { authorizeCalls as calls } from '@portal/shared/api/contract/authorize';
import {
  abortInteraction,
  chooseInteractionCompany,
  consentInteraction,
  interactionStep,
} from '../../libraries/openid/interactions.ts';
import type { OpenIdService } from '../../libraries/openid/service.ts';
import { serve } from '../../plugins/calls.ts';

/** The portal's screen of a product's sign-in: its steps, one call each. */
export async function interactionRoutes(app: FastifyInstance, { openid }: { openid: OpenIdService }) {
  const { ctx } = app;

  serve(app, calls.interactionStep, async ({ params, caller }) =>
    interactionStep(ctx, await openid.provider(), params.uid, caller.session),
  );

  serve(app, calls.chooseInteractionCompany, async ({ params, body, caller }) =>
    chooseInteractionCompany(ctx, await openid.provider(), params.uid, caller.session, body.enterpriseId),
  );

  serve(app, calls.consentInteraction, async ({ params, body, caller }) =>
    consentInteraction(ctx, await openid.provider(), params.uid, caller.session, body.enterpriseId),
  );

  serve(app, calls.abortInteraction, async ({ params }) => abortInteraction(ctx, await openid.provider(), params.uid));
}
