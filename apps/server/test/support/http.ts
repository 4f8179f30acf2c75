import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { type CallDeclaration, paramNamesOf, pathOf } from '@portal/shared/api/contract/define';

export interface Reply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: LightMyRequestResponse['headers'];
}

function toReply(response: LightMyRequestResponse): Reply {
  const body = response.json();
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data, headers: response.headers };
}

/** Each request comes from its own loopback address unless a test says otherwise, so that the
 *  per-IP limits apply only where a test means to exercise them. */
export function randomLoopback(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

interface SendOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
  /** A declared call's query, and the values of its path parameters (the rest of a GET's values go in the query). */
  query?: Record<string, string | number | boolean | undefined>;
}

/** A declared call's URL: its path with its parameters filled in, and the rest of `query` after it. */
export function urlOf(declaration: CallDeclaration, query: SendOptions['query'] = {}): string {
  const names = new Set(paramNamesOf(declaration));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && !names.has(name)) search.set(name, String(value));
  }
  const rest = search.toString();
  return `${pathOf(declaration, query)}${rest ? `?${rest}` : ''}`;
}

/** A request to a declared call (its method and path), or to any method and URL. */
export async function call(app: FastifyInstance, declaration: CallDeclaration, options?: SendOptions): Promise<Reply>;
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options?: SendOptions,
): Promise<Reply>;
export async function call(
  app: FastifyInstance,
  target: CallDeclaration | 'GET' | 'POST',
  urlOrOptions?: string | SendOptions,
  maybeOptions: SendOptions = {},
): Promise<Reply> {
  const declared = typeof target === 'object';
  const options = (declared ? (urlOrOptions as SendOptions | undefined) : maybeOptions) ?? {};
  const method = declared ? target.method : target;
  const url = declared ? urlOf(target, options.query) : (urlOrOptions as string);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? randomLoopback(),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return toReply(response);
}

export async function signInWithPassword(
  app: FastifyInstance,
  identifierType: 'account' | 'phone' | 'email',
  identifier: string,
  password: string,
): Promise<Reply> {
  return call(app, contract.login, {
    body: { loginType: 'password', identifierType, identifier, password },
  });
}

/** Signs in and returns the token, failing the test if sign-in fails. */
export async function tokenFor(app: FastifyInstance, account: string, password: string): Promise<string> {
  const reply = await signInWithPassword(app, 'account', account, password);
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.token as string;
}

/** The newest code the development outbox holds for a phone or email, read over HTTP once delivered. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string | null> {
  // messages go out just after the answer that queued them
  await app.messenger.idle();
  const reply = await call(app, 'GET', `${contract.devOutbox.path}?to=${encodeURIComponent(to)}`);
  const text: string | undefined = reply.data[0]?.text;
  return text?.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** A code that is surely not the one sent. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
