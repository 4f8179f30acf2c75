import { currentLanguage } from '../../../lib/i18n';

/** A server timestamp (ISO 8601) in the reader's language; an unreadable one is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
