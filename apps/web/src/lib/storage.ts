import type { CurrentUser } from '@portal/shared/api/auth';
import type { Personalization } from '@portal/shared/api/personalization';
import { USER_TYPES, isLanguage } from '@portal/shared/constants';
import { STORAGE_APP_PREFERENCES, STORAGE_ENTERPRISE_CONFIG, STORAGE_USER_INFO } from '@portal/shared/cookies';

/** Local storage read by the other products of the origin too; values are plain JSON
 *  (docs/portal-and-products.md#browser-storage). */
function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Private mode or a value another product wrote by hand: treat as absent rather than crash the shell.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app still works for this page view.
  }
}

/**
 * Each field of a stored value with the test of its type. Checked by hand rather than with the
 * shared zod schemas, which every screen reading the session would otherwise download (zod alone
 * is a tenth of the sign-in screen's JavaScript); the mapped type makes the compiler demand a
 * test of the schema's type for every field, so a field added to the schema cannot be forgotten.
 */
type Shape<T> = { [K in keyof T]-?: (value: unknown) => value is T[K] };

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const CURRENT_USER: Shape<CurrentUser> = {
  userId: isNumber,
  account: isStringOrNull,
  nickname: isString,
  phone: isStringOrNull,
  email: isStringOrNull,
  langCode: isLanguage,
  local: isString,
  userType: (value): value is CurrentUser['userType'] => (USER_TYPES as readonly unknown[]).includes(value),
  phoneCertified: isBoolean,
  emailVerified: isBoolean,
  hasPassword: isBoolean,
  twoStepEnabled: isBoolean,
  twoStepSetupRequired: isBoolean,
};

const PERSONALIZATION: Shape<Personalization> = {
  icon: isString,
  customIcon: isBoolean,
  platformName: isString,
  platformNameCn: isString,
  platformNameEn: isString,
  languageType: isLanguage,
  slogan: isString,
};

/** The stored value with the fields of the shape (others dropped, as the schemas do), or null. */
function matching<T>(shape: Shape<T>, value: unknown): T | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, test] of Object.entries<(value: unknown) => boolean>(shape)) {
    if (!test(record[key])) return null;
    result[key] = record[key];
  }
  return result as T;
}

/** Other products write these keys too: a value that does not match its shape
 *  (docs/portal-and-products.md#browser-storage) counts as absent. */
export function readUserInfo(): CurrentUser | null {
  return matching(CURRENT_USER, readJson(STORAGE_USER_INFO));
}

export function writeUserInfo(user: CurrentUser): void {
  writeJson(STORAGE_USER_INFO, user);
}

export function readEnterpriseConfig(): Personalization | null {
  return matching(PERSONALIZATION, readJson(STORAGE_ENTERPRISE_CONFIG));
}

export function writeEnterpriseConfig(config: Personalization): void {
  writeJson(STORAGE_ENTERPRISE_CONFIG, config);
}

export function readPreferences(): Record<string, unknown> {
  const value = readJson(STORAGE_APP_PREFERENCES);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function writePreferences(preferences: object): void {
  writeJson(STORAGE_APP_PREFERENCES, preferences);
}

/**
 * Forgets what belongs to the signed-in user. The display preferences (`_appPreferences`) belong
 * to the device, so they survive a sign-out or an expired session.
 */
export function clearUserData(): void {
  try {
    window.localStorage.removeItem(STORAGE_USER_INFO);
    window.localStorage.removeItem(STORAGE_ENTERPRISE_CONFIG);
  } catch {
    // nothing stored, nothing to clear
  }
}
