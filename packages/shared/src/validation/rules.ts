import { z } from 'zod';
import {
  ABBREVIATION_MAX,
  ABBREVIATION_MIN,
  ACCOUNT_MAX,
  ACCOUNT_MIN,
  CODE_LENGTH,
  COMPANY_FIELD_MAX,
  LANGUAGES,
  NAME_MAX_UNITS,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../constants.ts';
import { isValidCreditCode } from './credit-code.ts';
import { nameUnits } from './name-units.ts';

/**
 * The rules of spec section 5, once for both sides. Each message is a locale key
 * (`validation.*`), so the server can report it in `data.fields` and the form can translate it.
 */

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .refine(
    (v) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v),
    'validation.passwordRule',
  );

export const confirmPasswordSchema = z
  .string({ error: 'validation.confirmPasswordRequired' })
  .min(1, 'validation.confirmPasswordRequired');

/** A password as typed at sign-in: any non-empty string, so that old passwords still sign in. */
export const signInPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(128, 'validation.passwordRequired');

const MAINLAND_PHONE = /^(?:\+86)?1[3-9]\d{9}$/;
/** International numbers; a `+86` number must be a mainland mobile (above), not any E.164 digits. */
const E164_PHONE = /^\+(?!86)[1-9]\d{6,14}$/;

export function isValidPhone(value: string): boolean {
  return MAINLAND_PHONE.test(value) || E164_PHONE.test(value);
}

/** Stored form of a phone: mainland numbers without `+86`, others in E.164. */
export function normalizePhone(value: string): string {
  return MAINLAND_PHONE.test(value) ? value.replace(/^\+86/, '') : value;
}

export const phoneSchema = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .min(1, 'validation.phoneRequired')
  .refine(isValidPhone, 'validation.phoneFormat')
  .transform(normalizePhone);

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailFormat')
  .pipe(z.email('validation.emailFormat'))
  .transform((v) => v.toLowerCase());

export const accountSchema = z
  .string({ error: 'validation.accountRequired' })
  .trim()
  .min(1, 'validation.accountRequired')
  .regex(new RegExp(`^[A-Za-z0-9_.-]{${ACCOUNT_MIN},${ACCOUNT_MAX}}$`), 'validation.accountFormat');

export const codeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'validation.codeFormat');

export const nameSchema = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(1, 'validation.nameRequired')
  .refine((v) => nameUnits(v) <= NAME_MAX_UNITS, 'validation.nameTooLong');

export const abbreviationSchema = z
  .string({ error: 'validation.abbreviationRequired' })
  .trim()
  .min(1, 'validation.abbreviationRequired')
  .refine(
    (v) => [...v].length >= ABBREVIATION_MIN && [...v].length <= ABBREVIATION_MAX,
    'validation.abbreviationLength',
  );

export const fullNameSchema = z
  .string({ error: 'validation.fullNameRequired' })
  .trim()
  .min(1, 'validation.fullNameRequired')
  .refine((v) => [...v].length <= COMPANY_FIELD_MAX, 'validation.companyFieldTooLong');

export const creditCodeSchema = z
  .string({ error: 'validation.creditCodeRequired' })
  .trim()
  .min(1, 'validation.creditCodeRequired')
  .transform((v) => v.toUpperCase())
  .refine(isValidCreditCode, 'validation.creditCodeInvalid');

export const domainSchema = z
  .string({ error: 'validation.domainFormat' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{2,29}$/, 'validation.domainFormat');

export const languageSchema = z.enum(LANGUAGES, { error: 'validation.languageInvalid' });

/** Checks that a confirmation matches; used by every form and call with `confirmPassword`. */
export function passwordsMatch(value: { password: string; confirmPassword: string }): boolean {
  return value.password === value.confirmPassword;
}
