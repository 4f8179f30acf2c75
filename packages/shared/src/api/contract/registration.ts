import { ErrorCode } from '../../errors/error-codes.ts';
import {
  enterpriseSignUpRequestSchema,
  joinEnterpriseRequestSchema,
  memberSignUpRequestSchema,
  personalSignUpRequestSchema,
  personalSignUpResponseSchema,
  referralInfoParamsSchema,
  referralInfoSchema,
  registrationResponseSchema,
  signUpCheckRequestSchema,
  signUpCheckResponseSchema,
} from '../registration.ts';
import { defineCall } from './define.ts';
import { API_PREFIX, FRONT_PREFIX as F } from './prefixes.ts';

const LINK =
  'A used, expired, revoked or unknown link answers 1008110 with `data.status` as `referral/info` would say it; ' +
  'a link of another kind than the call redeems answers 1008110 with status `invalid`. ' +
  'Everything is written in one transaction: any rejection leaves the link and the ticket unused. ' +
  'The ticket is the one `checkCode` gave for scene `register` (1009104 when unknown, expired, used or of another scene). ' +
  'Checks run in this order: request schema (1000400 with `data.fields`), passwords match (1008107), link, ticket, account, uniqueness. ' +
  'The answer passes the gate of every sign-in. The phone code is one factor: an existing account with two-step sign-in comes in only with `twoStepCode` ' +
  '(a code of its authenticator app or a recovery code) in the same request, and without it, or with a wrong one, answers 1009160 and nothing is written; ' +
  'each code counts as a sign-in try of the account (its waits: 1000429), and a wrong one is told to the person as a wrong second step is. ' +
  '`twoStepSetupRequired: true` when a company of the person requires two-step sign-in they have not set up.';

const ENTERPRISE =
  ' `enterprise.abbreviation` / `enterprise.fullName` empty: 1009118 / 1009111 (too long: 1000400); taken: 1009112 / 1009114; ' +
  'credit code malformed (GB 32100-2015): 1000400, taken: 1009115; `domain` (`^[a-z][a-z0-9-]{2,29}$`) taken or reserved ' +
  '(www, api, admin, dev, test, ...): 1009116; without `domain` the server picks a free one. ' +
  'When an account has proven the ticket phone, that account becomes the administrator unchanged ' +
  '(nickname, password and email are ignored; 1008117 if it is disabled); else a new account is made ' +
  '(an email given is kept unproven until its owner proves it in the personal centre). The answer signs the person in, in the new company.';

/** What redeeming any link may answer: the link refused, the ticket refused. */
const LINK_CODES = [ErrorCode.RegistrationFailed, ErrorCode.CodeInvalid] as const;

const ENTERPRISE_CODES = [
  ...LINK_CODES,
  ErrorCode.PasswordsDoNotMatch,
  ErrorCode.AbbreviationEmpty,
  ErrorCode.FullNameEmpty,
  ErrorCode.AbbreviationExists,
  ErrorCode.FullNameExists,
  ErrorCode.CreditCodeExists,
  ErrorCode.DomainExists,
  ErrorCode.AccountDisabled,
  ErrorCode.TwoStepCodeInvalid,
] as const;

/** Invitation links and registration: through a link into a company, or a personal-version account. */
export const registrationCalls = {
  referralInfo: defineCall({
    method: 'GET',
    path: `${API_PREFIX}/referral/info/:id`,
    audience: 'anonymous',
    // who joined through a link that is no longer valid is told so; an account that has still to verify its phone may ask too
    session: 'optional',
    beforeAccountSettled: true,
    tag: 'registration',
    summary: 'What an invitation link is: its status and, while valid, who invites into which company',
    description:
      'Only `{ status }` unless the link is valid; an unknown id is `invalid`. Revoked outranks used, used outranks expired. ' +
      "With the session of the person who joined or registered a company through the link (and is still its member), a link no longer valid also answers `joined`: that company's full name and domain. " +
      '`enterpriseName`/`enterpriseDomain` are null for kind `admin` (the company does not exist yet); ' +
      '`inviterName` is null for links made by the operator command line.',
    params: referralInfoParamsSchema,
    response: referralInfoSchema,
    errors: [],
  }),

  signUpCheck: defineCall({
    method: 'POST',
    path: `${F}/personalSignUpCheck`,
    audience: 'anonymous',
    tag: 'registration',
    summary: "Whether the ticket's phone has an account, and whether it is already in the link's company",
    description:
      'Reads the ticket without using it (1009104 when it is not a live `register` ticket), so only the ' +
      "phone's owner learns this. `joined` is false without `referralId`, for an unknown link or an `admin` link.",
    body: signUpCheckRequestSchema,
    response: signUpCheckResponseSchema,
    errors: [ErrorCode.CodeInvalid],
  }),

  adminSignUp: defineCall({
    method: 'POST',
    path: `${F}/admin/signup`,
    audience: 'anonymous',
    tag: 'registration',
    summary: 'Redeem an `admin` link: register a new common company and become its administrator',
    description: LINK + ENTERPRISE,
    body: enterpriseSignUpRequestSchema,
    response: registrationResponseSchema,
    errors: ENTERPRISE_CODES,
  }),

  ownerSignUp: defineCall({
    method: 'POST',
    path: `${F}/user/ownerEnterpriseSignup`,
    audience: 'anonymous',
    tag: 'registration',
    summary: 'Redeem an `owner` link: register an owner company under the inviting company and administer it',
    description: LINK + ENTERPRISE,
    body: enterpriseSignUpRequestSchema,
    response: registrationResponseSchema,
    errors: ENTERPRISE_CODES,
  }),

  memberSignUp: defineCall({
    method: 'POST',
    path: `${F}/user/boundEnterpriseSignUp`,
    audience: 'anonymous',
    tag: 'registration',
    summary: 'Redeem a `member` link with a new account: join the inviting company as a member',
    description:
      LINK +
      ' The phone already has an account: 1008115 (use `user/boundEnterprise`); an email given is kept unproven. ' +
      "The member lands in the link's department, or the default department when the link names none or it was deleted.",
    body: memberSignUpRequestSchema,
    response: registrationResponseSchema,
    errors: [...LINK_CODES, ErrorCode.PasswordsDoNotMatch, ErrorCode.PhoneSignedUp],
  }),

  bindEnterprise: defineCall({
    method: 'POST',
    path: `${F}/user/boundEnterprise`,
    audience: 'anonymous',
    tag: 'registration',
    summary: "Redeem a `member` link with the ticket phone's existing account",
    description:
      LINK +
      ' Only `member` links. No account for the phone: 1008118; already a member: 1009110 (the link stays unused); disabled: 1008117.',
    body: joinEnterpriseRequestSchema,
    response: registrationResponseSchema,
    errors: [
      ...LINK_CODES,
      ErrorCode.RegisterAccountMissing,
      ErrorCode.AlreadyJoined,
      ErrorCode.AccountDisabled,
      ErrorCode.TwoStepCodeInvalid,
    ],
  }),

  personalSignUp: defineCall({
    method: 'POST',
    path: `${F}/user/signUp`,
    audience: 'anonymous',
    tag: 'registration',
    summary: 'Register a personal-version account (no company) and sign in',
    description:
      'The ticket (scene `register`) proves the phone: 1009104 otherwise. Passwords differ: 1008107. ' +
      'The phone already has an account: 1008115; an email given is kept unproven.',
    body: personalSignUpRequestSchema,
    response: personalSignUpResponseSchema,
    errors: [ErrorCode.PasswordsDoNotMatch, ErrorCode.CodeInvalid, ErrorCode.PhoneSignedUp],
  }),
};
