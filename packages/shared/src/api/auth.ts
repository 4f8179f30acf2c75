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

export const loginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
