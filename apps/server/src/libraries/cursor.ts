import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../app-error.ts';

/**
 * The cursors of keyset paging (`@portal/shared/api/paging`): the sort key and id of a page's last
 * row, as base64url of a JSON array of integers. Clients treat it as opaque; the server takes back
 * only a cursor it could have made, so a forged one answers 1000400 rather than reaching a query.
 */
export function encodeCursor(key: readonly number[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const invalidCursor = () => new AppError(ErrorCode.BadRequest, { fields: { cursor: 'validation.invalidValue' } });

/** The key of a cursor of `arity` integers; undefined for none (the first page). */
export function decodeCursor(cursor: string | undefined, arity: number): number[] | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(key) || key.length !== arity || !key.every((n) => Number.isSafeInteger(n))) throw invalidCursor();
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
