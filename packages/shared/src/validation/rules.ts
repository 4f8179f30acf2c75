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

/**
 * Unicode's control characters (Cc: C0 U+0000-U+001F, DEL U+007F and C1 U+0080-U+009F) and UTF-16
 * halves outside a pair (Cs; with the `u` flag a proper pair is one astral code point, not Cs).
 * PostgreSQL refuses U+0000 in text outright (a 500 before this rule); a lone half has no UTF-8 form,
 * so the drivers of both engines would store U+FFFD instead of what was checked. PostgreSQL would take
 * C1 and the other C0 characters, but no name, identifier or secret of the portal holds one: they are
 * invisible, some act as line breaks (U+0085) or terminal commands (U+009B) where the text is shown
 * or logged, and they mostly come from text decoded with the wrong encoding.
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * The base of every string a request carries (bodies, query strings, path segments), so that no
 * call lets a control character through to the database. With `trim`, surrounding white space
 * (tabs and line breaks included) is taken off first, as forms do: only what would be kept counts.
 */
export function requestString(options: { error?: string; trim?: boolean } = {}) {
  const base = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim ? base.trim() : base).refine(
    (value) => !hasControlCharacters(value),
    'validation.controlCharacters',
  );
}

export const passwordSchema = requestString({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .refine(
    (v) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v),
    'validation.passwordRule',
  );

export const confirmPasswordSchema = requestString({ error: 'validation.confirmPasswordRequired' }).min(
  1,
  'validation.confirmPasswordRequired',
);

/** A password as typed at sign-in: any non-empty string, so that old passwords still sign in. */
export const signInPasswordSchema = requestString({ error: 'validation.passwordRequired' })
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

export const phoneSchema = requestString({ error: 'validation.phoneRequired', trim: true })
  .min(1, 'validation.phoneRequired')
  .refine(isValidPhone, 'validation.phoneFormat')
  .transform(normalizePhone);

export const emailSchema = requestString({ error: 'validation.emailRequired', trim: true })
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailFormat')
  .pipe(z.email('validation.emailFormat'))
  .transform((v) => v.toLowerCase());

export const accountSchema = requestString({ error: 'validation.accountRequired', trim: true })
  .min(1, 'validation.accountRequired')
  .regex(new RegExp(`^[A-Za-z0-9_.-]{${ACCOUNT_MIN},${ACCOUNT_MAX}}$`), 'validation.accountFormat');

export const codeSchema = requestString({ error: 'validation.codeRequired', trim: true })
  .min(1, 'validation.codeRequired')
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'validation.codeFormat');

export const nameSchema = requestString({ error: 'validation.nameRequired', trim: true })
  .min(1, 'validation.nameRequired')
  .refine((v) => nameUnits(v) <= NAME_MAX_UNITS, 'validation.nameTooLong');

export const abbreviationSchema = requestString({ error: 'validation.abbreviationRequired', trim: true })
  .min(1, 'validation.abbreviationRequired')
  .refine(
    (v) => [...v].length >= ABBREVIATION_MIN && [...v].length <= ABBREVIATION_MAX,
    'validation.abbreviationLength',
  );

export const fullNameSchema = requestString({ error: 'validation.fullNameRequired', trim: true })
  .min(1, 'validation.fullNameRequired')
  .refine((v) => [...v].length <= COMPANY_FIELD_MAX, 'validation.companyFieldTooLong');

export const creditCodeSchema = requestString({ error: 'validation.creditCodeRequired', trim: true })
  .min(1, 'validation.creditCodeRequired')
  .transform((v) => v.toUpperCase())
  .refine(isValidCreditCode, 'validation.creditCodeInvalid');

export const domainSchema = requestString({ error: 'validation.domainFormat', trim: true }).regex(
  /^[a-z][a-z0-9-]{2,29}$/,
  'validation.domainFormat',
);

export const languageSchema = z.enum(LANGUAGES, { error: 'validation.languageInvalid' });

/** Checks that a confirmation matches; used by every form and call with `confirmPassword`. */
export function passwordsMatch(value: { password: string; confirmPassword: string }): boolean {
  return value.password === value.confirmPassword;
}
