import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import { currentUserSchema, loginRequestSchema, loginResponseSchema, sessionResponseSchema } from '../auth.ts';
import { passkeySignInOptionsSchema, passkeySignInRequestSchema } from '../passkeys.ts';
import { twoStepSignInRequestSchema } from '../two-step.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

/** Sign-in and sign-out, second steps and passkeys, and the signed-in user. */
export const signInCalls = {
  login: defineCall({
    method: 'POST',
    path: `${F}/user/login`,
    audience: 'anonymous',
    tag: 'sign-in',
    summary: 'Sign in by password (phone, email or account) or by code (phone or email)',
    description:
      'Answers a session, or, for an account with two-step sign-in (after a right password or code alike), `{ twoStep: { ticket, expiresAt } }` without a session: the ticket goes with a code to `POST F/user/login/two-step` within 5 minutes. A session carries `twoStepSetupRequired: true` when a company of the user requires two-step sign-in and it is off. Rejections: 1009117 (any password failure), 1009104 (code), 1009132 (the right password of an email not yet proven, told only after the check), 1008117 (disabled, told only after right credentials), 1000429 (throttled).',
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: [ErrorCode.InvalidCredentials, ErrorCode.CodeInvalid, ErrorCode.EmailUnproven, ErrorCode.AccountDisabled],
  }),

  logout: defineCall({
    method: 'POST',
    path: `${F}/user/logout`,
    audience: 'signedIn',
    beforeAccountSettled: true,
    tag: 'sign-in',
    summary: 'End this session',
    response: z.null(),
    errors: [],
  }),

  currentUser: defineCall({
    method: 'GET',
    path: `${F}/user/current`,
    audience: 'signedIn',
    beforeAccountSettled: true,
    tag: 'sign-in',
    summary: 'The signed-in user',
    response: currentUserSchema,
    errors: [],
  }),

  loginTwoStep: defineCall({
    method: 'POST',
    path: `${F}/user/login/two-step`,
    audience: 'anonymous',
    tag: 'sign-in',
    summary: 'Finish a two-step sign-in with a code of the authenticator app or a recovery code',
    description:
      "The `ticket` of the `user/login` answer `twoStep` (5 minutes, single use) and a 6-digit code of the app (not one used before) or an unused recovery code. Answers the session as `user/login` does. A wrong code counts as a failed sign-in of the account (waits from the 5th failure, the per-IP cap) and as one of the ticket's 5 tries. Rejections: 1009160 (wrong code), 1009161 (unknown, expired, used or spent ticket: sign in again), 1008117 (disabled), 1000429 (throttled).",
    body: twoStepSignInRequestSchema,
    response: sessionResponseSchema,
    errors: [ErrorCode.TwoStepCodeInvalid, ErrorCode.TwoStepTicketInvalid, ErrorCode.AccountDisabled],
  }),

  passkeySignInOptions: defineCall({
    method: 'POST',
    path: `${F}/user/login/passkey/options`,
    audience: 'anonymous',
    tag: 'sign-in',
    summary: 'Start a passkey sign-in: the options for `navigator.credentials.get()`',
    description:
      "WebAuthn's `PublicKeyCredentialRequestOptionsJSON` without `allowCredentials` (discoverable credentials: the browser offers those it holds for the portal), and `challengeId`, which the answer names. Good once, for 5 minutes. One address holds at most 20 live ones: beyond, 1000429 with `Retry-After`.",
    response: passkeySignInOptionsSchema,
    errors: [],
  }),

  passkeySignIn: defineCall({
    method: 'POST',
    path: `${F}/user/login/passkey`,
    audience: 'anonymous',
    tag: 'sign-in',
    summary: 'Sign in with a passkey: the browser’s answer to the sign-in options',
    description:
      "`response` is WebAuthn's `AuthenticationResponseJSON` (what `startAuthentication()` of @simplewebauthn/browser returns). Answers a session as a password sign-in does, without a two-step code (a passkey with user verification is two factors). The try counts like a password's: per account (the passkey's) and under the client IP's cap. Rejections: 1009117 (unknown passkey, wrong origin, bad signature, no user verification, a signature counter that did not grow), 1009170 (the challenge is unknown, expired or used), 1008117 (disabled, only after a valid passkey), 1000429 (throttled).",
    body: passkeySignInRequestSchema,
    // a passkey is both factors: never the ticket of a second step
    response: sessionResponseSchema,
    errors: [ErrorCode.InvalidCredentials, ErrorCode.PasskeyChallengeInvalid, ErrorCode.AccountDisabled],
  }),
};
