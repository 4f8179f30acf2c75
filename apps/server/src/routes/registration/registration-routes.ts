import type { FastifyInstance } from 'fastify';
import type { registrationCalls as calls } from '@portal/shared/api/contract/registration';
import { referralInfo } from '../../libraries/company/invitations.ts';
import { joinMember } from '../../libraries/registration/account-binding.ts';
import { signUpMember } from '../../libraries/registration/member-sign-up.ts';
import { registerEnterprise } from '../../libraries/registration/new-company.ts';
import { signUpPersonal } from '../../libraries/registration/personal-sign-up.ts';
import { checkSignUp } from '../../libraries/registration/sign-up-check.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Invitation links, registration through them, and the personal-version sign-up (F). */
export function registrationHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    referralInfo: ({ params, caller }) => referralInfo(ctx, params.id, caller.session),
    adminSignUp: ({ body, caller }) => registerEnterprise(ctx, 'admin', body, caller),
    ownerSignUp: ({ body, caller }) => registerEnterprise(ctx, 'owner', body, caller),
    memberSignUp: ({ body, caller }) => signUpMember(ctx, body, caller),
    bindEnterprise: ({ body, caller }) => joinMember(ctx, body, caller),
    personalSignUp: ({ body, caller }) => signUpPersonal(ctx, body, caller),
    signUpCheck: ({ body }) => checkSignUp(ctx, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
