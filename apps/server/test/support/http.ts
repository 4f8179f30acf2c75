import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { F } from '../../src/routes/paths.ts';

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

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
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
  return call(app, 'POST', `${F}/user/login`, {
    body: { loginType: 'password', identifierType, identifier, password },
  });
}

/** Signs in and returns the token, failing the test if sign-in fails. */
export async function tokenFor(app: FastifyInstance, account: string, password: string): Promise<string> {
  const reply = await signInWithPassword(app, 'account', account, password);
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.token as string;
}
