import type { Language } from '@portal/shared/constants';
import { writeLangCookie } from './cookies';
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

export async function changeLanguage(lang: Language): Promise<void> {
  writeLangCookie(lang);
  await i18n.changeLanguage(lang);
}
