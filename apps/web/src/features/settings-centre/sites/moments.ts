/**
 * A grant's or an assignment's start and end are picked with the browser's own date and time field
 * (`datetime-local`: keyboard, screen readers and phones all know it), which speaks the reader's local
 * time without an offset; the server takes ISO 8601 moments with theirs.
 */

/** `2026-05-01T08:30`, the reader's local time of an ISO moment, as the field shows it. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The field's value as an ISO moment (UTC); empty: none. */
export function fromLocalInput(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
