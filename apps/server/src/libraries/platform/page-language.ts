import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@portal/shared/constants';

/**
 * The one rule of a page's language, for the web app's documents and the OpenID provider's own pages
 * alike: the language cookie, else the browser's preference (Accept-Language) among ours, else Chinese.
 */

/** Each language also under its primary subtag: a negotiator matches only an exact tag or a prefix of
 *  one, so a browser asking for en-GB, de-AT or zh-TW would otherwise find none of ours. */
const BY_PRIMARY_SUBTAG = new Map<string, Language>(LANGUAGES.map((language) => [language.split('-')[0]!, language]));

/** What a negotiator is offered: the tags whole, then their primary subtags. */
export const OFFERED_LANGUAGES = [...LANGUAGES, ...BY_PRIMARY_SUBTAG.keys()];

/** One of ours for what a negotiator picked among OFFERED_LANGUAGES (nothing: the default). */
export function offeredLanguage(negotiated: string | false | undefined): Language {
  if (!negotiated) return DEFAULT_LANGUAGE;
  return isLanguage(negotiated) ? negotiated : (BY_PRIMARY_SUBTAG.get(negotiated) ?? DEFAULT_LANGUAGE);
}

/** The page's language from its cookie's value and a negotiation of Accept-Language run only when
 *  there is no cookie and the browser states a preference (the negotiator picks the first offered,
 *  the default, for a header it cannot read). */
export function pageLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  negotiate: (offered: string[]) => string | false | undefined,
): Language {
  if (isLanguage(cookie)) return cookie;
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  return offeredLanguage(negotiate(OFFERED_LANGUAGES));
}
