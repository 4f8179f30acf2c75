import { type CurrentUser, currentUserSchema } from '@portal/shared/api/auth';
import { type Personalization, personalizationSchema } from '@portal/shared/api/personalization';
import { STORAGE_APP_PREFERENCES, STORAGE_ENTERPRISE_CONFIG, STORAGE_USER_INFO } from '@portal/shared/cookies';

/** Local storage read by the other products of the origin too; values are plain JSON (contract). */
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

/** Other products write these keys too: a value that does not match the contract counts as absent. */
export function readUserInfo(): CurrentUser | null {
  const parsed = currentUserSchema.safeParse(readJson(STORAGE_USER_INFO));
  return parsed.success ? parsed.data : null;
}

export function writeUserInfo(user: CurrentUser): void {
  writeJson(STORAGE_USER_INFO, user);
}

export function readEnterpriseConfig(): Personalization | null {
  const parsed = personalizationSchema.safeParse(readJson(STORAGE_ENTERPRISE_CONFIG));
  return parsed.success ? parsed.data : null;
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
