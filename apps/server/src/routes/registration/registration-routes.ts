import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  enterpriseSignUpRequestSchema,
  joinEnterpriseRequestSchema,
  memberSignUpRequestSchema,
  personalSignUpRequestSchema,
  personalSignUpResponseSchema,
  referralInfoParamsSchema,
  referralInfoSchema,
  registrationAnswerSchema,
  signUpCheckRequestSchema,
  signUpCheckResponseSchema,
} from '@portal/shared/api/registration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referralInfo } from '../../libraries/invitations.ts';
import { storedUserAgent } from '../../libraries/devices.ts';
import type { RequestMeta } from '../../libraries/registration.ts';
import {
  checkSignUp,
  joinMember,
  registerEnterprise,
  signUpMember,
  signUpPersonal,
} from '../../libraries/registration.ts';
import { ok } from '../../plugins/envelope.ts';
import { apiPaths } from '@portal/shared/api/paths';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  lang: request.lang,
  userAgent: storedUserAgent(request.headers['user-agent']),
});

const LINK =
  'A used, expired, revoked or unknown link answers 1008110 with `data.status` as `referral/info` would say it; ' +
  'a link of another kind than the call redeems answers 1008110 with status `invalid`. ' +
  'Everything is written in one transaction: any rejection leaves the link and the ticket unused. ' +
  'The ticket is the one `checkCode` gave for scene `register` (1009104 when unknown, expired, used or of another scene). ' +
  'Checks run in this order: request schema (1000400 with `data.fields`), passwords match (1008107), link, ticket, account, uniqueness. ' +
  'The answer passes the gate of every sign-in: an existing account with two-step sign-in joins, but gets `{ twoStep: { ticket, expiresAt } }` ' +
  'instead of a session (the phone code is one factor), finished by `user/login/two-step` in the company joined; ' +
  '`twoStepSetupRequired: true` when a company of the person requires two-step sign-in they have not set up.';

const ENTERPRISE =
  ' `enterprise.abbreviation` / `enterprise.fullName` empty: 1009118 / 1009111 (too long: 1000400); taken: 1009112 / 1009114; ' +
  'credit code malformed (GB 32100-2015): 1000400, taken: 1009115; `domain` (`^[a-z][a-z0-9-]{2,29}$`) taken or reserved ' +
  '(www, api, admin, dev, test, ...): 1009116; without `domain` the server picks a free one. ' +
  'When an account has proven the ticket phone, that account becomes the administrator unchanged ' +
  '(nickname, password and email are ignored; 1008117 if it is disabled); else a new account is made ' +
  '(an email given is kept unproven until its owner proves it in the personal centre). The answer signs the person in, in the new company.';

export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.referralInfo,
    {
      schema: {
        tags: ['registration'],
        summary: 'What an invitation link is: its status and, while valid, who invites into which company',
        description:
          'Only `{ status }` unless the link is valid; an unknown id is `invalid`. Revoked outranks used, used outranks expired. ' +
          '`enterpriseName`/`enterpriseDomain` are null for kind `admin` (the company does not exist yet); ' +
          '`inviterName` is null for links made by the operator command line.',
        params: referralInfoParamsSchema,
        response: { 200: envelopeSchema(referralInfoSchema) },
      },
    },
    async (request) => ok(await referralInfo(app.ctx, request.params.id)),
  );

  r.post(
    apiPaths.adminSignUp,
    {
      schema: {
        tags: ['registration'],
        summary: 'Redeem an `admin` link: register a new common company and become its administrator',
        description: LINK + ENTERPRISE,
        body: enterpriseSignUpRequestSchema,
        response: { 200: envelopeSchema(registrationAnswerSchema) },
      },
    },
    async (request) => ok(await registerEnterprise(app.ctx, 'admin', request.body, meta(request))),
  );

  r.post(
    apiPaths.ownerSignUp,
    {
      schema: {
        tags: ['registration'],
        summary: 'Redeem an `owner` link: register an owner company under the inviting company and administer it',
        description: LINK + ENTERPRISE,
        body: enterpriseSignUpRequestSchema,
        response: { 200: envelopeSchema(registrationAnswerSchema) },
      },
    },
    async (request) => ok(await registerEnterprise(app.ctx, 'owner', request.body, meta(request))),
  );

  r.post(
    apiPaths.memberSignUp,
    {
      schema: {
        tags: ['registration'],
        summary: 'Redeem a `member` link with a new account: join the inviting company as a member',
        description:
          LINK +
          ' The phone already has an account: 1008115 (use `user/boundEnterprise`); an email given is kept unproven. ' +
          "The member lands in the link's department, or the default department when the link names none or it was deleted.",
        body: memberSignUpRequestSchema,
        response: { 200: envelopeSchema(registrationAnswerSchema) },
      },
    },
    async (request) => ok(await signUpMember(app.ctx, request.body, meta(request))),
  );

  r.post(
    apiPaths.bindEnterprise,
    {
      schema: {
        tags: ['registration'],
        summary: "Redeem a `member` link with the ticket phone's existing account",
        description:
          LINK +
          ' Only `member` links. No account for the phone: 1008118; already a member: 1009110 (the link stays unused); disabled: 1008117.',
        body: joinEnterpriseRequestSchema,
        response: { 200: envelopeSchema(registrationAnswerSchema) },
      },
    },
    async (request) => ok(await joinMember(app.ctx, request.body, meta(request))),
  );

  r.post(
    apiPaths.personalSignUp,
    {
      schema: {
        tags: ['registration'],
        summary: 'Register a personal-version account (no company) and sign in',
        description:
          'The ticket (scene `register`) proves the phone: 1009104 otherwise. Passwords differ: 1008107. ' +
          'The phone already has an account: 1008115; an email given is kept unproven.',
        body: personalSignUpRequestSchema,
        response: { 200: envelopeSchema(personalSignUpResponseSchema) },
      },
    },
    async (request) => ok(await signUpPersonal(app.ctx, request.body, meta(request))),
  );

  r.post(
    apiPaths.signUpCheck,
    {
      schema: {
        tags: ['registration'],
        summary: "Whether the ticket's phone has an account, and whether it is already in the link's company",
        description:
          'Reads the ticket without using it (1009104 when it is not a live `register` ticket), so only the ' +
          "phone's owner learns this. `joined` is false without `referralId`, for an unknown link or an `admin` link.",
        body: signUpCheckRequestSchema,
        response: { 200: envelopeSchema(signUpCheckResponseSchema) },
      },
    },
    async (request) => ok(await checkSignUp(app.ctx, request.body)),
  );
}
