import { z } from 'zod';
import {
  ABBREVIATION_MAX,
  ABBREVIATION_MIN,
  COMPANY_FIELD_MAX,
  LANGUAGES,
  NAME_MAX_UNITS,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../constants.ts';
import { isValidCreditCode } from './credit-code.ts';
import {
  type FieldCheck,
  checkAccount,
  checkCode,
  checkEmail,
  checkPhone,
  checkSignInPassword,
  hasControlCharacters,
  normalizePhone,
} from './field-checks.ts';
import { nameUnits } from './name-units.ts';

export { hasControlCharacters, isValidPhone, normalizePhone } from './field-checks.ts';

/**
 * The field rules (docs/field-rules.md), once for both sides. Each message is a locale key
 * (`validation.*`), so the server can report it in `data.fields` and the form can translate it.
 */

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

/**
 * A request string checked by one of the zod-free field checks (which look for control characters
 * themselves): the schema reports the check's first problem, as the form does.
 */
function checkedString(check: FieldCheck, options: { error: string; trim?: boolean }) {
  const base = z.string({ error: options.error });
  return (options.trim ? base.trim() : base).superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
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
export const signInPasswordSchema = checkedString(checkSignInPassword, { error: 'validation.passwordRequired' });

export const phoneSchema = checkedString(checkPhone, { error: 'validation.phoneRequired', trim: true }).transform(
  normalizePhone,
);

export const emailSchema = checkedString(checkEmail, { error: 'validation.emailRequired', trim: true }).transform((v) =>
  v.toLowerCase(),
);

export const accountSchema = checkedString(checkAccount, { error: 'validation.accountRequired', trim: true });

export const codeSchema = checkedString(checkCode, { error: 'validation.codeRequired', trim: true });

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
