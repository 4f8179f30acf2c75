import type { FastifyInstance } from 'fastify';
import { registrationCalls as calls } from '@portal/shared/api/contract/registration';
import { referralInfo } from '../../libraries/invitations.ts';
import { joinMember } from '../../libraries/registration/account-binding.ts';
import { signUpMember } from '../../libraries/registration/member-sign-up.ts';
import { registerEnterprise } from '../../libraries/registration/new-company.ts';
import { signUpPersonal } from '../../libraries/registration/personal-sign-up.ts';
import { checkSignUp } from '../../libraries/registration/sign-up-check.ts';
import { serve } from '../../plugins/calls.ts';

/** Invitation links, registration through them, and the personal-version sign-up (F). */
export async function registrationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.referralInfo, ({ params, caller }) => referralInfo(ctx, params.id, caller.session));

  serve(app, calls.adminSignUp, ({ body, caller }) => registerEnterprise(ctx, 'admin', body, caller));

  serve(app, calls.ownerSignUp, ({ body, caller }) => registerEnterprise(ctx, 'owner', body, caller));

  serve(app, calls.memberSignUp, ({ body, caller }) => signUpMember(ctx, body, caller));

  serve(app, calls.bindEnterprise, ({ body, caller }) => joinMember(ctx, body, caller));

  serve(app, calls.personalSignUp, ({ body, caller }) => signUpPersonal(ctx, body, caller));

  serve(app, calls.signUpCheck, ({ body }) => checkSignUp(ctx, body));
}
