import type { FastifyInstance } from 'fastify';
import { signInCalls as calls } from '@portal/shared/api/contract/sign-in';
import { completeTwoStepSignIn } from '../../libraries/two-step-sign-in.ts';
import { serve } from '../../plugins/calls.ts';

/** The second step of a sign-in of an account with two-step sign-in. */
export async function twoStepSignInRoutes(app: FastifyInstance) {
  serve(app, calls.loginTwoStep, ({ caller, body }) => completeTwoStepSignIn(app.ctx, body, caller));
}
