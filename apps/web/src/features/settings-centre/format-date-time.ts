import { currentLanguage } from '../../lib/i18n';

function format(iso: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), options).format(date);
}

/** A server timestamp (ISO 8601) in the reader's language; an unreadable one is shown as it came. */
export function formatDateTime(iso: string): string {
  return format(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The day of a server timestamp, where the hour does not matter (when someone joined). */
export function formatDate(iso: string): string {
  return format(iso, { dateStyle: 'medium' });
}
