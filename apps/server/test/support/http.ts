import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { type CallOptions, type Reply, rawRequestOf, requestOf } from '../../test-kit/call.ts';

export { type Reply, urlOf } from '../../test-kit/call.ts';

function toReply(response: LightMyRequestResponse): Reply<any> {
  const body = response.json();
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data, headers: response.headers };
}

/** Each request comes from its own loopback address unless a test says otherwise, so that the
 *  per-IP limits apply only where a test means to exercise them. */
export function randomLoopback(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export interface SendOptions extends CallOptions {
  ip?: string;
}

/** A request to a declared call, answering its `data`; or, for a test that sends a malformed
 *  request on purpose, to a method and URL of its own. */
export async function call<D extends CallDeclaration>(
  app: FastifyInstance,
  declaration: D,
  options?: SendOptions,
): Promise<Reply<D>>;
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options?: SendOptions,
): Promise<Reply<any>>;
export async function call(
  app: FastifyInstance,
  target: CallDeclaration | 'GET' | 'POST',
  urlOrOptions?: string | SendOptions,
  maybeOptions: SendOptions = {},
): Promise<Reply<any>> {
  const options = (typeof target === 'object' ? (urlOrOptions as SendOptions | undefined) : maybeOptions) ?? {};
  const request =
    typeof target === 'object'
      ? requestOf(target, options)
      : { ...rawRequestOf(options), method: target, url: urlOrOptions as string };
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    remoteAddress: options.ip ?? randomLoopback(),
    ...(request.body === undefined ? {} : { payload: request.body as object }),
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
  return reply.data.token;
}

/** The newest code the development outbox holds for a phone or email, read over HTTP once delivered. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string | null> {
  // messages go out just after the answer that queued them
  await app.messenger.idle();
  const reply = await call(app, contract.devOutbox, { query: { to } });
  const text = reply.data[0]?.text;
  return text?.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** A code that is surely not the one sent. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
