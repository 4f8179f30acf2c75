import { describe, it, expect } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import { MESSAGES } from './catalog.ts';
import { AUTHENTICATOR_CODE_KEYS, GLOSSARY, PASSWORD_HINT_KEYS, PASSWORD_RULE_KEY } from './glossary.ts';

/** Every string of a message tree under its dotted key. */
function strings(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node !== null && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) strings(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

describe.each(LANGUAGES)('glossary: %s', (lang) => {
  const glossary = GLOSSARY[lang];
  const messages = strings(MESSAGES[lang]);
  const all = [...messages.values()].join('\n').toLowerCase();

  it('uses none of the banned variants', () => {
    const found = [...messages].flatMap(([key, text]) =>
      glossary.banned
        .filter(({ pattern }) => pattern.test(text))
        .map(({ pattern, instead }) => `${key}: ${JSON.stringify(text)} matches ${pattern} (write ${instead})`),
    );
    expect(found, `banned variants in ${lang}`).toEqual([]);
  });

  it('uses every chosen term somewhere (a term nobody uses is a stale entry)', () => {
    const unused = Object.entries(glossary.terms).filter(([, word]) => !all.includes(word.toLowerCase()));
    expect(unused, `glossary terms of ${lang} found in no text`).toEqual([]);
  });

  it("names the authenticator's code by its own word, never the sent code's", () => {
    const sent = glossary.terms.sentCode.toLowerCase();
    const wrong = AUTHENTICATOR_CODE_KEYS.filter((key) => messages.get(key)?.toLowerCase().includes(sent));
    expect(wrong, `keys of ${lang} calling the authenticator's code "${glossary.terms.sentCode}"`).toEqual([]);
  });

  it('words the password rule one way: the hints are one text, naming the classes as the rule does', () => {
    const classes = glossary.terms.passwordClasses;
    expect(messages.get(PASSWORD_RULE_KEY)).toContain(classes);
    const hints = PASSWORD_HINT_KEYS.map((key) => messages.get(key));
    expect(new Set(hints).size, `password hints of ${lang}: ${JSON.stringify(hints)}`).toBe(1);
    expect(hints[0]).toContain(classes);
  });
});
