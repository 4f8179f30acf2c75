import type { FastifyInstance } from 'fastify';
import type { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { completeTwoStepSignIn } from '../../libraries/sign-in/two-step-sign-in.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The second step of a sign-in of an account with two-step sign-in. */
export function twoStepSignInHandlers(app: FastifyInstance) {
  return {
    loginTwoStep: ({ caller, body }) => completeTwoStepSignIn(app.ctx, body, caller),
  } satisfies Partial<Handlers<typeof calls>>;
}
