import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes.ts';

/** Every response body (contract: conventions). */
export interface Envelope<T> {
  code: ErrorCode;
  msg: string;
  data: T | null;
}

/** The envelope as a schema, for the OpenAPI description of each call. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data: data.nullable() });
}
