import { z } from 'zod';
import { phoneBoundDataSchema } from '../api/personal.ts';
import { REFERRAL_STATUSES } from '../api/registration.ts';
import { ErrorCode, type FailureCode } from './error-codes.ts';

/** Seconds until the refused call may be tried again, as in `Retry-After`. */
const retryAfterSeconds = z.number().int().positive().describe('seconds until the call may be tried again');

/**
 * `data` of each code that carries details (docs/errors.md#details); every other code carries null.
 * The server's rejections are typed by it, the web's errors read it, and the API description shows it.
 */
export const FAILURE_DATA = {
  [ErrorCode.BadRequest]: z
    .object({
      fields: z.record(z.string(), z.string()).describe('each refused field with the message key of its problem'),
    })
    .nullable()
    .describe('null when the request is no request the call can read (not JSON, a URL it cannot decode)'),
  [ErrorCode.Forbidden]: z
    .object({ reason: z.literal('lastAdmin').describe('why, when it is not a missing right') })
    .nullable(),
  [ErrorCode.TooManyAttempts]: z.object({ retryAfterSeconds }),
  [ErrorCode.ServiceUnavailable]: z
    .object({ database: z.enum(['up', 'down']), redis: z.enum(['up', 'down', 'none']) })
    .nullable()
    .describe('the readiness probe: what did not answer in time; null for any other call'),
  [ErrorCode.RegistrationFailed]: z
    .object({ status: z.enum(REFERRAL_STATUSES).describe('what `referral/info` says of the link') })
    .nullable()
    .describe('null when the registration itself failed, not its link'),
  [ErrorCode.SmsBusy]: z.object({
    retryAfterSeconds,
    cooldownSeconds: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("seconds left of the target's cooldown, while that is what refuses"),
  }),
  [ErrorCode.PhoneBound]: phoneBoundDataSchema.describe(
    'the other account holding the phone, masked; null when it shares no company with the user',
  ),
  [ErrorCode.AccessRequestOverCap]: z.object({
    capHours: z.number().int().positive().describe("the owner company's cap of access on request, in hours"),
  }),
  [ErrorCode.ProofOfWorkRequired]: z.object({
    challenge: z
      .object({
        algorithm: z.string(),
        challenge: z.string(),
        maxnumber: z.number().int(),
        salt: z.string(),
        signature: z.string(),
      })
      .describe('the ALTCHA challenge to solve; its solution goes in `X-Proof-Of-Work`'),
  }),
} satisfies Partial<Record<FailureCode, z.ZodType>>;

type CodeWithData = keyof typeof FAILURE_DATA;

/** What `data` of a rejection with `code` holds. */
export type FailureDataOf<C extends FailureCode> = C extends CodeWithData ? z.output<(typeof FAILURE_DATA)[C]> : null;

/** The codes whose rejection may carry no details at all: their `data` may be null. */
export type CodeWithoutRequiredData = {
  [C in FailureCode]: null extends FailureDataOf<C> ? C : never;
}[FailureCode];

/** The schema of `data` of a rejection with `code`: null for a code that carries nothing. */
export function failureDataSchemaOf(code: FailureCode): z.ZodType {
  return (FAILURE_DATA as Partial<Record<FailureCode, z.ZodType>>)[code] ?? z.null();
}

/** A rejection on the wire, `code` telling what `data` holds. */
export type Failure<C extends FailureCode = FailureCode> = {
  [K in C]: { code: K; msg: string; data: FailureDataOf<K> };
}[C];
