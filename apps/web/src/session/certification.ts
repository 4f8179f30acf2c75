import { personalCalls } from '@portal/shared/api/contract/personal';
import type { Language } from '@portal/shared/constants';
import { call } from '../lib/api-client';

export function fetchCertification() {
  return call(personalCalls.certification);
}

/** The cut-off is the end of the deadline day in China time, as the server counts it. */
function cutOffMs(deadline: string): number {
  return Date.parse(`${deadline}T23:59:59.999+08:00`);
}

/** Once past, an unverified account cannot go on without verifying, so skipping is not offered. */
export function isPastCutOff(deadline: string, now = Date.now()): boolean {
  return now > cutOffMs(deadline);
}

/** The deadline as a date in the reader's language ("30 June 2025", "2025年6月30日"). */
export function formatDeadline(deadline: string, lang: Language): string {
  const noonInChina = Date.parse(`${deadline}T12:00:00+08:00`);
  if (Number.isNaN(noonInChina)) return deadline;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Shanghai' }).format(noonInChina);
}
