import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/locales/catalog';
import type { Messages } from '@portal/shared/locales/types';
import { readLangCookie } from './cookies';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are checked against the source locale at compile time.
    resources: { translation: Messages };
  }
}

const resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: MESSAGES[lang] }]));

/** The app's one i18next instance; the api client uses it outside React. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readLangCookie() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The locale tags are used whole (zh-CN), never reduced to zh.
  load: 'currentOnly',
  interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
  returnNull: false,
  initAsync: false,
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
