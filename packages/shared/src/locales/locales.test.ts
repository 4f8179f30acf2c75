import { describe, it, expect } from 'vitest';
import type { Language } from '../constants.ts';
import { LANGUAGES } from '../constants.ts';
import { MESSAGES } from './catalog.ts';

const SOURCE: Language = 'zh-CN';
const ENGLISH: Language = 'en-US';

/** Every leaf of a message tree under its dotted key (`errors.1009117`); a leaf is anything but a plain object. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, child] of Object.entries(node)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

function placeholders(value: unknown): string[] {
  return typeof value === 'string' ? [...new Set(value.match(/\{\{\s*\w+\s*\}\}/g) ?? [])].sort() : [];
}

/**
 * Keys whose translation may equal the English text, by language. Keep it minimal: only words that are
 * genuinely the same in that language. zh-CN and ja-JP (other scripts) have no exception at all.
 */
const SAME_AS_ENGLISH: Partial<Record<Language, readonly string[]>> = {
  'de-DE': [
    'common.confirm', // "OK" is the usual German label of a confirm button
    'energy.month.4', // April, August, September, November are spelled the same in German
    'energy.month.8',
    'energy.month.9',
    'energy.month.11',
    'passkeys.title', // "Passkeys" is the German word too
    'integrations.webhooks.tab', // "Webhooks", a word German has taken as it is
    'sites.templates.investor', // "Investor" is the German word too
    // "Webhook: <url>", the word German has taken as it is, before an address or a number
    'audit.summary.webhook',
    'audit.summary.webhookMoved',
    'audit.summary.webhookNumber',
  ],
  'es-ES': [
    'energy.priceType.total', // "Total" is the Spanish word too
    'sites.templates.auditor', // "Auditor" is the Spanish word too
    'integrations.webhooks.tab', // "Webhooks", a word Spanish has taken as it is
    // "Webhook: <url>", the word Spanish has taken as it is, before an address or a number
    'audit.summary.webhook',
    'audit.summary.webhookMoved',
    'audit.summary.webhookNumber',
    'integrations.deliveries.error', // "Error" is the Spanish word too
  ],
  'it-IT': [
    'common.confirm', // "OK" is the usual Italian label of a confirm button
    'web.login.password', // "password" is the Italian word too (the portal's word, not "parola chiave")
    'personal.proofWithPassword',
    // "Webhook: <url>", the word Italian has taken as it is, before an address or a number
    'audit.summary.webhook',
    'audit.summary.webhookMoved',
    'audit.summary.webhookNumber',
  ],
};

/** A value with nothing to translate: only digits, `{{placeholders}}`, punctuation and spaces. */
function isNonLinguistic(value: string): boolean {
  return value.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\d\p{P}\p{S}\s]/gu, '') === '';
}

/** An i18next plural key (`countdown_one`): its base and its category. */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * The plural categories a language uses for the counts the portal shows (0-100). Spanish and Italian
 * `many` is for millions only, so it is not asked for.
 */
function pluralForms(lang: Language): string[] {
  const rules = new Intl.PluralRules(lang);
  return [...new Set(Array.from({ length: 101 }, (_, n) => rules.select(n)))].sort();
}

/** The keys a language must have: those of the source, with each `key_other` in the language's plural forms. */
function expectedKeys(lang: Language): Map<string, string> {
  const expected = new Map<string, string>();
  for (const key of source.keys()) {
    const plural = PLURAL_KEY.exec(key);
    if (plural?.[2] !== 'other') expected.set(key, key);
    else for (const form of pluralForms(lang)) expected.set(`${plural[1]}_${form}`, key);
  }
  return expected;
}

const source = flatten(MESSAGES[SOURCE]);
const english = flatten(MESSAGES[ENGLISH]);

describe('locale catalogue', () => {
  it('has exactly one message tree per language', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('the source locale has messages', () => {
    expect(source.size).toBeGreaterThan(0);
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    const messages = flatten(MESSAGES[lang]);

    // key of this language -> the source key it translates (a plural form translates `key_other`)
    const expected = expectedKeys(lang);

    it(`has exactly the keys of ${SOURCE}, with the plural forms of its language`, () => {
      const missing = [...expected.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !expected.has(key));
      expect(
        { missing, extra },
        `keys of ${lang} differ from ${SOURCE}: missing [${missing.join(', ')}], extra [${extra.join(', ')}]`,
      ).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty string at every leaf', () => {
      const bad = [...messages].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(
        bad.map(([key, value]) => `${key}: ${JSON.stringify(value)}`),
        `empty or non-string messages in ${lang}`,
      ).toEqual([]);
    });

    it(`keeps every {{placeholder}} of ${SOURCE} and adds none`, () => {
      const wrong = [...expected]
        .filter(([key]) => messages.has(key))
        .filter(([key, of]) => placeholders(source.get(of)).join() !== placeholders(messages.get(key)).join())
        .map(
          ([key, of]) => `${key}: ${placeholders(source.get(of)).join(' ')} -> ${JSON.stringify(messages.get(key))}`,
        );
      expect(wrong, `placeholders differ from ${SOURCE} in ${lang}`).toEqual([]);
    });
  });

  describe.each(LANGUAGES.filter((lang) => lang !== ENGLISH))('%s', (lang) => {
    it(`is translated: no message equals ${ENGLISH} except the allowlist`, () => {
      const messages = flatten(MESSAGES[lang]);
      const allowed = new Set(SAME_AS_ENGLISH[lang] ?? []);
      const untranslated = [...messages]
        .filter(([key, value]) => typeof value === 'string' && value === english.get(key))
        .filter(([key, value]) => !allowed.has(key) && !isNonLinguistic(value as string))
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
      expect(untranslated, `messages of ${lang} identical to ${ENGLISH}`).toEqual([]);
    });
  });

  it('zh-CN and ja-JP are checked against English with no allowlisted key', () => {
    expect(SAME_AS_ENGLISH['zh-CN']).toBeUndefined();
    expect(SAME_AS_ENGLISH['ja-JP']).toBeUndefined();
    expect(SAME_AS_ENGLISH[ENGLISH]).toBeUndefined();
  });

  it('the allowlist holds only keys that really are identical to English', () => {
    const stale = Object.entries(SAME_AS_ENGLISH).flatMap(([lang, keys]) =>
      (keys ?? [])
        .filter((key) => !source.has(key) || flatten(MESSAGES[lang as Language]).get(key) !== english.get(key))
        .map((key) => `${lang} ${key}`),
    );
    expect(stale, 'allowlisted keys that are absent or already differ from English; remove them').toEqual([]);
  });
});
