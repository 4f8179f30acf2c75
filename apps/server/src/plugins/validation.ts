import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { type ZodType, type core, z } from 'zod';
import { failureEnvelopeSchema } from '@portal/shared/api/envelope';
import { ErrorCode, FAILURE_CODES, type FailureCode, isKnownErrorCode } from '@portal/shared/errors/error-codes';

/** A request that failed its schema; `fields` maps each field to the message key of its first problem. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: Record<string, string>) {
    super('request validation failed');
  }
}

function messageKey(issue: core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return 'validation.unknownField';
  return issue.message.startsWith('validation.') ? issue.message : 'validation.invalidValue';
}

export function fieldsOf(issues: core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || '_'];
    for (const name of names) fields[name] ??= messageKey(issue);
  }
  return fields;
}

/** Route schemas are the shared zod schemas: one rule, one place. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(fieldsOf(result.error.issues)) };
  };

/** A response that breaks its call's schema: the server's fault, logged by the error handler (1000500). */
class ResponseSchemaError extends Error {
  constructor(method: string, url: string, status: number | string, issues: core.$ZodIssue[]) {
    const problems = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    super(`the ${status} answer of ${method} ${url} breaks its schema: ${problems.join('; ')}`);
  }
}

/** Every rejection, whatever the call and its HTTP status. Its details are held to be an object, not
 *  to their documented shape: a rejection must reach the client as an envelope even then. */
const anyFailureSchema = z.object({
  code: z.literal(FAILURE_CODES),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Answers leave through their schemas, as requests come in through them. A success is encoded by its
 * call's response schema: what a handler returns beyond it (a column a query starts selecting, a
 * `password_hash`) is stripped, so only described fields reach the client and the call keeps working;
 * an answer the schema cannot describe (a missing field, a wrong type) is refused, the client gets
 * 1000500 and the log names the field. A rejection is the error handler's envelope, whichever call it
 * ends: it is encoded by the one failure schema (a catalogue code, its message, its details), so that
 * no call's success schema, and no status a call did not foresee, can turn it into a 500.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    // a rejection carries a catalogue code; a success its envelope's 0, or (a `plain` call's answer,
    // in its protocol's own shape) no code at all
    const success = !isKnownErrorCode((data as { code?: unknown } | null)?.code);
    const result = (success ? schema : anyFailureSchema).safeEncode(data);
    if (!result.success) throw new ResponseSchemaError(method, url, httpStatus ?? 'default', result.error.issues);
    return JSON.stringify(result.data);
  };

export type FailureStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 503;

const retryAfter = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
};

/** Each HTTP status a rejection may have, with the codes it carries there. */
const FAILURES: Record<FailureStatus, { codes: FailureCode[]; description: string; headers?: object }> = {
  400: {
    codes: [ErrorCode.BadRequest],
    description:
      "1000400: the request is malformed (URL, headers, a body that is not JSON or over 16 KB) or breaks the call's rules; `data.fields` names each refused field with the message key of its problem.",
  },
  401: {
    codes: [ErrorCode.Unauthorized],
    description: '1000401: no session, or it has ended (idle or absolute limit, logout, a password change or reset).',
  },
  403: {
    codes: [ErrorCode.Forbidden],
    description: '1000403: the user may not do this here; the web app shows its no-access page.',
    headers: { 'redirect-page': { type: 'string', enum: ['001'], description: 'The no-access page.' } },
  },
  404: {
    codes: [ErrorCode.NotFound],
    description: "1000404: what the request names does not exist, or is not the session's company's.",
  },
  413: { codes: [ErrorCode.PayloadTooLarge], description: '1000413: the upload is too large.' },
  415: {
    codes: [ErrorCode.BadRequest],
    description: '1000400: the body is not of the media type the call takes.',
  },
  429: {
    codes: [ErrorCode.TooManyAttempts],
    description: '1000429: too many requests from this client, or a sign-in wait.',
    headers: retryAfter,
  },
  500: { codes: [ErrorCode.Internal], description: '1000500: the server failed; the answer carries no details.' },
  503: {
    codes: [ErrorCode.ServiceUnavailable],
    description:
      '1000503: the database or Redis did not answer in time, or the server is shutting down; try again after the wait.',
    headers: retryAfter,
  },
};

/** The response schema of a rejection with an HTTP status of its own; `codes` where a call adds its own. */
export function failureAnswer(status: FailureStatus, codes = FAILURES[status].codes, description?: string) {
  const failure = FAILURES[status];
  return failureEnvelopeSchema(codes)
    .describe(description ?? failure.description)
    .meta(failure.headers ? { headers: failure.headers } : {});
}

/** Response schemas of rejections with their own HTTP status, for a call's schema and its description. */
export function failureAnswers(...statuses: FailureStatus[]): Partial<Record<FailureStatus, ZodType>> {
  return Object.fromEntries(statuses.map((status) => [status, failureAnswer(status)]));
}
