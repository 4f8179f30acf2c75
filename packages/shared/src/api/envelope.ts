import type { ErrorCode } from '../errors/error-codes.ts';

/** Every response body (contract: conventions). */
export interface Envelope<T> {
  code: ErrorCode;
  msg: string;
  data: T | null;
}
