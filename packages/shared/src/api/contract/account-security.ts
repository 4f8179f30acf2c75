import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  addPasskeyRequestSchema,
  passkeySchema,
  passkeysSchema,
  registrationOptionsSchema,
  removePasskeyRequestSchema,
  renamePasskeyRequestSchema,
} from '../passkeys.ts';
import {
  MY_SESSIONS_PAGE_SIZE_DEFAULT,
  MY_SESSIONS_PAGE_SIZE_MAX,
  mySessionsQuerySchema,
  mySessionsSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionRequestSchema,
  revokeSessionResponseSchema,
} from '../sessions.ts';
import {
  twoStepConfirmRequestSchema,
  twoStepConfirmResponseSchema,
  twoStepDisableRequestSchema,
  twoStepSetupCodeSentSchema,
  twoStepSetupSchema,
  twoStepStateSchema,
} from '../two-step.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

const FRESH_PROOF =
  '1009166 (the proof of this session is older than 10 minutes: `reauthenticate` first, then the same request again)';

/** The person's own two-step sign-in, sessions and passkeys. */
export const accountSecurityCalls = {
  twoStep: defineCall({
    method: 'GET',
    path: `${F}/personal/two-step`,
    audience: 'signedIn',
    duringTwoStepSetup: true,
    tag: 'account-security',
    summary: 'Whether two-step sign-in is on, the recovery codes left, and whether a company requires it',
    response: twoStepStateSchema,
    errors: [],
  }),

  twoStepSetup: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/two-step/setup`,
    audience: 'signedIn',
    duringTwoStepSetup: true,
    tag: 'account-security',
    summary: 'Start setting up two-step sign-in: a new secret for the authenticator app',
    description: `Answers the secret (Base32, for typing in by hand), its \`otpauth://\` URI and that URI as a QR code (an SVG \`data:\` URL). The secret is pending until \`twoStepConfirm\`; a new set-up replaces a pending one. Rejections: 1009162 (two-step sign-in is already on), ${FRESH_PROOF}.`,
    response: twoStepSetupSchema,
    errors: [ErrorCode.TwoStepAlreadyOn, ErrorCode.ReauthenticationRequired],
  }),

  twoStepSetupCode: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/two-step/setup-code`,
    audience: 'signedIn',
    duringTwoStepSetup: true,
    tag: 'account-security',
    summary: "Send the code a required set-up also needs, to the account's verified email or phone",
    description:
      "When a company requires two-step sign-in (`setupCodeNeeded` in the state), the session may have been opened with a password alone: turning it on then also needs a code sent to the account's verified email, else its verified phone (never a channel the request names). Answers where it went, masked. The sending limits of every code apply (1009108 with `data.cooldownSeconds`). Rejections: 1009162 (two-step sign-in is already on), 1009130 (no verified email or phone: verify a phone first).",
    response: twoStepSetupCodeSentSchema,
    errors: [ErrorCode.TwoStepAlreadyOn, ErrorCode.PhoneVerificationRequired, ErrorCode.SmsBusy],
  }),

  twoStepConfirm: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/two-step/confirm`,
    audience: 'signedIn',
    duringTwoStepSetup: true,
    tag: 'account-security',
    summary: 'Turn two-step sign-in on with a code of the app; answers the ten recovery codes, shown once',
    description: `The code must come from the pending secret (the current 30-second step, or the one before or after). When a company requires two-step sign-in, \`setupCode\` is the code \`twoStepSetupCode\` sent to the account's verified email or phone, checked after the app's code. Only the hashes of the recovery codes are kept: this answer is the one chance to save them. Rejections: 1009160 (wrong code), 1009104 (\`setupCode\` missing or wrong), 1009130 (a company requires it and the account has no verified email or phone), 1009164 (no set-up pending), 1009162 (already on), ${FRESH_PROOF}.`,
    body: twoStepConfirmRequestSchema,
    response: twoStepConfirmResponseSchema,
    errors: [
      ErrorCode.TwoStepCodeInvalid,
      ErrorCode.CodeInvalid,
      ErrorCode.PhoneVerificationRequired,
      ErrorCode.TwoStepSetupMissing,
      ErrorCode.TwoStepAlreadyOn,
      ErrorCode.ReauthenticationRequired,
    ],
  }),

  twoStepDisable: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/two-step/disable`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'Turn two-step sign-in off with the password and a code of the app or a recovery code',
    description:
      'The secret and the recovery codes are deleted. The password and the code are the fresh proof this change needs: a session whose proof is older than 10 minutes may turn it off, and counts as proven afterwards. Each try counts as a failed sign-in of the account (the same counter and waits: 1000429). Rejections: 1009102 (wrong password), 1009160 (wrong code, or one already used), 1009163 (two-step sign-in is off), 1009167 (a company of the person requires it: `required` in the state says so).',
    body: twoStepDisableRequestSchema,
    response: z.null(),
    errors: [
      ErrorCode.PasswordIncorrect,
      ErrorCode.TwoStepCodeInvalid,
      ErrorCode.TwoStepNotOn,
      ErrorCode.TwoStepRequiredByCompany,
    ],
  }),

  mySessions: defineCall({
    method: 'GET',
    path: `${F}/personal/sessions`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: "The person's live sessions, this one marked `current`",
    description:
      'Sessions not ended, within their absolute lifetime and used within the idle limit, newest sign-in first ' +
      '(the order of opening, which later activity does not change, so pages neither repeat nor skip a session). ' +
      `Paged by a cursor: \`pageSize\` 1-${MY_SESSIONS_PAGE_SIZE_MAX} (default ${MY_SESSIONS_PAGE_SIZE_DEFAULT}), ` +
      '`cursor` the `nextCursor` of the page before (1000400 with `fields.cursor` for one the server did not make); ' +
      '`total` counts all live sessions. ' +
      '`device` is parsed from the `User-Agent` the session was opened with. There is no geolocation: `ip` is the ' +
      "network of the session's address, never the address (IPv4 as its /24, `203.0.113.*`; IPv6 as its /48, " +
      '`2001:db8:1::/48`), and `place` is `local` for a loopback or private address. Sessions opened before ' +
      'devices were recorded have `ip: null` and an `other` device without names.',
    query: mySessionsQuerySchema,
    response: mySessionsSchema,
    errors: [],
  }),

  revokeMySession: defineCall({
    method: 'POST',
    path: `${F}/personal/sessions/revoke`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'End one of the own sessions',
    description:
      "Its next request, on any server process, answers 1000401 (the session's row is revoked in the database). " +
      "`current: true` when it was this request's session: the same as signing out. Rejections: 1009150 (no live " +
      "session of the caller has this id: also for the id of another person's session).",
    body: revokeSessionRequestSchema,
    response: revokeSessionResponseSchema,
    errors: [ErrorCode.SessionNotFound],
  }),

  revokeMyOtherSessions: defineCall({
    method: 'POST',
    path: `${F}/personal/sessions/revoke-others`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'End every other own session; this one goes on',
    description:
      '`revoked` is how many live sessions ended (0 when there was none); when one did, the person is told by their ' +
      'security notice. `recentPasskeys` are the passkeys added in the last 7 days, oldest first, which the web ' +
      `app offers to remove (a borrowed session may have planted one). Rejections: ${FRESH_PROOF}.`,
    response: revokeOtherSessionsResponseSchema,
    errors: [ErrorCode.ReauthenticationRequired],
  }),

  passkeys: defineCall({
    method: 'GET',
    path: `${F}/personal/passkeys`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: "The user's passkeys, oldest first",
    description:
      '`name` is null when none was given; `lastUsedAt` is the last sign-in with it (null before the first); `deviceType` `multiDevice` is a passkey synced between devices.',
    response: passkeysSchema,
    errors: [],
  }),

  passkeyRegistrationOptions: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/passkeys/registration-options`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'Start adding a passkey: the options for `navigator.credentials.create()`',
    description: `WebAuthn's \`PublicKeyCredentialCreationOptionsJSON\` for a discoverable credential (resident key required, user verification preferred, no attestation), excluding the user's passkeys. The relying-party id is \`MAIN_DOMAIN\` when set (the passkey then works on every company sub-host), else the host of \`PUBLIC_URL\`. The challenge is good once, for 5 minutes. Rejections: ${FRESH_PROOF}, 1009173 (the user holds 20 passkeys).`,
    response: registrationOptionsSchema,
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.PasskeyLimit],
  }),

  addPasskey: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/passkeys`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: "Add a passkey: the browser's answer to the registration options, and an optional name",
    description: `\`response\` is WebAuthn's \`RegistrationResponseJSON\` (what \`startRegistration()\` of @simplewebauthn/browser returns). The answer must come from \`PUBLIC_URL\`'s origin, or with \`MAIN_DOMAIN\` from a sub-host of it, and carry user verification. Answers the new passkey; the person is told by their security notice. Rejections: ${FRESH_PROOF}, 1009170 (the challenge is unknown, expired, used, or another user's), 1009171 (the answer does not verify), 1009172 (the passkey is registered already), 1009173 (20 passkeys already), 1000400 (\`name\` empty or over 50 units, a CJK character counting 2).`,
    body: addPasskeyRequestSchema,
    response: passkeySchema,
    errors: [
      ErrorCode.ReauthenticationRequired,
      ErrorCode.PasskeyChallengeInvalid,
      ErrorCode.PasskeyNotVerified,
      ErrorCode.PasskeyExists,
      ErrorCode.PasskeyLimit,
    ],
  }),

  renamePasskey: defineCall({
    method: 'POST',
    path: `${F}/personal/passkeys/rename`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'Rename one of the user’s passkeys',
    description:
      "Rejections: 1000404 (no passkey of this user has that id; another user's passkey is answered alike), 1000400 (`name` empty or over 50 units).",
    body: renamePasskeyRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  removePasskey: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/personal/passkeys/remove`,
    audience: 'signedIn',
    tag: 'account-security',
    summary: 'Remove one of the user’s passkeys: it no longer signs in',
    description: `Rejections: ${FRESH_PROOF}, 1000404 (no passkey of this user has that id; another user's passkey is answered alike).`,
    body: removePasskeyRequestSchema,
    response: z.null(),
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.NotFound],
  }),
};
