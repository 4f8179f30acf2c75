import { z } from 'zod';
import { ErrorCode, FAILURE_CODES, type FailureCode, httpStatusOf } from '../errors/error-codes.ts';
import { type Failure, failureDataSchemaOf } from '../errors/error-data.ts';

/** The rejections with one of `codes`, each with its message in the request language and the details
 *  of its code (errors/error-data.ts): the codes that carry none share one schema. */
function failureUnion(codes: readonly FailureCode[]) {
  const plain = codes.filter((code) => failureDataSchemaOf(code) instanceof z.ZodNull);
  const detailed = codes.filter((code) => !plain.includes(code));
  const options = [
    ...(plain.length ? [z.object({ code: z.literal(plain), msg: z.string(), data: z.null() })] : []),
    ...detailed.map((code) => z.object({ code: z.literal(code), msg: z.string(), data: failureDataSchemaOf(code) })),
  ];
  const [first, ...rest] = options;
  return rest.length === 0 ? first! : z.discriminatedUnion('code', [first!, ...rest]);
}

/** A rejection with one of `codes`. Its type is every rejection, so that any rejection type-checks
 *  against any call. */
export function failureEnvelopeSchema(codes: readonly FailureCode[]): z.ZodType<Failure> {
  return failureUnion(codes) as z.ZodType<Failure>;
}

/** The business rejections: answered with HTTP 200, like success (docs/errors.md#http-statuses). */
export const BUSINESS_FAILURE_CODES = FAILURE_CODES.filter((code) => httpStatusOf(code) === 200);

const businessFailures = failureUnion(BUSINESS_FAILURE_CODES);

/** A business rejection: HTTP 200 like success, with its catalogue code and its own details. */
export const businessFailureEnvelopeSchema = businessFailures as z.ZodType<Failure>;

/** Every HTTP 200 answer of a call: success with its data, or a business rejection with its own. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z
    .discriminatedUnion('code', [
      z.object({ code: z.literal(ErrorCode.Success), msg: z.string(), data }),
      businessFailures,
    ])
    .describe(
      "Success (`code` 0) with the call's data, or a business rejection with its code and details.",
    ) as z.ZodType<Envelope<z.output<T>>, Envelope<z.input<T>>>;
}

/** Every response body (docs/errors.md#the-envelope): success, or a rejection with its code's details. */
export type Envelope<T> = { code: typeof ErrorCode.Success; msg: string; data: T } | Failure;
