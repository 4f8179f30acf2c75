import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as auth from '../api/auth.ts';
import * as codes from '../api/codes.ts';
import * as personal from '../api/personal.ts';
import * as personalization from '../api/personalization.ts';
import * as portal from '../api/portal.ts';
import * as registration from '../api/registration.ts';
import * as settings from '../api/settings.ts';

/**
 * Every string a request can carry goes through `requestString`, so that a control character is
 * 1000400 on every call, also on fields added later: this walks each request schema of `api/` and
 * sends a NUL (and the other kinds of control character) into every field that takes a string.
 */

const MODULES = { auth, codes, personal, personalization, portal, registration, settings };

/** Body, query string and path schemas are named so; response schemas are not requests. */
const REQUEST_SCHEMA = /(RequestSchema|QuerySchema|ParamsSchema)$/;

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  shape?: Record<string, ZodType>;
}
const defOf = (schema: ZodType) => schema._zod.def as unknown as Def;

/** Whether a field accepts some free string (not an enum or a literal), through its wrappers. */
function takesStrings(schema: ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return true;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return takesStrings(def.innerType!);
    case 'pipe':
      return takesStrings(def.in!) || takesStrings(def.out!);
    case 'union':
      return def.options!.some(takesStrings);
    default:
      return false;
  }
}

/** `[path, field schema]` of every field, nested objects (a company's details) included. */
function fieldsOf(schema: ZodType, prefix = ''): [string, ZodType][] {
  const def = defOf(schema);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape!).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const nested = fieldsOf(field, path);
    return nested.length > 0 ? nested : [[path, field] as [string, ZodType]];
  });
}

const requestSchemas = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name]) => REQUEST_SCHEMA.test(name))
    .map(([name, schema]) => [`${module}.${name}`, schema as ZodType] as const),
);

const stringFields = requestSchemas.flatMap(([schemaName, schema]) =>
  fieldsOf(schema)
    .filter(([, field]) => takesStrings(field))
    .map(([path, field]) => [`${schemaName} ${path}`, field] as const),
);

describe('every request string refuses control characters', () => {
  it('finds the request schemas and their string fields', () => {
    // a guard on the walk itself: a refactor that hides the schemas must not make this suite vacuous
    expect(requestSchemas.length).toBeGreaterThanOrEqual(25);
    expect(stringFields.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'auth.loginRequestSchema identifier',
        'personalization.personalizationQuerySchema domain',
        'personalization.personalizationIconParamsSchema enterpriseId',
        'registration.referralInfoParamsSchema id',
        'registration.enterpriseSignUpRequestSchema enterprise.fullName',
        'settings.membersQuerySchema keyword',
        'settings.createMemberRequestSchema nickname',
      ]),
    );
  });

  it.each(stringFields)('%s', (_name, field) => {
    for (const value of ['a\u0000b', '\u0000', 'ab\u0007', 'a\u007fb', 'a\u0085b', 'a\ud800b']) {
      const first = field.safeParse(value).error?.issues[0]?.message;
      expect(first, JSON.stringify(value)).toBe('validation.controlCharacters');
    }
  });
});
