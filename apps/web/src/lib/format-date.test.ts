import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from './format-date';
import { i18n } from './i18n';

const NOON_IN_CHINA = '2025-06-30T12:00:00+08:00';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('formatDate', () => {
  it('says a moment in the language of the page, following a change of language', async () => {
    expect(formatDate(NOON_IN_CHINA, 'longDate', 'Asia/Shanghai')).toBe('2025年6月30日');
    await i18n.changeLanguage('en-US');
    expect(formatDate(NOON_IN_CHINA, 'longDate', 'Asia/Shanghai')).toBe('June 30, 2025');
    await i18n.changeLanguage('de-DE');
    expect(formatDate(NOON_IN_CHINA, 'longDate', 'Asia/Shanghai')).toBe('30. Juni 2025');
  });

  it('gives the day and the minute unless told the day alone', async () => {
    await i18n.changeLanguage('de-DE');
    expect(formatDate(NOON_IN_CHINA, 'dateTime', 'Asia/Shanghai')).toBe('30.06.2025, 12:00');
    expect(formatDate(NOON_IN_CHINA, 'date', 'Asia/Shanghai')).toBe('30.06.2025');
  });

  it('counts the day in the zone it is told', async () => {
    await i18n.changeLanguage('en-US');
    expect(formatDate('2025-06-30T20:00:00Z', 'date', 'Asia/Shanghai')).toBe('Jul 1, 2025');
    expect(formatDate('2025-06-30T20:00:00Z', 'date', 'UTC')).toBe('Jun 30, 2025');
  });

  it('shows a moment it cannot read as it came', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
