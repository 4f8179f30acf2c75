import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@portal/shared/constants';
import type { Messages } from '@portal/shared/locales/types';
import { readLangCookie } from './cookies';
import { languagePackBackend } from './language-packs';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are checked against the source locale at compile time.
    resources: { translation: Messages };
  }
}

/**
 * The language of the page the server sent: without a cookie the server picks one by the browser's
 * preference, and the prerendered sign-in page must be hydrated in the language it is written in.
 */
function servedLanguage(): Language | undefined {
  if (typeof document === 'undefined') return undefined;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
}

/** The app's one i18next instance; the api client uses it outside React. */
export const i18n = i18next.createInstance();

/**
 * Settles once the texts of the page's language are loaded; the app renders after it, so the first
 * screen is never without its words.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(
    languagePackBackend((lang, namespace, messages) => i18n.addResourceBundle(lang, namespace, messages, true, true)),
  )
  .use(initReactI18next)
  .init({
    lng: readLangCookie() ?? servedLanguage() ?? DEFAULT_LANGUAGE,
    // Every locale has every key of the source (checked at compile time and by the locale tests),
    // so no second language is fetched to fall back on.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // The locale tags are used whole (zh-CN), never reduced to zh.
    load: 'currentOnly',
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
    returnNull: false,
    // the rest of the first language's texts arrives after the sign-in screen: show it where it is used
    react: { bindI18nStore: 'added' },
  });

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * A key assembled at run time (an error code, a rule's message key), which the compiler cannot
 * check; falls back to the key itself, as i18next does.
 */
export function translateKey(key: string, options?: Record<string, unknown>): string {
  const text: unknown = i18n.t(key as never, options as never);
  return typeof text === 'string' ? text : key;
}
