import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, core } from 'zod';

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
