import { currentLanguage } from './i18n';

const STYLES = {
  /** When something happened or ends: the day and the minute. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** To the second, where moments a few seconds apart must differ (a webhook's tries). */
  seconds: { dateStyle: 'medium', timeStyle: 'medium' },
  /** The day alone, where the hour does not matter (when someone joined). */
  date: { dateStyle: 'medium' },
  /** A day in words, within a sentence ("30 June 2025", "2025年6月30日"). */
  longDate: { dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/**
 * A moment the server gave (ISO 8601) in the language of the page; an unreadable one is shown as it
 * came. The day is the reader's, unless `timeZone` names the zone whose calendar counts.
 */
export function formatDate(moment: string, style: DateStyle = 'dateTime', timeZone?: string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  return new Intl.DateTimeFormat(currentLanguage(), { ...STYLES[style], timeZone }).format(date);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago (or from now) a moment is, in the page's language ("3 hours ago", "3小时前"), to the
 * largest unit it reaches; under a minute is "now". An unreadable moment is shown as it came.
 */
export function formatRelative(moment: string, now = Date.now()): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  const format = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'auto' });
  const elapsed = date.getTime() - now;
  for (const [unit, size] of RELATIVE_STEPS)
    if (Math.abs(elapsed) >= size) return format.format(Math.trunc(elapsed / size), unit);
  return format.format(0, 'second');
}
