import type { FastifyInstance } from 'fastify';
import type { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { sendSetupCode } from '../../libraries/account-security/two-step-setup-code.ts';
import {
  confirmTwoStep,
  disableTwoStep,
  startTwoStepSetup,
  twoStepState,
} from '../../libraries/account-security/two-step.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Two-step sign-in with an authenticator app, as the person turns it on and off (personal centre). */
export function twoStepHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    twoStep: ({ caller }) => twoStepState(ctx, caller),
    twoStepSetup: ({ caller }) => startTwoStepSetup(ctx, caller),
    twoStepSetupCode: ({ caller }) => sendSetupCode(ctx, app.messenger, caller),
    twoStepConfirm: ({ caller, body }) => confirmTwoStep(ctx, caller, body),
    twoStepDisable: ({ caller, body }) => disableTwoStep(ctx, caller, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
