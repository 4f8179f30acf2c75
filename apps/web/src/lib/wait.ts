import type { TFunction } from 'i18next';

/** A wait in words: seconds under a minute, minutes under two hours, hours beyond; rounded up, so
 *  that the person never comes back too early. */
export function waitInWords(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('common.duration.seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return t('common.duration.minutes', { count: minutes });
  return t('common.duration.hours', { count: Math.ceil(seconds / 3600) });
}
