import { z } from 'zod';
import { ErrorCode, FAILURE_CODES, type FailureCode, httpStatusOf } from '../errors/error-codes.ts';
import { phoneBoundDataSchema } from './personal.ts';
import { REFERRAL_STATUSES } from './registration.ts';

/**
 * `data` of a rejection: null, or the details its code carries (each call's description says which
 * of its rejections carry what). Keys beyond these pass as they are: a rejection's details are built
 * by the server's own code for the client, never read from stored rows.
 */
export const failureDataSchema = z
  .looseObject({
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('1000400: each refused field with the message key of its first problem'),
    boundTo: phoneBoundDataSchema.shape.boundTo
      .optional()
      .describe('1009106: the other account holding the phone, masked; null when it shares no company with the user'),
    reason: z.string().optional().describe('1000403: why, when it is not a missing right (`lastAdmin`)'),
    cooldownSeconds: z.number().optional().describe('1009108: seconds until the target may receive a code again'),
    retryAfterSeconds: z
      .number()
      .optional()
      .describe('1009108, 1000429: seconds until the refused call may be tried again (as `Retry-After`)'),
    challenge: z
      .looseObject({ algorithm: z.string(), challenge: z.string(), maxnumber: z.number(), salt: z.string() })
      .optional()
      .describe('1009180: the ALTCHA proof-of-work challenge to solve; its solution goes in `X-Proof-Of-Work`'),
    status: z.enum(REFERRAL_STATUSES).optional().describe('1008110: what `referral/info` says of the link'),
  })
  .nullable();
export type FailureData = z.infer<typeof failureDataSchema>;

/** A rejection with one of `codes`, its message in the request language, and its details. The type
 *  of `code` stays every failure code, so that any rejection type-checks against any call. */
export function failureEnvelopeSchema(codes: readonly FailureCode[]) {
  return z.object({ code: z.literal(codes), msg: z.string(), data: failureDataSchema });
}

/** The business rejections: answered with HTTP 200, like success (docs/errors.md#http-statuses). */
export const BUSINESS_FAILURE_CODES = FAILURE_CODES.filter((code) => httpStatusOf(code) === 200);

/** A business rejection: HTTP 200 like success, with its catalogue code and its own details. */
export const businessFailureEnvelopeSchema = failureEnvelopeSchema(BUSINESS_FAILURE_CODES);

/** Every HTTP 200 answer of a call: success with its data, or a business rejection with its own. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z
    .discriminatedUnion('code', [
      z.object({ code: z.literal(ErrorCode.Success), msg: z.string(), data }),
      businessFailureEnvelopeSchema,
    ])
    .describe("Success (`code` 0) with the call's data, or a business rejection with its code and details.");
}

/** Every response body (docs/errors.md#the-envelope). */
export type Envelope<T> =
  { code: typeof ErrorCode.Success; msg: string; data: T } | { code: FailureCode; msg: string; data: FailureData };
