import type { Locale } from 'antd/es/locale';
import type { BackendModule } from 'i18next';
import { type Language, isLanguage } from '@portal/shared/constants';
import type { Messages } from '@portal/shared/locales/types';

/** A language's texts and antd's own, fetched together when the language is first used. */
interface LanguagePack {
  messages: Messages;
  antdLocale: Locale;
}

// One chunk per language, so that a page downloads only the language it speaks.
const PACKS: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': () => import('./language-packs/zh-CN'),
  'en-US': () => import('./language-packs/en-US'),
  'de-DE': () => import('./language-packs/de-DE'),
  'es-ES': () => import('./language-packs/es-ES'),
  'it-IT': () => import('./language-packs/it-IT'),
  'ja-JP': () => import('./language-packs/ja-JP'),
};

const antdLocales = new Map<Language, Locale>();

/**
 * antd's texts of a language i18next has loaded. i18next switches to a language only once its
 * backend has answered, so the language in effect always has them.
 */
export function antdLocaleOf(lang: Language): Locale | undefined {
  return antdLocales.get(lang);
}

/** i18next's backend: the messages come from the language's pack, which also brings antd's locale. */
export const languagePackBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lang, _namespace, callback) {
    if (!isLanguage(lang)) {
      callback(new Error(`No texts for the language ${lang}`), false);
      return;
    }
    PACKS[lang]().then(
      (pack) => {
        antdLocales.set(lang, pack.antdLocale);
        callback(null, pack.messages);
      },
      (error: Error) => callback(error, false),
    );
  },
};
