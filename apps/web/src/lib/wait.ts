import type { TFunction } from 'i18next';
import type { ApiError } from './api-error';

/** A whole number of seconds the refusal carries in `data` (`retryAfterSeconds`, `cooldownSeconds`). */
export function secondsIn(error: ApiError, field: 'retryAfterSeconds' | 'cooldownSeconds'): number | null {
  const seconds = (error.data as Record<string, unknown> | null)?.[field];
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** A wait in words: seconds under a minute, minutes under two hours, hours beyond; rounded up, so
 *  that the person never comes back too early. */
export function waitInWords(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('common.duration.seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return t('common.duration.minutes', { count: minutes });
  return t('common.duration.hours', { count: Math.ceil(seconds / 3600) });
}
