import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import { reauthenticateRequestSchema } from '../fresh-proof.ts';
import { passkeySignInOptionsSchema } from '../passkeys.ts';
import {
  allowModifyPasswordSchema,
  forgetPasswordRequestSchema,
  phoneAuthRequestSchema,
  saveLangCodeRequestSchema,
  updateEmailRequestSchema,
  updateNicknameRequestSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  updatePhoneRequestSchema,
  userCertifiedSchema,
} from '../personal.ts';
import { defineCall } from './define.ts';
import { ACCOUNT_PREFIX as A, FRONT_PREFIX as F } from './prefixes.ts';

const FRESH_PROOF =
  '1009166 (the proof of this session is older than 10 minutes: `reauthenticate` first, then the same request again)';

/** The personal centre (A), the account's language, phone verification and password recovery (F). */
export const personalCalls = {
  updateNickname: defineCall({
    method: 'POST',
    path: `${A}/user/updatenickname`,
    audience: 'signedIn',
    tag: 'personal',
    summary: 'Change the display name',
    description: 'At most 50 units, a CJK character counting 2; 1000400 otherwise.',
    body: updateNicknameRequestSchema,
    response: z.null(),
    errors: [],
  }),

  updatePhone: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${A}/user/updatephone`,
    audience: 'signedIn',
    tag: 'personal',
    summary: 'Change the phone, proven by a `bind` code sent to the new phone',
    description: `The phone becomes the verified phone. Rejections: ${FRESH_PROOF}, checked before the code, which is then not used up; 1009104 (wrong code); after a right code, when another account has proven the phone: 1009106 with \`data.boundTo\` (its masked nickname and account) if that account shares a company with the user, else 1008109. The user's own phone again re-verifies it.`,
    body: updatePhoneRequestSchema,
    response: z.null(),
    errors: [ErrorCode.ReauthenticationRequired, ErrorCode.CodeInvalid, ErrorCode.PhoneBound, ErrorCode.PhoneExists],
  }),

  updateEmail: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${A}/user/updateEmail`,
    audience: 'signedIn',
    tag: 'personal',
    summary: 'Change the email, proven by a `bind` code sent to the new email',
    description: `Rejections: ${FRESH_PROOF}, checked first, so the code is not used up; 1009128 (empty), 1009127 (malformed), 1009129 (it is already this user's verified email: checked before the code, which is then not used up), 1009104 (wrong code), 1008119 (another account has proven it; told only after a right code). The account's own unproven email is accepted and becomes verified.`,
    body: updateEmailRequestSchema,
    response: z.null(),
    errors: [
      ErrorCode.ReauthenticationRequired,
      ErrorCode.EmailEmpty,
      ErrorCode.EmailFormat,
      ErrorCode.EmailBound,
      ErrorCode.CodeInvalid,
      ErrorCode.NewEmailRegistered,
    ],
  }),

  updatePassword: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${A}/user/updatepwd`,
    audience: 'signedIn',
    tag: 'personal',
    summary: 'Change the password; every other session of the user ends',
    description:
      'Rejections: 1000400 (the new password breaks the rule), 1008107 (confirmation differs), 1009102 (wrong old password; it counts as a failed sign-in of the account, so repeated guesses wait like sign-ins do: 1000429), 1009131 (the new password is the current one). This session goes on. The old password is the fresh proof this change needs: a session whose proof is older than 10 minutes may change it, and counts as proven afterwards. `recentPasskeys` are the passkeys added in the last 7 days, oldest first, which the web app offers to remove (a borrowed session may have planted one); the person is told by their security notice.',
    body: updatePasswordRequestSchema,
    response: updatePasswordResponseSchema,
    errors: [ErrorCode.PasswordsDoNotMatch, ErrorCode.PasswordIncorrect, ErrorCode.PasswordUnchanged],
  }),

  reauthenticate: defineCall({
    method: 'POST',
    path: `${F}/personal/reauthenticate`,
    audience: 'signedIn',
    // the set-up a company requires is a sensitive change too, reached before anything else
    duringTwoStepSetup: true,
    tag: 'personal',
    summary: 'Prove it is you in this session, before a sensitive change',
    description:
      "With `password`, or with `code` (a code of the authenticator app or a recovery code, used up) when two-step sign-in is on, or with `passkey` (`{ challengeId, response }`: a passkey of this account answering the challenge of `POST F/personal/reauthenticate/passkey-options`, with user verification); the person chooses. The session counts as proven for 10 minutes: adding a passkey, changing the phone or email, setting up two-step sign-in and signing out everywhere answer 1009166 without such a proof (the sign-in that opened the session is one). Each try counts as a failed sign-in of the account (the same counter and waits: 1000429). Rejections: 1009102 (wrong password, or the account has none), 1009160 (wrong code, or one already used), 1009163 (a code while two-step sign-in is off), 1009170 (the passkey challenge is unknown, used or expired), 1009171 (the passkey is not this account's, or its answer does not verify).",
    body: reauthenticateRequestSchema,
    response: z.null(),
    errors: [
      ErrorCode.PasswordIncorrect,
      ErrorCode.TwoStepCodeInvalid,
      ErrorCode.TwoStepNotOn,
      ErrorCode.PasskeyChallengeInvalid,
      ErrorCode.PasskeyNotVerified,
    ],
  }),

  reauthenticatePasskeyOptions: defineCall({
    method: 'POST',
    path: `${F}/personal/reauthenticate/passkey-options`,
    audience: 'signedIn',
    duringTwoStepSetup: true,
    tag: 'personal',
    summary: 'Start proving it is you with a passkey: the options for `navigator.credentials.get()`',
    description:
      "WebAuthn's `PublicKeyCredentialRequestOptionsJSON` with `allowCredentials` listing this account's passkeys and user verification required, and `challengeId`, which `POST F/personal/reauthenticate` names with the answer. Good once, for 5 minutes, for this account only. Rejections: 1000404 (the account has no passkey).",
    response: passkeySignInOptionsSchema,
    errors: [ErrorCode.NotFound],
  }),

  saveLanguage: defineCall({
    method: 'POST',
    path: `${F}/user/saveLangCode`,
    audience: 'signedIn',
    beforeAccountSettled: true,
    tag: 'personal',
    summary: "Save the account's language",
    body: saveLangCodeRequestSchema,
    response: z.null(),
    errors: [],
  }),

  certification: defineCall({
    method: 'GET',
    path: `${F}/user/queryUserCertified`,
    audience: 'signedIn',
    beforeAccountSettled: true,
    tag: 'personal',
    summary: 'Whether the account has a verified phone, and the cut-off date',
    description: '`deadline` is the configured cut-off date (`PHONE_CERTIFY_DEADLINE`, end of that day in China time).',
    response: userCertifiedSchema,
    errors: [],
  }),

  phoneAuth: defineCall({
    method: 'POST',
    path: `${F}/user/phoneAuth`,
    audience: 'signedIn',
    beforeAccountSettled: true,
    tag: 'personal',
    summary: 'Verify a phone by a `certify` code and bind it to the account',
    description: `A first verified phone, or the same phone again, needs nothing more. Replacing a verified phone is a change of the phone: it needs a fresh proof, checked before the code is used up, and is told to the person and to the replaced phone. Rejections: ${FRESH_PROOF}, 1009165 (replacing a verified phone before the two-step set-up a company requires), 1009133 (before that set-up, an account with neither a verified email nor a verified phone verifies the phone on record only: the set-up's code goes to the phone verified here), 1009104 (wrong code); after a right code, when another account has proven the phone: 1009106 with \`data.boundTo\` = its masked \`{ nickname, account }\` (\`张*\`, \`ad***n\`) if it shares a company with the user, else \`data.boundTo: null\` (a stranger's account is never described).`,
    body: phoneAuthRequestSchema,
    response: z.null(),
    errors: [
      ErrorCode.ReauthenticationRequired,
      ErrorCode.TwoStepSetupRequired,
      ErrorCode.PhoneNotOnRecord,
      ErrorCode.CodeInvalid,
      ErrorCode.PhoneBound,
    ],
  }),

  allowModifyPassword: defineCall({
    method: 'GET',
    path: `${F}/user/allowModifyPassword`,
    audience: 'signedIn',
    tag: 'personal',
    summary: 'Whether the user may change the password in the personal centre',
    description:
      '`allowed` is whether the account has a password: changing one needs the old one. An account without a password sets one through `forgetPasswd`.',
    response: allowModifyPasswordSchema,
    errors: [],
  }),

  forgetPassword: defineCall({
    method: 'POST',
    path: `${F}/user/forgetPasswd`,
    audience: 'anonymous',
    tag: 'personal',
    summary: 'Set a new password with a `reset` code sent to the phone or email; every session of the account ends',
    description:
      'Rejections: 1000400 (malformed identifier, or the new password breaks the rule), 1008107 (confirmation differs; checked before the code, which is then not used up), 1009104 (wrong code, or no account has this phone/email: the two are indistinguishable). A success also lifts the sign-in wait of the account.',
    body: forgetPasswordRequestSchema,
    response: z.null(),
    errors: [ErrorCode.PasswordsDoNotMatch, ErrorCode.CodeInvalid, ErrorCode.PasswordUnchanged],
  }),
};
