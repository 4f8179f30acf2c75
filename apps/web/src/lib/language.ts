import type { Language } from '@portal/shared/constants';
import { readLangCookie, readToken, writeLangCookie } from './cookies';
import { i18n } from './i18n';
import { saveLanguage } from './language-api';

/** Each language named in itself, so that a reader of any of them can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
};

/**
 * The user picks a language: the shared cookie tells the other products, and a signed-in account
 * keeps it for its next sign-in on another device.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  writeLangCookie(lang);
  await i18n.changeLanguage(lang);
  if (!readToken()) return;
  // A failure was said by the api client; the language still changed on this device.
  await saveLanguage(lang).catch(() => {});
}

/**
 * After sign-in the account's saved language applies, unless this browser already has one (chosen
 * on the sign-in page or by another product): that one wins and the account keeps it, so that the
 * next sign-in on another device speaks it too.
 */
export async function adoptAccountLanguage(accountLang: Language): Promise<void> {
  const pageLang = readLangCookie();
  if (!pageLang) {
    writeLangCookie(accountLang);
    await i18n.changeLanguage(accountLang);
    return;
  }
  if (pageLang === accountLang) return;
  // Silent and not awaited: the person is on their way into the portal, in their language already;
  // a failed save only means the account keeps its old language.
  void saveLanguage(pageLang, { silent: true }).catch(() => {});
}
