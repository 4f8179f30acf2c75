import { formatDate } from '../lib/format-date';

/** The cut-off is the end of the deadline day in China time, as the server counts it. */
function cutOffMs(deadline: string): number {
  return Date.parse(`${deadline}T23:59:59.999+08:00`);
}

/** Once past, an unverified account cannot go on without verifying, so skipping is not offered. */
export function isPastCutOff(deadline: string, now = Date.now()): boolean {
  return now > cutOffMs(deadline);
}

/** The deadline, a day of the calendar in China, as a date in the reader's language. */
export function formatDeadline(deadline: string): string {
  const noonInChina = `${deadline}T12:00:00+08:00`;
  if (Number.isNaN(Date.parse(noonInChina))) return deadline;
  return formatDate(noonInChina, 'longDate', 'Asia/Shanghai');
}
