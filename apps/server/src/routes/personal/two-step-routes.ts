import type { FastifyInstance } from 'fastify';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { sendSetupCode } from '../../libraries/two-step-setup-code.ts';
import { confirmTwoStep, disableTwoStep, startTwoStepSetup, twoStepState } from '../../libraries/two-step.ts';
import { serve } from '../../plugins/calls.ts';

/** Two-step sign-in with an authenticator app, as the person turns it on and off (personal centre). */
export async function twoStepRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.twoStep, ({ caller }) => twoStepState(ctx, caller));

  serve(app, calls.twoStepSetup, ({ caller }) => startTwoStepSetup(ctx, caller));

  serve(app, calls.twoStepSetupCode, ({ caller }) => sendSetupCode(ctx, app.messenger, caller));

  serve(app, calls.twoStepConfirm, ({ caller, body }) => confirmTwoStep(ctx, caller, body));

  serve(app, calls.twoStepDisable, ({ caller, body }) => disableTwoStep(ctx, caller, body));
}
