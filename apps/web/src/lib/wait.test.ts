import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { waitInWords } from './wait';

describe('waitInWords', () => {
  it.each([
    ['en-US', 1, '1 second'],
    ['en-US', 59, '59 seconds'],
    ['en-US', 60, '1 minute'],
    ['en-US', 61, '2 minutes'],
    ['en-US', 119 * 60, '119 minutes'],
    ['en-US', 3 * 3600, '3 hours'],
    ['de-DE', 60, '1 Minute'],
    ['de-DE', 900, '15 Minuten'],
    ['it-IT', 3600 * 23, '23 ore'],
    ['es-ES', 1, '1 segundo'],
    ['ja-JP', 900, '15 分'],
    ['zh-CN', 900, '15 分钟'],
  ] as const)('says %s %d s as %j', async (language, seconds, words) => {
    await i18n.changeLanguage(language);
    expect(waitInWords(i18n.t, seconds)).toBe(words);
  });
});
