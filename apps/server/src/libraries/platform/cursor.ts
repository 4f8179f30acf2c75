import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';

/**
 * The cursors of keyset paging (`@portal/shared/api/paging`): the sort key and id of a page's last
 * row, as base64url of a JSON array of integers. Clients treat it as opaque; the server takes back
 * only a cursor it could have made, so a forged one answers 1000400 rather than reaching a query.
 */
export function encodeCursor(key: readonly number[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const invalidCursor = () => new AppError(ErrorCode.BadRequest, { fields: { cursor: 'validation.invalidValue' } });

/** What each integer of a cursor is, and so the values its column can hold: a row id (`integer` on
 *  PostgreSQL, 0 to 2^31 - 1) or a time in ms (`bigint`, from 0; JavaScript keeps it exact). A value
 *  beyond them is no key of a row: refused here, rather than by the database as an error. */
export type CursorKey = 'id' | 'time';
const KEY_MAX: Record<CursorKey, number> = { id: 2 ** 31 - 1, time: Number.MAX_SAFE_INTEGER };

/** The key of a cursor of the integers `keys` names; undefined for none (the first page). */
export function decodeCursor(cursor: string | undefined, keys: readonly CursorKey[]): number[] | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(key) ||
    key.length !== keys.length ||
    !key.every((n, i) => Number.isSafeInteger(n) && n >= 0 && n <= KEY_MAX[keys[i]!])
  )
    throw invalidCursor();
  // one spelling per key: padding, stray bits or a NUL byte make a cursor the server never gave
  if (encodeCursor(key as number[]) !== cursor) throw invalidCursor();
  return key as number[];
}

/** A page of rows read one beyond the page's size: the extra row only says that more follow. */
export function pageOf<Row>(
  rows: Row[],
  pageSize: number,
  keyOf: (row: Row) => number[],
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= pageSize) return { rows, nextCursor: null };
  const page = rows.slice(0, pageSize);
  return { rows: page, nextCursor: encodeCursor(keyOf(page[page.length - 1]!)) };
}
