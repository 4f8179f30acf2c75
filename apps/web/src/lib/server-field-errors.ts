import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ApiError } from './api-error';
import { translateKey } from './i18n';

/** `data.fields` of a 1000400: the server's verdict per field, translated; empty for any other rejection. */
export function serverFieldErrors(error: ApiError): Map<string, string> {
  const fields = error.code === ErrorCode.BadRequest ? (error.data as { fields?: unknown } | null)?.fields : null;
  if (!fields || typeof fields !== 'object') return new Map();
  return new Map(
    Object.entries(fields as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, key]) => [name, translateKey(key)]),
  );
}
