import { z } from 'zod';
import { requestString } from '../validation/rules.ts';
import { optionalUnlessBlank } from './registration.ts';

/**
 * Keyset paging: a list answers a page and `nextCursor`, and the client sends that cursor back for
 * the page after. The cursor is opaque (the server's encoding of the last row's sort key and id);
 * only its alphabet and length are checked here, its content by the server (1000400 with
 * `fields.cursor` for one it did not make).
 */
export const CURSOR_MAX_LENGTH = 128;

/** `cursor=`: the `nextCursor` of the page before; absent for the first page. */
export const cursorQuerySchema = optionalUnlessBlank(
  // a control character is told as such, as in every request string, before the alphabet's refusal
  requestString()
    .max(CURSOR_MAX_LENGTH, 'validation.invalidValue')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidValue')
    .describe('The `nextCursor` of the page before; absent for the first page. Opaque: send it back as it came.'),
);

/** The cursor of the page after this one; null on the last page. */
export const nextCursorSchema = z
  .string()
  .nullable()
  .describe('Send as `cursor` for the page after this one; null when this page is the last.');
