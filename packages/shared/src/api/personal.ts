import { z } from 'zod';
import {
  codeSchema,
  confirmPasswordSchema,
  emailSchema,
  isValidPhone,
  languageSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  requestString,
} from '../validation/rules.ts';
import { recentPasskeysSchema } from './fresh-proof.ts';

/** Request and response shapes of the personal centre (`A`) and of the account calls of `F`. */

/** An email as typed: its format is checked by the call, which answers 1009128 (empty) or 1009127 (malformed). */
const looseEmail = requestString({ error: 'validation.emailRequired', trim: true }).max(254, 'validation.emailFormat');

/** `POST A/user/updatenickname` */
export const updateNicknameRequestSchema = z.strictObject({ nickname: nameSchema });
export type UpdateNicknameRequest = z.infer<typeof updateNicknameRequestSchema>;

/** `POST A/user/updatephone`: the code was sent to the new phone, scene `bind`. */
export const updatePhoneRequestSchema = z.strictObject({ phone: phoneSchema, code: codeSchema });
export type UpdatePhoneRequest = z.infer<typeof updatePhoneRequestSchema>;

/** `POST A/user/updateEmail`: the code was sent to the new email, scene `bind`. */
export const updateEmailRequestSchema = z.strictObject({ email: looseEmail, code: codeSchema });
export type UpdateEmailRequest = z.infer<typeof updateEmailRequestSchema>;

/** The old password as typed: any non-empty string, so that a password older than today's rule still counts. */
const oldPasswordSchema = requestString({ error: 'validation.oldPasswordRequired' })
  .min(1, 'validation.oldPasswordRequired')
  .max(128, 'validation.oldPasswordRequired');

/** `POST A/user/updatepwd`. A mismatching confirmation is the business code 1008107, checked by the call. */
export const updatePasswordRequestSchema = z.strictObject({
  oldPassword: oldPasswordSchema,
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** The answer of `POST A/user/updatepwd`: the passkeys added lately, which a borrowed session may have planted. */
export const updatePasswordResponseSchema = z.object({ recentPasskeys: recentPasskeysSchema });
export type UpdatePasswordResponse = z.infer<typeof updatePasswordResponseSchema>;

/** `POST F/user/saveLangCode` */
export const saveLangCodeRequestSchema = z.strictObject({ langCode: languageSchema });
export type SaveLangCodeRequest = z.infer<typeof saveLangCodeRequestSchema>;

/** `GET F/user/queryUserCertified`. `deadline` is the cut-off date (YYYY-MM-DD, China time). */
export const userCertifiedSchema = z.object({
  certified: z.boolean(),
  phone: z.string().nullable(),
  deadline: z.string(),
});
export type UserCertified = z.infer<typeof userCertifiedSchema>;

/** `POST F/user/phoneAuth`: the code was sent to the phone, scene `certify`. */
export const phoneAuthRequestSchema = z.strictObject({ phone: phoneSchema, code: codeSchema });
export type PhoneAuthRequest = z.infer<typeof phoneAuthRequestSchema>;

/** `data` of 1009106: the other account holding the phone, masked (`张*`, `ad***n`); null when that
 *  account shares no company with the caller, so that nothing about strangers is revealed. */
export const phoneBoundDataSchema = z.object({
  boundTo: z.object({ nickname: z.string(), account: z.string().nullable() }).nullable(),
});
export type PhoneBoundData = z.infer<typeof phoneBoundDataSchema>;

/** `GET F/user/allowModifyPassword` */
export const allowModifyPasswordSchema = z.object({ allowed: z.boolean() });
export type AllowModifyPassword = z.infer<typeof allowModifyPasswordSchema>;

export const RESET_IDENTIFIER_TYPES = ['phone', 'email'] as const;

/** `POST F/user/forgetPasswd`: the code was sent to the identifier, scene `reset`. A malformed
 *  identifier is 1000400 (its format is public); an unknown one fails like a wrong code (1009104). */
export const forgetPasswordRequestSchema = z
  .strictObject({
    identifierType: z.enum(RESET_IDENTIFIER_TYPES, { error: 'validation.invalidValue' }),
    identifier: requestString({ error: 'validation.identifierRequired', trim: true })
      .min(1, 'validation.identifierRequired')
      .max(254, 'validation.invalidValue'),
    code: codeSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .superRefine((body, ctx) => {
    if (body.identifierType === 'phone' && !isValidPhone(body.identifier)) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'validation.phoneFormat' });
    }
    if (body.identifierType === 'email' && !emailSchema.safeParse(body.identifier).success) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'validation.emailFormat' });
    }
  });
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequestSchema>;
