import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { authorizeCalls as calls } from '@portal/shared/api/contract/authorize';
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
import type { Handlers } from '../../plugins/calls.ts';

/** The interaction a call names, with the browser's request and answer: the provider reads its cookie there. */
const screenCall = (uid: string, request: FastifyRequest, reply: FastifyReply): ScreenCall => ({
  uid,
  req: request.raw,
  res: reply.raw,
});

/** The portal's screen of a product's sign-in: its steps, one call each. */
export function interactionHandlers(app: FastifyInstance, { openid }: { openid: OpenIdService }) {
  const { ctx } = app;

  return {
    interactionStep: async ({ params, caller, request, reply }) =>
      interactionStep(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller.session),
    continueInteraction: async ({ params, caller, request, reply }) =>
      continueInteraction(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller.session),
    chooseInteractionCompany: async ({ params, body, caller, request, reply }) =>
      chooseInteractionCompany(
        ctx,
        await openid.provider(),
        screenCall(params.uid, request, reply),
        caller.session,
        body.enterpriseId,
      ),
    consentInteraction: async ({ params, body, caller, request, reply }) =>
      consentInteraction(
        ctx,
        await openid.provider(),
        screenCall(params.uid, request, reply),
        caller.session,
        body.enterpriseId,
      ),
    reauthenticateInteraction: async ({ params, body, caller, request, reply }) =>
      reauthenticateInteraction(ctx, await openid.provider(), screenCall(params.uid, request, reply), caller, body),
    abortInteraction: async ({ params, request, reply }) =>
      abortInteraction(await openid.provider(), screenCall(params.uid, request, reply)),
  } satisfies Partial<Handlers<typeof calls>>;
}
