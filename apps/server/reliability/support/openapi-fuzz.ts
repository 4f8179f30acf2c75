import fc from 'fast-check';
import { declaredOperations } from '../../test/support/api-document.ts';

/** The part of JSON Schema (as the OpenAPI document of the server writes it) that requests use. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  id: string;
  method: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
  /** Media types of each declared status: a non-JSON success (an icon) is what the call says it answers. */
  responseTypes: Record<string, string[]>;
}

/** The declared calls: the OpenID provider's endpoints, also described, answer in OAuth's format
 *  rather than the envelope, and are driven by their own suite (test/openid). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return declaredOperations(document).map(({ method, path, operation }) => {
    const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
    return {
      id: operation.operationId ?? `${method} ${path}`,
      method,
      path,
      parameters: operation.parameters ?? [],
      body: contentType && media ? { contentType, schema: media.schema } : null,
      responseTypes: Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, r]) => [status, Object.keys(r.content ?? {})]),
      ),
    };
  });
}

/** Whose session a request carries; the runner turns it into headers (`adminCookiesOnly`: the token
 *  and company as the web app's cookies, without the Authorization header). */
export const SESSIONS = [
  'none',
  'admin',
  'member',
  'unknownToken',
  'adminCookiesOnly',
  'malformedAuthorization',
] as const;
export type Session = (typeof SESSIONS)[number];

export interface FuzzRequest {
  operation: string;
  kind: 'schema' | 'hostile';
  /** What the hostile variant did, for the report. */
  mutation: string;
  method: string;
  /** Path and query string, as sent (already encoded, possibly badly on purpose). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  session: Session;
}

/** What the fixtures know, so that schema-driven requests sometimes name real people and rows. */
export interface KnownValues {
  phones: string[];
  emails: string[];
  accounts: string[];
  passwords: string[];
  ids: number[];
}

// ---- values ----

/** UTF-8 percent-encoding that never throws: a lone UTF-16 half becomes U+FFFD, as Node sends it. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }),
  fc.constant(0x7f),
  fc.integer({ min: 0x80, max: 0x9f }),
);

/** One character (or a few) that text fields must cope with: controls, halves of UTF-16 pairs, marks. */
const awkwardCharacters: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: controlCharacter.map((c) => String.fromCharCode(c)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\u202e',
      '\ufeff',
      '\u200b',
      '\u0301',
      '\uffff',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }) },
);

/** A value with awkward characters put in at some place. */
function tainted(value: unknown, characters: string, at: number): string {
  const text = typeof value === 'string' ? value : '';
  const position = text.length === 0 ? 0 : at % (text.length + 1);
  return text.slice(0, position) + characters + text.slice(position);
}

/** Strings no form would send. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 }))
    .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d', '%00', '\u202e\u0000'),
  fc.integer({ min: 255, max: 20_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => '😀'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '\t',
    '\u3000',
    '\ufeff',
    '\u200b',
    '١٢٣٤٥٦',
    '１３８００００００００',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    '%',
    '%25',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'null',
    'NaN',
    '-1',
    '1e999',
    '2147483648',
    'default',
  ),
);

const edgeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

/** Any JSON value with the types a schema does not expect. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    edgeNumber,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values that look like what a form sends for a field of this name. */
function hinted(name: string, known: KnownValues): fc.Arbitrary<string> | null {
  const mainland = fc.stringMatching(/^1[3-9]\d{9}$/);
  const lower = name.toLowerCase();
  if (lower === 'phone')
    return fc.oneof(
      mainland,
      fc.constantFrom(...known.phones),
      mainland.map((p) => `+86${p}`),
    );
  if (lower === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(...known.emails));
  if (lower === 'identifier') {
    return fc.oneof(mainland, fc.emailAddress(), fc.constantFrom(...known.accounts, ...known.phones, ...known.emails));
  }
  if (lower === 'account')
    return fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_.-]{3,20}$/), fc.constantFrom(...known.accounts));
  if (lower === 'code') return fc.stringMatching(/^\d{6}$/);
  if (lower.endsWith('password')) {
    return fc.oneof(fc.stringMatching(/^[A-Z][a-z]{4,10}\d{2}$/), fc.constantFrom(...known.passwords));
  }
  if (lower === 'creditcode') return fc.stringMatching(/^91[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
  if (lower === 'nickname' || lower === 'name' || lower.startsWith('platformname')) {
    return fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    );
  }
  return null;
}

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] ?? {};
}

/** A value the schema accepts, or nearly: the document cannot say everything the rules check. */
function schemaValue(raw: JsonSchema, document: OpenApiDocument, known: KnownValues, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(raw, document);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => schemaValue(s, document, known, name)));
  if (schema.allOf?.length) return schemaValue(schema.allOf[0]!, document, known, name);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => schemaValue({ ...schema, type }, document, known, name)));
  }
  switch (schema.type) {
    case 'string': {
      const hint = hinted(name, known);
      if (hint) return hint;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }),
        fc.constantFrom(...known.accounts, ...known.phones),
      );
    }
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1000 : schema.exclusiveMinimum + 1);
      const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000_000 : schema.exclusiveMaximum - 1);
      return fc.oneof(
        fc.constantFrom(...known.ids.filter((id) => id >= min && id <= max), min),
        fc.integer({ min, max: Math.min(max, min + 100) }),
        fc.integer({ min, max }),
      );
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.double({
        min,
        max,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? schemaValue(schema.items, document, known, name) : hostileValue, {
        maxLength: 4,
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, schemaValue(s, document, known, key)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostileValue;
  }
}

// ---- requests ----

/** Deeply nested JSON, written out: never built as an object, so that nothing recurses on our side. */
const deepNesting = fc
  .tuple(fc.integer({ min: 64, max: 7_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));

const badJson = fc.oneof(
  fc.constantFrom('{', '}', '{"a":}', '{"a" 1}', "{'a':1}", 'nul', 'undefined', '[1,]', '{"a":1}{"b":2}', '\u0000'),
  fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}'),
  fc.constantFrom('{"a":"\\ud800"}', '{"a":"\\u0000"}', '"\\x00"', '{"a":1e99999}', '{"a":-}'),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  '',
];

/** A `multipart/form-data` body of the given parts. */
function multipartBody(
  parts: { name: string; content: Buffer; filename?: string; type?: string }[],
  boundary = 'fuzzboundary7MA4YWxk',
): { payload: Buffer; contentType: string } {
  const chunks = parts.flatMap((part) => {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    return [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
      part.content,
      Buffer.from('\r\n'),
    ];
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// the smallest PNG: a real image, so that a schema-driven upload can get through
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const bytes = fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a));

const uploadSchema = fc
  .record({ content: fc.oneof(fc.constant(PNG), bytes), filename: fc.constantFrom('icon.png', 'a.jpg', 'x') })
  .map(({ content, filename }) => ({
    ...multipartBody([{ name: 'file', content, filename, type: 'image/png' }]),
    mutation: '',
  }));

const uploadHostile = fc.oneof(
  fc
    .tuple(
      hostileString.filter((s) => !/["\r\n]/.test(s)),
      bytes,
    )
    .map(([name, content]) => ({
      ...multipartBody([{ name, content, filename: 'a.png' }]),
      mutation: 'other part name',
    })),
  bytes.map((content) => ({
    ...multipartBody([
      { name: 'file', content, filename: 'a.png' },
      { name: 'file', content, filename: 'b.png' },
    ]),
    mutation: 'two files',
  })),
  bytes.map((content) => ({ ...multipartBody([{ name: 'file', content }]), mutation: 'file part without filename' })),
  bytes.map((content) => ({
    payload: multipartBody([{ name: 'file', content, filename: 'a.png' }]).payload.subarray(0, 60),
    contentType: 'multipart/form-data; boundary=fuzzboundary7MA4YWxk',
    mutation: 'truncated multipart',
  })),
  bytes.map((content) => ({
    payload: multipartBody([{ name: 'file', content, filename: 'a.png' }]).payload,
    contentType: 'multipart/form-data; boundary=another',
    mutation: 'wrong boundary',
  })),
  fc.constant({
    payload: Buffer.from('{"file":"x"}'),
    contentType: 'application/json',
    mutation: 'JSON to the upload',
  }),
  fc.constant({ payload: Buffer.alloc(0), contentType: 'multipart/form-data', mutation: 'no boundary, no body' }),
);

/** The query string of the parameters: `undefined` leaves a parameter out, an array repeats it. */
function queryString(values: [string, string | string[] | undefined][]): string {
  const pairs = values.flatMap(([name, value]) =>
    value === undefined ? [] : ([] as string[]).concat(value).map((v) => `${percentEncode(name)}=${v}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A parameter's value as sent: a JSON value is written as text, then percent-encoded. */
function asParameter(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return percentEncode(text);
}

const rawParameter = fc.constantFrom('%', '%zz', '%C0%80', '%ED%A0%80', '%FF', '%00', '%E4%B8', '+', '%2F..%2F');

const HEADER_SAFE = /^[\x20-\x7e]*$/;
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).filter((s) => HEADER_SAFE.test(s));

const extraHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: headerText.map((v) => ({ 'accept-language': v })) },
  { weight: 1, arbitrary: headerText.map((v) => ({ cookie: `langCode=${v}` })) },
  { weight: 1, arbitrary: headerText.map((v) => ({ 'x-forwarded-for': v })) },
);

/** The dotted paths of the string properties of an object schema, nested objects included. */
function stringPaths(raw: JsonSchema, document: OpenApiDocument, prefix: string[] = []): string[][] {
  const schema = resolve(raw, document);
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const resolved = resolve(child, document);
    const types = [resolved.type, ...(resolved.anyOf ?? []).map((s) => resolve(s, document).type)].flat();
    if (types.includes('object')) return stringPaths(resolved, document, [...prefix, key]);
    return types.includes('string') && !resolved.enum ? [[...prefix, key]] : [];
  });
}

/** A copy of a JSON object with the value at `path` changed. */
function setPath(value: unknown, path: string[], change: (old: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...object, [head!]: rest.length ? setPath(object[head!], rest, change) : change(object[head!]) };
}

const taint = fc.tuple(awkwardCharacters, fc.nat());

type Variant = Pick<FuzzRequest, 'kind' | 'mutation' | 'method' | 'url' | 'headers' | 'payload'>;

const JSON_TYPE = { 'content-type': 'application/json' };

/** Requests to one operation: from its schema, and hostile ones of every kind. */
export function requestsFor(op: Operation, document: OpenApiDocument, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const paramValue = (p: Parameter) => schemaValue(p.schema, document, known, p.name);
  const fillPath = (value: (name: string) => string) =>
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => value(name));

  // the parts of a request as its schema describes them
  const schemaPath = fc
    .tuple(...pathParams.map((p) => paramValue(p).map((v) => [p.name, asParameter(v)] as const)))
    .map((pairs) => {
      const values = Object.fromEntries(pairs);
      return fillPath((name) => values[name] ?? 'x');
    });
  const schemaQuery = fc.tuple(
    ...queryParams.map((p) =>
      (p.required ? paramValue(p) : fc.option(paramValue(p), { nil: undefined })).map(
        (v) => [p.name, v === undefined ? undefined : asParameter(v)] as [string, string | undefined],
      ),
    ),
  );
  const jsonBody = op.body?.contentType === 'application/json' ? schemaValue(op.body.schema, document, known) : null;
  const isUpload = op.body?.contentType === 'multipart/form-data';

  const schemaRequest: fc.Arbitrary<Variant> = fc
    .record({
      path: schemaPath,
      query: schemaQuery,
      body: jsonBody ?? fc.constant(undefined),
      upload: isUpload ? uploadSchema : fc.constant(null),
    })
    .map(({ path, query, body, upload }) => ({
      kind: 'schema',
      mutation: '',
      method: op.method,
      url: path + queryString(query),
      headers: upload ? { 'content-type': upload.contentType } : body === undefined ? {} : JSON_TYPE,
      payload: upload ? upload.payload : body === undefined ? undefined : JSON.stringify(body),
    }));

  /** A schema-driven request with one part made hostile. */
  const hostileOf = <T>(
    part: fc.Arbitrary<T>,
    change: (request: Variant, part: T) => Partial<Variant> & { mutation: string },
  ) =>
    fc
      .tuple(schemaRequest, part)
      .map(([request, value]): Variant => ({ ...request, kind: 'hostile', ...change(request, value) }));
  const query = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

  const hostile: fc.Arbitrary<Variant>[] = [
    hostileOf(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), (_r, method) => ({
      method,
      mutation: `method ${method}`,
    })),
  ];
  /** Schema-driven requests with awkward characters in one string: the likeliest way into the database. */
  const awkward: fc.Arbitrary<Variant>[] = [];
  if (pathParams.length) {
    hostile.push(
      hostileOf(fc.oneof(hostileString.map(percentEncode), rawParameter), (r, bad) => ({
        url: fillPath(() => bad) + query(r.url),
        mutation: 'hostile path parameter',
      })),
    );
    awkward.push(
      hostileOf(fc.tuple(fc.tuple(...pathParams.map(paramValue)), taint), (r, [values, [characters, at]]) => ({
        url:
          fillPath((name) =>
            percentEncode(tainted(values[pathParams.findIndex((p) => p.name === name)], characters, at)),
          ) + query(r.url),
        mutation: 'awkward characters in a path parameter',
      })),
    );
  }
  if (queryParams.length) {
    const hostileQuery = fc.tuple(
      ...queryParams.map((p) =>
        fc
          .oneof(
            hostileValue.map(asParameter),
            rawParameter,
            fc.array(hostileString.map(percentEncode), { minLength: 2, maxLength: 3 }),
            fc.constant(undefined),
          )
          .map((v) => [p.name, v] as [string, string | string[] | undefined]),
      ),
    );
    hostile.push(
      hostileOf(fc.tuple(hostileQuery, fc.option(fc.tuple(hostileString, hostileString))), (r, [values, extra]) => ({
        url: r.url.split('?')[0] + queryString(extra ? [...values, [extra[0], percentEncode(extra[1])]] : values),
        mutation: extra ? 'hostile and unknown query parameters' : 'hostile query parameters',
      })),
    );
    awkward.push(
      hostileOf(
        fc.tuple(fc.constantFrom(...queryParams), fc.tuple(...queryParams.map(paramValue)), taint),
        (r, [target, values, [characters, at]]) => ({
          url:
            r.url.split('?')[0] +
            queryString(
              queryParams.map((p, i) => [
                p.name,
                percentEncode(p === target ? tainted(values[i], characters, at) : String(values[i])),
              ]),
            ),
          mutation: `awkward characters in ${target.name}`,
        }),
      ),
    );
  }
  if (jsonBody) {
    const bodySchema = resolve(op.body!.schema, document);
    const fields = Object.keys(bodySchema.properties ?? {});
    const strings = stringPaths(bodySchema, document);
    const withBody = <T>(part: fc.Arbitrary<T>, make: (body: Record<string, unknown>, part: T) => [string, unknown]) =>
      hostileOf(fc.tuple(jsonBody, part), (_r, [body, value]) => {
        const [mutation, payload] = make(body as Record<string, unknown>, value);
        return { mutation, headers: JSON_TYPE, payload: JSON.stringify(payload) };
      });
    hostile.push(
      withBody(fc.tuple(fc.constantFrom(...fields, 'x'), hostileValue), (body, [field, value]) => [
        `hostile ${field}`,
        { ...body, [field]: value },
      ]),
      // computed keys make own properties, so `__proto__` is sent as a field
      withBody(
        fc.tuple(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), hostileValue),
        (body, [key, value]) => ['unknown field', { ...body, [key]: value }],
      ),
      withBody(fc.constantFrom(...(bodySchema.required ?? []), 'x'), (body, field) => {
        const { [field]: _left, ...rest } = body;
        return [`without ${field}`, rest];
      }),
    );
    if (strings.length) {
      awkward.push(
        withBody(fc.tuple(fc.constantFrom(...strings), taint), (body, [path, [characters, at]]) => [
          `awkward characters in ${path.join('.')}`,
          setPath(body, path, (old) => tainted(old, characters, at)),
        ]),
      );
    }
  }
  if (op.body) {
    hostile.push(
      hostileOf(hostileValue, (_r, value) => ({
        mutation: 'body of another type',
        headers: JSON_TYPE,
        payload: JSON.stringify(value) ?? 'null',
      })),
      hostileOf(badJson, (_r, text) => ({ mutation: 'malformed JSON', headers: JSON_TYPE, payload: text })),
      hostileOf(deepNesting, (_r, text) => ({ mutation: 'deep nesting', headers: JSON_TYPE, payload: text })),
      hostileOf(fc.integer({ min: 16 * 1024, max: 64 * 1024 }), (_r, size) => ({
        mutation: 'body over the limit',
        headers: JSON_TYPE,
        payload: JSON.stringify({ x: 'a'.repeat(size) }),
      })),
      hostileOf(fc.constantFrom(...CONTENT_TYPES), (r, type) => ({
        mutation: `content type ${JSON.stringify(type)}`,
        headers: type ? { 'content-type': type } : ({} as Record<string, string>),
        payload: r.payload ?? '{}',
      })),
      hostileOf(fc.constant(null), () => ({ mutation: 'no body', payload: undefined })),
      hostileOf(fc.constant(null), () => ({ mutation: 'JSON type, empty body', headers: JSON_TYPE, payload: '' })),
    );
  } else {
    hostile.push(
      hostileOf(
        fc.oneof(
          badJson,
          hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
        ),
        (_r, text) => ({
          mutation: 'a body where the call takes none',
          headers: JSON_TYPE,
          payload: text,
        }),
      ),
    );
  }
  if (isUpload) {
    hostile.push(
      hostileOf(uploadHostile, (_r, upload) => ({
        mutation: upload.mutation,
        headers: { 'content-type': upload.contentType },
        payload: upload.payload,
      })),
    );
  }

  return fc
    .record({
      variant: fc.oneof(
        { weight: 2, arbitrary: schemaRequest },
        { weight: 2, arbitrary: fc.oneof(...hostile) },
        ...(awkward.length ? [{ weight: 1, arbitrary: fc.oneof(...awkward) }] : []),
      ),
      // most calls need a session, and what lies behind the session check is what needs fuzzing most
      session: fc.oneof(
        ...SESSIONS.map((session) => ({
          weight: session === 'admin' ? 4 : session === 'member' || session === 'none' ? 2 : 1,
          arbitrary: fc.constant(session),
        })),
      ),
      extra: extraHeaders,
    })
    .map(({ variant, session, extra }) => ({
      ...variant,
      headers: { ...variant.headers, ...extra },
      operation: op.id,
      session,
    }));
}
