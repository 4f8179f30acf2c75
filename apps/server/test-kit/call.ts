import { type AnswerOf, type CallDeclaration, paramNamesOf, pathOf } from '@portal/shared/api/contract/define';

/**
 * The one shape of a test's request to a declared call, whatever carries it (the server's tests
 * inject it, the reliability suite sends it over a socket, the browser tests through Playwright):
 * `call(target, declaration, { params, query, body, token })`, answering the declaration's `data`.
 * A test that sends a malformed request on purpose writes its URL itself, and only then.
 */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  /** The values of the path's `:name` segments. */
  params?: Record<string, string | number>;
  /** Sent after the path, on a POST too (`enterEnterprise?enterpriseId=`). */
  query?: QueryValues;
  /** Sent as JSON. Any value: a test may send what the declaration refuses. */
  body?: unknown;
  /** The session (or company API key), as `Authorization: Bearer`. */
  token?: string;
  headers?: Record<string, string>;
}

/** `data` of a successful answer to the call, beside which a test reads a refusal's own `data`
 *  (untyped: the code says what it holds); anything for a call known only as some declaration (a
 *  test that walks every call) or whose success carries none. */
export type DataOf<D extends CallDeclaration> = CallDeclaration extends D
  ? any
  : AnswerOf<D> extends null | undefined
    ? any
    : AnswerOf<D> & Refusal;

/** What a refusal may carry in `data` beside a success's fields (docs/errors.md). */
type Refusal = { [field: string]: any } | null;

/** An answer in the portal's envelope, with its HTTP status and headers. */
export interface Reply<D extends CallDeclaration = CallDeclaration> {
  status: number;
  code: number;
  msg: string;
  data: DataOf<D>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A declared call's URL: its path with `params` filled in, then `query`. */
export function urlOf(declaration: Pick<CallDeclaration, 'path'>, options: Pick<CallOptions, 'params' | 'query'> = {}) {
  const missing = paramNamesOf(declaration).filter((name) => options.params?.[name] === undefined);
  if (missing.length > 0) throw new Error(`${declaration.path} needs ${missing.join(', ')}`);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const rest = search.toString();
  return `${pathOf(declaration, options.params)}${rest ? `?${rest}` : ''}`;
}

/** The headers and body the options make, for a request whose URL a test writes itself. */
export function rawRequestOf(options: Omit<CallOptions, 'params' | 'query'>) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return { headers, body: options.body };
}

/** The request the options make for a declared call, for a transport to send. */
export function requestOf(declaration: CallDeclaration, options: CallOptions = {}) {
  return { ...rawRequestOf(options), method: declaration.method, url: urlOf(declaration, options) };
}
