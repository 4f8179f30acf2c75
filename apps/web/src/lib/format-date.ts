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
