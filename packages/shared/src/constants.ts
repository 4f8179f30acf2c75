/** Business constants and limits, one definition for the server and the web app; each is explained on its area's
 *  page under docs/ (docs/README.md). */

export const LANGUAGES = ['zh-CN', 'en-US', 'de-DE', 'es-ES', 'it-IT', 'ja-JP'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const THEME_MODES = ['dark', 'light'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const DEFAULT_THEME_MODE: ThemeMode = 'dark';
/** The teal-green accent of the platform. */
export const PRIMARY_COLOR = '#13a8a8';
export const USER_TYPES = ['investors', 'personal'] as const;
export const DEFAULT_USER_TYPE = 'investors';

/** What a person signs in with; each is a tab of the sign-in page. */
export const IDENTIFIER_TYPES = ['phone', 'email', 'account'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

/**
 * Sub-host names no company may take: they belong to the platform or to the environments the main
 * domain treats specially, and a company holding one could pass itself off as the platform.
 */
export const RESERVED_DOMAINS: readonly string[] = [
  'www',
  'api',
  'app',
  'admin',
  'portal',
  'login',
  'auth',
  'sso',
  'static',
  'assets',
  'cdn',
  'mail',
  'smtp',
  'docs',
  'status',
  'dev',
  'test',
];

export const HTTP_TIMEOUT_MS = 30_000;
export const LOGIN_EXPIRED_DEBOUNCE_MS = 500;
export const LANGUAGE_CHECK_INTERVAL_MS = 1_000;
export const TOAST_SECONDS = 3;
export const NOTIFICATION_SECONDS = 4.5;
export const MODAL_WIDTH = 520;
export const CONFIRM_WIDTH = 416;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const NAME_MAX_UNITS = 50;
export const ABBREVIATION_MIN = 2;
export const ABBREVIATION_MAX = 20;
export const COMPANY_FIELD_MAX = 30;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const ACCOUNT_MIN = 4;
export const ACCOUNT_MAX = 32;
export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/** Accounts without a verified phone are unusable after this date, as national cybersecurity rules require;
 *  configurable on the server (docs/personal-centre.md#phone-verification). */
export const PHONE_CERTIFY_DEADLINE = '2025-06-30';

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODE_SENDS_PER_HOUR = 5;
export const CODE_SENDS_PER_DAY = 10;
/**
 * An office is one address: its 500 people may all ask for a sign-in code around 09:00 and 50 of
 * them join through invitations within the hour, so the address cap is sized for that. Bots are held
 * back by the proof of work instead: beyond CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF anonymous sends an
 * hour, each send from the address carries a solved challenge.
 */
export const CODE_SENDS_PER_IP_HOUR = 600;
export const CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF = 20;
/** Sends of a signed-in account (phone or email changes, certification): counted by the account. */
export const CODE_SENDS_PER_ACCOUNT_HOUR = 10;
/** Half the range is tried on average: 0.6-1.1 s from the refusal to the send in Chromium's Web
 *  Worker on a busy two-core server (a phone is of that order), 0.05 s of a script's native SHA-256. */
export const PROOF_OF_WORK_MAX_NUMBER = 100_000;
export const PROOF_OF_WORK_TTL_SECONDS = 5 * 60;
export const TICKET_TTL_SECONDS = 15 * 60;

export const SIGN_IN_FREE_FAILURES = 4;
export const SIGN_IN_MAX_WAIT_SECONDS = 15 * 60;
/** Failed sign-ins of one address per window: an office of 500 mistypes a few dozen times at 09:00. */
export const SIGN_IN_IP_FAILURES = 100;
export const SIGN_IN_IP_WINDOW_SECONDS = 5 * 60;
/** API requests of one address a minute (the web app's files are not counted): 500 people of an
 *  office signing in within a few minutes make a few API calls each. */
export const REQUESTS_PER_IP_MINUTE = 3_000;

export const INVITATION_DEFAULT_HOURS = 72;
export const INVITATION_MAX_HOURS = 7 * 24;

export const SESSION_IDLE_HOURS = 12;
export const SESSION_MAX_DAYS = 7;
