import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import { authorizeStepSchema, chooseCompanySchema, interactionParamsSchema } from '../authorize.ts';
import { reauthenticateRequestSchema } from '../fresh-proof.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

/** Where the screen's calls of an interaction live: the provider's interaction cookie is sent on this
 *  path alone, so that the browser shows which interaction it started with each of them. */
export const INTERACTION_CALLS_PATH = `${F}/oidc/interaction`;

const NOTE =
  "An interaction is the OpenID provider's request of a product to sign a person in (docs/openid-provider.md#interaction). It belongs to the browser that started it: the provider's interaction cookie (on the path these calls share) must name it. 1000404 when it is unknown, has expired, or is not this browser's.";

/** The portal's screen of a product's sign-in through the OpenID provider. */
export const authorizeCalls = {
  interactionStep: defineCall({
    method: 'GET',
    path: `${INTERACTION_CALLS_PATH}/:uid`,
    audience: 'anonymous',
    session: 'optional',
    tag: 'openid',
    summary: "The next step of a product's sign-in: sign in, choose a company, consent, or go on",
    description: `${NOTE} Without a session the step is \`signIn\`. A person signed in already is not asked again: with one company that has the product's right, and a first-party product, the step is \`continue\`. Asking never finishes the sign-in.`,
    params: interactionParamsSchema,
    response: authorizeStepSchema,
    errors: [ErrorCode.NotFound],
  }),

  chooseInteractionCompany: defineCall({
    method: 'POST',
    path: `${INTERACTION_CALLS_PATH}/:uid/company`,
    audience: 'signedIn',
    tag: 'openid',
    summary: 'The company the product signs the person into',
    description: `${NOTE} 1000403 when the person is not a member of the company. The answer is the next step: \`denied\` when the company has no right to the product.`,
    params: interactionParamsSchema,
    body: chooseCompanySchema,
    response: authorizeStepSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Forbidden],
  }),

  consentInteraction: defineCall({
    method: 'POST',
    path: `${INTERACTION_CALLS_PATH}/:uid/consent`,
    audience: 'signedIn',
    tag: 'openid',
    summary: 'The person lets a third-party product have the claims it asked for',
    description: `${NOTE} The answer is \`redirect\`, or \`denied\` when the company has lost the product's right meanwhile.`,
    params: interactionParamsSchema,
    body: chooseCompanySchema.partial(),
    response: authorizeStepSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Forbidden],
  }),

  reauthenticateInteraction: defineCall({
    method: 'POST',
    path: `${INTERACTION_CALLS_PATH}/:uid/reauthenticate`,
    audience: 'signedIn',
    tag: 'openid',
    summary: 'The person proves it is them for a product that asked for a new sign-in or two factors',
    description: `${NOTE} The answer to the \`reauthenticate\` step (docs/openid-provider.md#step-up), with the proofs of \`POST F/personal/reauthenticate\`: \`password\`, \`code\` (a code of the authenticator app or a recovery code), or \`passkey\` (its challenge from \`POST F/personal/reauthenticate/passkey-options\`; a passkey with user verification is two factors: \`amr\` hwk or swk). The portal session stays; the product's ID token gets \`auth_time\` now, \`amr\` the methods proved in this sign-in and \`acr\` one or two factors. Each try counts as a failed sign-in of the account (1000429 after too many). The answer is the next step. Rejections: 1009102 (wrong password), 1009160 (wrong code), 1009163 (a code while two-step sign-in is off), 1009170 (dead passkey challenge), 1009171 (a passkey not this account's, or not verified).`,
    params: interactionParamsSchema,
    body: reauthenticateRequestSchema,
    response: authorizeStepSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.PasswordIncorrect,
      ErrorCode.TwoStepCodeInvalid,
      ErrorCode.TwoStepNotOn,
      ErrorCode.PasskeyChallengeInvalid,
      ErrorCode.PasskeyNotVerified,
    ],
  }),

  continueInteraction: defineCall({
    method: 'POST',
    path: `${INTERACTION_CALLS_PATH}/:uid/continue`,
    audience: 'signedIn',
    tag: 'openid',
    summary: 'The screen goes on when nothing is left to ask, and the sign-in finishes',
    description: `${NOTE} The answer is \`redirect\`, or the step that is still to come when something changed meanwhile (\`denied\` when the company has lost the product's right).`,
    params: interactionParamsSchema,
    body: z.strictObject({}).optional(),
    response: authorizeStepSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Forbidden],
  }),

  abortInteraction: defineCall({
    method: 'POST',
    path: `${INTERACTION_CALLS_PATH}/:uid/abort`,
    audience: 'anonymous',
    tag: 'openid',
    summary: 'The person goes back to the product without signing in; it learns `access_denied`',
    description: `${NOTE} Only the browser that started the sign-in can end it so.`,
    params: interactionParamsSchema,
    body: z.strictObject({}).optional(),
    response: authorizeStepSchema,
    errors: [ErrorCode.NotFound],
  }),
};
