import { vi } from 'vitest';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { type ApiHandlers, registerApiHandlers } from '../lib/api-client';

/** What a route answers: the envelope's `data` on success, or a rejection with its code. */
export type Answer = { data: unknown } | { code: number; data?: unknown };
type Route = Answer | ((body: unknown, query: URLSearchParams) => Answer);

export const ok = (data: unknown = null): Answer => ({ data });

/** The key of a call among `fakeApi`'s routes: `POST /api/...`. */
export const routeOf = (declaration: CallDeclaration): string => `${declaration.method} ${declaration.path}`;
export const fail = (code: number, data: unknown = null): Answer => ({ code, data });

/**
 * The server behind the real api client, per `METHOD path`: the client's own handling (onError,
 * the toast for what nobody handled) runs as in the app. A route left out never answers.
 */
export function fakeApi(routes: Record<string, Route>) {
  const requests: { route: string; body: unknown; query: URLSearchParams }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    requests.push({ route, body, query: url.searchParams });
    const answer = routes[route];
    if (!answer) return new Promise<Response>(() => {});
    const settled = typeof answer === 'function' ? answer(body, url.searchParams) : answer;
    const envelope =
      'code' in settled
        ? { code: settled.code, msg: 'refused', data: settled.data ?? null }
        : { code: 0, msg: 'ok', data: settled.data };
    return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const toasts = vi.fn<(message: string) => void>();
  const unregister = registerApiHandlers({
    notifyError: toasts,
    navigate: vi.fn(),
    onSessionEnded: vi.fn(),
  } satisfies ApiHandlers);
  return {
    /** Change an answer mid-test: the next request to that route gets the new one. */
    routes,
    /** The error toasts the api client showed. */
    toasts,
    /** The bodies sent to `METHOD path`, oldest first. */
    sent: (route: string) => requests.filter((r) => r.route === route).map((r) => r.body),
    /** The query strings sent to `METHOD path`, oldest first. */
    queries: (route: string) => requests.filter((r) => r.route === route).map((r) => r.query),
    restore() {
      unregister();
      vi.unstubAllGlobals();
    },
  };
}
