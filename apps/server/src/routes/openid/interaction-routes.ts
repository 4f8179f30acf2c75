import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorizeCalls as calls } from '@portal/shared/api/contract/authorize';
import {
  abortInteraction,
  chooseInteractionCompany,
  consentInteraction,
  continueInteraction,
  interactionStep,
  reauthenticateInteraction,
  type ScreenCall,
} from '../../libraries/openid/interactions.ts';
import type { OpenIdService } from '../../libraries/openid/service.ts';
import { serve } from '../../plugins/calls.ts';

/** The interaction a call names, with the browser's request and answer: the provider reads its cookie there. */
const screenCall = (uid: string, request: FastifyRequest, reply: FastifyReply): ScreenCall => ({
  uid,
  req: request.raw,
  res: reply.raw,
});

/** The portal's screen of a product's sign-in: its steps, one call each. */
export async function interactionRoutes(app: FastifyInstance, { openid }: { openid: OpenIdService }) {
  const { ctx } = app;

  serve(app, calls.interactionStep, async ({ params, caller, request, reply }) =>
    interactionStep(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller.session),
  );

  serve(app, calls.continueInteraction, async ({ params, caller, request, reply }) =>
    continueInteraction(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller.session),
  );

  serve(app, calls.chooseInteractionCompany, async ({ params, body, caller, request, reply }) =>
    chooseInteractionCompany(
      ctx,
      await openid.provider(),
      screenCall(params.uid, request, reply),
      caller.session,
      body.enterpriseId,
    ),
  );

  serve(app, calls.consentInteraction, async ({ params, body, caller, request, reply }) =>
    consentInteraction(
      ctx,
      await openid.provider(),
      screenCall(params.uid, request, reply),
      caller.session,
      body.enterpriseId,
    ),
  );

  serve(app, calls.reauthenticateInteraction, async ({ params, body, caller, request, reply }) =>
    reauthenticateInteraction(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller, body),
  );

  serve(app, calls.abortInteraction, async ({ params, request, reply }) =>
    abortInteraction(await openid.provider(), screenCall(params.uid, request, reply)),
  );
}
