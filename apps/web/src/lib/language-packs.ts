import type { ConfigProviderProps } from 'antd';
import type { BackendModule, ResourceKey } from 'i18next';
import { type Language, isLanguage } from '@portal/shared/constants';
import type { Messages } from '@portal/shared/locales/types';

/**
 * A language's texts for the screens before sign-in and antd's own, fetched together when the
 * language is first used; `allMessages` fetches the rest of its texts.
 */
type Locale = NonNullable<ConfigProviderProps['locale']>;

interface LanguagePack {
  messages: Partial<Messages>;
  allMessages: () => Promise<{ default: Messages }>;
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
let markAllTextsLoaded: () => void = () => {};
const allTexts = new Promise<void>((resolve) => {
  markAllTextsLoaded = resolve;
});

/**
 * antd's texts of a language i18next has loaded. i18next switches to a language only once its
 * backend has answered, so the language in effect always has them.
 */
export function antdLocaleOf(lang: Language): Locale | undefined {
  return antdLocales.get(lang);
}

/**
 * Settles once every text of the page's first language is there (or could not be fetched). The
 * sign-in screen renders without waiting for it; the other screens wait (see the router), so that
 * none shows a key.
 */
export function allTextsLoaded(): Promise<void> {
  return allTexts;
}

/**
 * i18next's backend. The page's first language answers with the texts of the screens before sign-in
 * (about half of them, so that the sign-in screen's JavaScript stays small) and adds the rest to the
 * store when it arrives; a language chosen later answers with all of its texts at once, so that the
 * screen in use switches whole.
 */
export function languagePackBackend(
  addLater: (lang: Language, namespace: string, messages: ResourceKey) => void,
): BackendModule {
  let first = true;
  return {
    type: 'backend',
    init() {},
    read(lang, namespace, callback) {
      if (!isLanguage(lang)) {
        callback(new Error(`No texts for the language ${lang}`), false);
        return;
      }
      const pageLanguage = first;
      first = false;
      PACKS[lang]()
        .then(async (pack) => {
          antdLocales.set(lang, pack.antdLocale);
          const all = pack.allMessages().then((module) => module.default as unknown as ResourceKey);
          if (!pageLanguage) return callback(null, await all);
          void all.then((messages) => addLater(lang, namespace, messages)).finally(markAllTextsLoaded);
          callback(null, pack.messages as ResourceKey);
        })
        .catch((error: Error) => {
          if (pageLanguage) markAllTextsLoaded();
          callback(error, false);
        });
    },
  };
}
