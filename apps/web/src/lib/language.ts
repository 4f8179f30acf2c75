import type { SaveLangCodeRequest } from '@portal/shared/api/personal';
import type { Language } from '@portal/shared/constants';
import { FRONT_API, apiClient } from './api-client';
import { ApiError } from './api-error';
import { readLangCookie, readToken, writeLangCookie } from './cookies';
import { i18n } from './i18n';

/** Each language named in itself, so that a reader of any of them can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
};

function saveLangCode(body: SaveLangCodeRequest): Promise<null> {
  return apiClient.post<null>(`${FRONT_API}/user/saveLangCode`, body);
}

/**
 * The user picks a language: the shared cookie tells the other products, and a signed-in account
 * keeps it for its next sign-in on another device.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  writeLangCookie(lang);
  await i18n.changeLanguage(lang);
  if (!readToken()) return;
  try {
    await saveLangCode({ langCode: lang });
  } catch (error) {
    // Already reported by the api client; the language still changed on this device.
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * After sign-in the account's saved language applies, unless this browser already has one (chosen
 * here or by another product), which stays.
 */
export async function adoptAccountLanguage(lang: Language): Promise<void> {
  if (readLangCookie()) return;
  writeLangCookie(lang);
  await i18n.changeLanguage(lang);
}
