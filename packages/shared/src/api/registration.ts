import { z } from 'zod';
import {
  abbreviationSchema,
  confirmPasswordSchema,
  creditCodeSchema,
  domainSchema,
  emailSchema,
  fullNameSchema,
  nameSchema,
  passwordSchema,
  requestString,
} from '../validation/rules.ts';
import { twoStepCodeSchema } from './two-step.ts';

/** Kinds of invitation link (docs/registration.md#invitation-links). */
export const INVITATION_KINDS = ['admin', 'member', 'owner'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** The web route each kind of link opens. */
export const INVITATION_ROUTES: Record<InvitationKind, string> = {
  admin: '/register-common-admin',
  member: '/register-common-ordinary',
  owner: '/register-owner-enterprise',
};

export const REFERRAL_STATUSES = ['valid', 'used', 'expired', 'revoked', 'invalid'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** A link may let several people in when created so; beyond this a link is a public door, not an invitation. */
export const INVITATION_MAX_USES = 1000;

export { RESERVED_DOMAINS } from '../constants.ts';

/** Secrets (link ids, tickets) are opaque: their format is not checked here, an unknown one is simply
 *  invalid (1008110 / 1009104), so that the web app shows the right page instead of a form error. */
const secret = requestString({ trim: true }).max(200);

/** An optional field a form may send as an empty string: blank means "not given". */
export function optionalUnlessBlank<T extends z.ZodType>(rule: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), rule.optional());
}

/** The shared rule, except that an empty value passes: the call answers emptiness with its own
 *  business code (1009118 abbreviation, 1009111 full name), as the catalogue has those codes. */
function emptyOr(rule: z.ZodType<unknown, string>) {
  return requestString({ trim: true }).superRefine((value, ctx) => {
    if (value === '') return;
    const result = rule.safeParse(value);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
  });
}

/** The company details of an administrator's or owner company's registration (cannot be changed later). */
export const newEnterpriseSchema = z.strictObject({
  abbreviation: emptyOr(abbreviationSchema),
  fullName: emptyOr(fullNameSchema),
  creditCode: creditCodeSchema,
  domain: optionalUnlessBlank(domainSchema),
});
export type NewEnterpriseInput = z.infer<typeof newEnterpriseSchema>;

/** What a new account is made of. `password` and `confirmPassword` are compared by the call (1008107). */
const newAccount = {
  ticket: secret,
  nickname: nameSchema,
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
  email: optionalUnlessBlank(emailSchema),
};

/** `POST F/admin/signup` and `POST F/user/ownerEnterpriseSignup` */
export const enterpriseSignUpRequestSchema = z.strictObject({
  referralId: secret,
  ...newAccount,
  enterprise: newEnterpriseSchema,
  /** A code of the authenticator app or a recovery code: read only when the ticket's phone has an
   *  account with two-step sign-in, which comes in with nothing less. */
  twoStepCode: twoStepCodeSchema.optional(),
});
export type EnterpriseSignUpRequest = z.infer<typeof enterpriseSignUpRequestSchema>;

/** `POST F/user/boundEnterpriseSignUp` */
export const memberSignUpRequestSchema = z.strictObject({ referralId: secret, ...newAccount });
export type MemberSignUpRequest = z.infer<typeof memberSignUpRequestSchema>;

/** `POST F/user/boundEnterprise` */
export const joinEnterpriseRequestSchema = z.strictObject({
  referralId: secret,
  ticket: secret,
  /** As for `enterpriseSignUpRequestSchema`. */
  twoStepCode: twoStepCodeSchema.optional(),
});
export type JoinEnterpriseRequest = z.infer<typeof joinEnterpriseRequestSchema>;

/** `POST F/user/signUp` (personal version, no company) */
export const personalSignUpRequestSchema = z.strictObject(newAccount);
export type PersonalSignUpRequest = z.infer<typeof personalSignUpRequestSchema>;

/** `POST F/personalSignUpCheck` */
export const signUpCheckRequestSchema = z.strictObject({ ticket: secret, referralId: secret.optional() });
export type SignUpCheckRequest = z.infer<typeof signUpCheckRequestSchema>;
export const signUpCheckResponseSchema = z.object({ registered: z.boolean(), joined: z.boolean() });
export type SignUpCheckResponse = z.infer<typeof signUpCheckResponseSchema>;

/** Success of every call that joins or creates a company: the person is signed in, in that company.
 *  `twoStepSetupRequired`, present only when true: the company (or another of the person's) requires
 *  two-step sign-in, which they have not set up. */
export const registrationResponseSchema = z.object({
  token: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  enterpriseDomain: z.string(),
  twoStepSetupRequired: z.literal(true).optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const personalSignUpResponseSchema = z.object({ token: z.string() });
export type PersonalSignUpResponse = z.infer<typeof personalSignUpResponseSchema>;

/** `GET /api/referral/info/{id}` */
export const referralInfoParamsSchema = z.strictObject({ id: requestString().max(200) });

export const validReferralSchema = z.object({
  status: z.literal('valid'),
  kind: z.enum(INVITATION_KINDS),
  /** Full name of the inviting company; null for `admin` (the company does not exist yet). */
  enterpriseName: z.string().nullable(),
  enterpriseDomain: z.string().nullable(),
  /** The inviter's name; null when the platform operator made the link. */
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
});
/** The company a signed-in person joined or registered through a link that is no longer valid. */
export const joinedThroughSchema = z.object({ enterpriseName: z.string(), enterpriseDomain: z.string() });
export type JoinedThrough = z.infer<typeof joinedThroughSchema>;

export const referralInfoSchema = z.discriminatedUnion('status', [
  validReferralSchema,
  z.object({ status: z.enum(['used', 'expired', 'revoked', 'invalid']), joined: joinedThroughSchema.optional() }),
]);
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

/** What creating a link answers (operator command line, settings centre). */
export const invitationLinkSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
