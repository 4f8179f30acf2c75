import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { type CallOptions, type Reply, requestOf } from '@portal/server/test-kit';
import type { AnswerOf, CallDeclaration } from '@portal/shared/api/contract/define';
import { ErrorCode } from '@portal/shared/errors/error-codes';

/**
 * A declared call of the portal API through Playwright's request context (a page's own, with its
 * cookies, or the test's), in the test kit's shape: `call(request, declaration, { params, query,
 * body, token })`, answering the declaration's `data`.
 */
export async function call<D extends CallDeclaration>(
  request: APIRequestContext,
  declaration: D,
  options: CallOptions = {},
): Promise<Reply<D>> {
  const { method, url, headers, body } = requestOf(declaration, options);
  const response = await request.fetch(url, { method, headers, ...(body === undefined ? {} : { data: body }) });
  const envelope = (await response.json()) as { code: number; msg: string; data: Reply<D>['data'] };
  return { status: response.status(), headers: response.headers(), ...envelope };
}

/** Tries a refused call again as the server asks: 1000503 comes with Retry-After when its password
 *  work is full (at the suite's start, two browsers and the server start on two cores together). */
const RETRIES = 2;

/** The `data` of a call that must succeed, for setting a scene. */
export async function succeed<D extends CallDeclaration>(
  request: APIRequestContext,
  declaration: D,
  options: CallOptions = {},
): Promise<AnswerOf<D>> {
  for (let tries = 0; ; tries++) {
    const reply = await call(request, declaration, options);
    if (reply.code === ErrorCode.ServiceUnavailable && tries < RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, Number(reply.headers['retry-after'] ?? 1) * 1000));
      continue;
    }
    expect(reply.code, reply.msg).toBe(0);
    return reply.data;
  }
}
