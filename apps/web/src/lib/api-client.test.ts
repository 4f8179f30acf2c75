import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { type ApiHandlers, createApiClient, registerApiHandlers } from './api-client';
import { ApiError } from './api-error';
import { readToken, writeToken } from './cookies';
import { i18n } from './i18n';

const en = MESSAGES['en-US'];

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = (seen: Seen, res: ServerResponse) => void;

const envelope = (code: number, data: unknown = null) => ({ code, msg: `message ${code}`, data });
const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Reply =>
  (_seen, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

// A real HTTP server on 127.0.0.1: each test says how it answers and reads what it was sent.
let server: Server;
let baseUrl: string;
let reply: Reply;
let seen: Seen[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      reply(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let handlers: { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn> };
let unregister: () => void;

beforeEach(async () => {
  seen = [];
  reply = json(envelope(0));
  await i18n.changeLanguage('en-US');
  handlers = { notifyError: vi.fn(), navigate: vi.fn(), onSessionEnded: vi.fn() };
  unregister = registerApiHandlers(handlers as unknown as ApiHandlers);
});

afterEach(async () => {
  unregister();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh-CN');
});

const client = () => createApiClient({ baseUrl });

describe('api client', () => {
  it('resolves with the data of a successful envelope, sending the token as a bearer and the page language', async () => {
    writeToken('tok-123');
    reply = json(envelope(0, { enterpriseId: 3 }));

    await expect(client().get(`${API_PREFIX}/portal/front/v4/portal/info`)).resolves.toEqual({ enterpriseId: 3 });
    expect(seen[0]!.headers.authorization).toBe('Bearer tok-123');
    expect(seen[0]!.headers['accept-language']).toBe('en-US');
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('sends JSON bodies and query parameters, leaving out the undefined ones', async () => {
    await client().post('/x', { a: 1 });
    await client().get('/y', { query: { page: 2, keyword: 'a b', departmentId: undefined } });

    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.url).toBe('/y?page=2&keyword=a+b');
  });

  it('translates a catalogue code into a toast and rejects with its code and data', async () => {
    reply = json(envelope(1009106, { boundTo: 'w***g' }));

    const error = await client()
      .post('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1009106, data: { boundTo: 'w***g' } });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009106]);
  });

  it('leaves a code to the caller that handles it, and toasts the others', async () => {
    const onBound = vi.fn();
    reply = json(envelope(1009106, { boundTo: 'w***g' }));
    await expect(client().post('/x', {}, { onError: { 1009106: onBound } })).rejects.toMatchObject({ code: 1009106 });
    expect(onBound).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ code: 1009106 }));
    expect(handlers.notifyError).not.toHaveBeenCalled();

    reply = json(envelope(1009117));
    await expect(client().post('/x', {}, { onError: { 1009106: onBound } })).rejects.toMatchObject({ code: 1009117 });
    expect(onBound).toHaveBeenCalledOnce();
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009117]);
  });

  it('says nothing for a silent call', async () => {
    reply = json(envelope(1009117));
    await expect(client().post('/x', {}, { silent: true })).rejects.toMatchObject({ code: 1009117 });
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('uses the current language for the toast', async () => {
    await i18n.changeLanguage('zh-CN');
    reply = json(envelope(1009117));
    await expect(client().post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(handlers.notifyError).toHaveBeenCalledWith(MESSAGES['zh-CN'].errors[1009117]);
  });

  it('only logs an unknown code, and rejects with no catalogue code', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reply = json(envelope(4242));

    await expect(client().get('/x')).rejects.toMatchObject({ code: null, message: 'message 4242' });
    expect(handlers.notifyError).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('on 401 says "Login Expired" once after the burst, forgets the session and goes to sign-in', async () => {
    writeToken('stale');
    window.localStorage.setItem('_userInfo', '{"account":"admin"}');
    window.localStorage.setItem('_appPreferences', '{"mode":"light"}');
    reply = json(envelope(1000401), 401);
    const api = client();

    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.post('/c')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).code === 1000401)).toBe(true);
    expect(handlers.notifyError).not.toHaveBeenCalled();
    expect(readToken()).toBe('stale');

    await vi.waitFor(() => expect(handlers.notifyError).toHaveBeenCalled());
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Login Expired');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(handlers.onSessionEnded).toHaveBeenCalledOnce();
    expect(readToken()).toBeUndefined();
    expect(window.localStorage.getItem('_userInfo')).toBeNull();
    expect(window.localStorage.getItem('_appPreferences')).not.toBeNull();
  });

  it('treats code 1000401 as expiry even when the status is not 401', async () => {
    reply = json(envelope(1000401));
    await expect(client().get('/a')).rejects.toMatchObject({ code: 1000401 });
    await vi.waitFor(() => expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Login Expired'));
  });

  it('goes to the no-permission page when the server says redirect-page: 001', async () => {
    reply = json(envelope(1000403), 403, { 'redirect-page': '001' });
    await expect(client().post('/x')).rejects.toMatchObject({ code: 1000403 });
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/noAuth');
  });

  it('takes an account that must verify its phone to the verification page', async () => {
    reply = json(envelope(1009130));
    await expect(client().get('/x')).rejects.toMatchObject({ code: 1009130 });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009130]);
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/vertify-phone');
  });

  it('takes a member whose company requires two-step sign-in to its set-up', async () => {
    reply = json(envelope(1009165));
    await expect(client().get('/x')).rejects.toMatchObject({ code: 1009165 });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009165]);
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/two-step-setup');
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    await expect(createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).get('/x')).rejects.toMatchObject({
      code: null,
    });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.common.transport.network);
  });

  it('reports an answer cut off in the middle as aborted', async () => {
    reply = (_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"code":');
      setTimeout(() => res.destroy(), 20);
    };
    await expect(client().get('/x')).rejects.toMatchObject({ code: null });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.common.transport.aborted);
  });

  it('says nothing when the caller gives up', async () => {
    const never: Reply = () => {};
    reply = never;
    const controller = new AbortController();
    const call = client().get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();

    await expect(call).rejects.toMatchObject({ code: null, message: en.common.transport.canceled });
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('gives up after the 30 s timeout and says so', async () => {
    const never: Reply = () => {};
    reply = never;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = expect(client().get('/x')).rejects.toMatchObject({ code: null });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(30_000);

    await call;
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.common.transport.timeout);
  });

  it('reports an HTTP failure without an envelope with its status', async () => {
    reply = (_seen, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    };
    await expect(client().get('/x')).rejects.toMatchObject({ code: null });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Request failed with status code 502');
  });
});
