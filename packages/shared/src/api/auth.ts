import { z } from 'zod';
import { IDENTIFIER_TYPES, LANGUAGES, USER_TYPES } from '../constants.ts';
import { requestString, signInPasswordSchema } from '../validation/rules.ts';

/** `POST F/user/login`. The identifier's format is checked by the server as part of sign-in, so a
 *  malformed one fails like an unknown one (1009117) and reveals nothing. */
export const loginRequestSchema = z
  .strictObject({
    loginType: z.enum(['password', 'code']),
    identifierType: z.enum(IDENTIFIER_TYPES),
    identifier: requestString({ trim: true }).min(1, 'validation.identifierRequired').max(254),
    password: signInPasswordSchema.optional(),
    code: requestString({ trim: true }).max(16).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.loginType === 'password' && !body.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordRequired' });
    }
    if (body.loginType === 'code') {
      if (body.identifierType === 'account') {
        ctx.addIssue({ code: 'custom', path: ['identifierType'], message: 'validation.codeNeedsPhoneOrEmail' });
      }
      if (!body.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.codeRequired' });
    }
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A new session. `twoStepSetupRequired`, present only when true: a company of the person requires
 *  two-step sign-in, which they have not set up; the web app leads them to set it up first. */
export const sessionResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  twoStepSetupRequired: z.literal(true).optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The password or code was right, and the account has two-step sign-in: no session yet; the ticket
 *  (5 minutes, single use) goes with a code to `POST F/user/login/two-step`. */
export const twoStepChallengeSchema = z.object({
  twoStep: z.object({ ticket: z.string(), expiresAt: z.string() }),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** `POST F/user/login`: a session, as always for accounts without two-step sign-in, or the challenge. */
export const loginResponseSchema = z.union([sessionResponseSchema, twoStepChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Whether an answer that may open a session (a sign-in, a registration) asks for the second step. */
export function isTwoStepChallenge<T extends object>(answer: T | TwoStepChallenge): answer is TwoStepChallenge {
  return 'twoStep' in answer;
}

export { USER_TYPES } from '../constants.ts';

/** `GET F/user/current`; also what the web app keeps in `_userInfo`. */
export const currentUserSchema = z.object({
  userId: z.number(),
  account: z.string().nullable(),
  nickname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  langCode: z.enum(LANGUAGES),
  /** The language as a locale tag with an underscore (`zh_CN`), as older products read it. */
  local: z.string(),
  userType: z.enum(USER_TYPES),
  phoneCertified: z.boolean(),
  /** Whether the email was proven by a code: only then does it sign in or receive codes. */
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  /** Two-step sign-in with an authenticator app is on. */
  twoStepEnabled: z.boolean(),
  /** A company of the person requires two-step sign-in and it is off: set it up before going on. */
  twoStepSetupRequired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
