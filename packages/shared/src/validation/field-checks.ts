import { ACCOUNT_MAX, ACCOUNT_MIN, CODE_LENGTH } from '../constants.ts';

/**
 * The rules of the sign-in form's fields as plain functions, without zod: the first screen checks
 * its fields with them without downloading zod, and the zod schemas of `rules.ts` are built on
 * them, so the form and the server refuse the same values with the same message.
 *
 * A check takes the value as typed and returns the locale key (`validation.*`) of its first
 * problem, in the order the schema reports them, or undefined when the value is accepted.
 */
export type FieldCheck = (value: string) => string | undefined;

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

/** zod's own email pattern (zod 4 `z.email()`), kept here so that the form needs no zod to apply it. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** RFC 5321's limit of a forward path, which the mail servers enforce. */
const EMAIL_MAX = 254;
const SIGN_IN_PASSWORD_MAX = 128;
const ACCOUNT = new RegExp(`^[A-Za-z0-9_.-]{${ACCOUNT_MIN},${ACCOUNT_MAX}}$`);
const CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Control characters first, then emptiness, then the field's own rule: the order of every schema. */
function checkText(value: string, required: string, rule: (value: string) => string | undefined) {
  if (hasControlCharacters(value)) return 'validation.controlCharacters';
  if (value.length === 0) return required;
  return rule(value);
}

/** A password as typed at sign-in: any non-empty string, so that old passwords still sign in. */
export const checkSignInPassword: FieldCheck = (value) =>
  checkText(value, 'validation.passwordRequired', (v) =>
    v.length > SIGN_IN_PASSWORD_MAX ? 'validation.passwordRequired' : undefined,
  );

export const checkPhone: FieldCheck = (value) =>
  checkText(value.trim(), 'validation.phoneRequired', (v) => (isValidPhone(v) ? undefined : 'validation.phoneFormat'));

export const checkEmail: FieldCheck = (value) =>
  checkText(value.trim(), 'validation.emailRequired', (v) =>
    v.length <= EMAIL_MAX && EMAIL.test(v) ? undefined : 'validation.emailFormat',
  );

export const checkAccount: FieldCheck = (value) =>
  checkText(value.trim(), 'validation.accountRequired', (v) =>
    ACCOUNT.test(v) ? undefined : 'validation.accountFormat',
  );

export const checkCode: FieldCheck = (value) =>
  checkText(value.trim(), 'validation.codeRequired', (v) => (CODE.test(v) ? undefined : 'validation.codeFormat'));
