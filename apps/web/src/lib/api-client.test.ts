import {
  AxiosError,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { ApiError } from './api-error';
import { type ApiHandlers, createApiClient, registerApiHandlers } from './api-client';
import { readToken, writeToken } from './cookies';
import { i18n } from './i18n';

const en = MESSAGES['en-US'];

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/** An axios adapter that answers like a server would, rejecting non-2xx as axios's own adapters do. */
function serve(
  reply: (config: InternalAxiosRequestConfig) => Reply,
): AxiosAdapter & { calls: InternalAxiosRequestConfig[] } {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    calls.push(config);
    const result = reply(config);
    if (result instanceof Error) throw result;
    const response: AxiosResponse = {
      data: result.body,
      status: result.status ?? 200,
      statusText: '',
      headers: result.headers ?? {},
      config,
    };
    if (response.status >= 200 && response.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      response,
    );
  };
  return Object.assign(adapter, { calls });
}

const envelope = (code: number, data: unknown = null) => ({ code, msg: `message ${code}`, data });

let handlers: { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn> };
let unregister: () => void;

beforeEach(async () => {
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

describe('api client', () => {
  it('resolves with the data of a successful envelope and sends the token as a bearer', async () => {
    writeToken('tok-123');
    const adapter = serve(() => ({ body: envelope(0, { enterpriseId: 3 }) }));
    const client = createApiClient({ adapter });

    await expect(client.get('/api/portal/front/v4/portal/info')).resolves.toEqual({ enterpriseId: 3 });
    expect(adapter.calls[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(adapter.calls[0]!.timeout).toBe(30_000);
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    const adapter = serve(() => ({ body: envelope(0) }));
    await createApiClient({ adapter }).post('/x', { a: 1 });
    expect(adapter.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('translates a catalogue code into a toast and rejects with its code and data', async () => {
    const client = createApiClient({ adapter: serve(() => ({ body: envelope(1009106, { boundTo: 'w***g' }) })) });

    const error = await client.post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1009106, data: { boundTo: 'w***g' } });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009106]);
  });

  it('uses the current language for the toast', async () => {
    await i18n.changeLanguage('zh-CN');
    const client = createApiClient({ adapter: serve(() => ({ body: envelope(1009117) })) });
    await expect(client.post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(handlers.notifyError).toHaveBeenCalledWith(MESSAGES['zh-CN'].errors[1009117]);
  });

  it('only logs an unknown code', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient({ adapter: serve(() => ({ body: envelope(4242) })) });

    await expect(client.get('/x')).rejects.toMatchObject({ code: 4242 });
    expect(handlers.notifyError).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('on 401 says "Login Expired" once after the burst, forgets the session and goes to sign-in', async () => {
    vi.useFakeTimers();
    writeToken('stale');
    window.localStorage.setItem('_userInfo', '{"account":"admin"}');
    window.localStorage.setItem('_appPreferences', '{"mode":"light"}');
    const client = createApiClient({ adapter: serve(() => ({ status: 401, body: envelope(1000401) })) });

    const results = await Promise.allSettled([client.get('/a'), client.get('/b'), client.post('/c')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).code === 1000401)).toBe(true);

    await vi.advanceTimersByTimeAsync(499);
    expect(handlers.notifyError).not.toHaveBeenCalled();
    expect(readToken()).toBe('stale');

    await vi.advanceTimersByTimeAsync(1);
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Login Expired');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(handlers.onSessionEnded).toHaveBeenCalledOnce();
    expect(readToken()).toBeUndefined();
    expect(window.localStorage.getItem('_userInfo')).toBeNull();
    expect(window.localStorage.getItem('_appPreferences')).not.toBeNull();
  });

  it('treats code 1000401 as expiry even when the status is not 401', async () => {
    vi.useFakeTimers();
    const client = createApiClient({ adapter: serve(() => ({ body: envelope(1000401) })) });
    await expect(client.get('/a')).rejects.toMatchObject({ code: 1000401 });
    await vi.advanceTimersByTimeAsync(500);
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Login Expired');
  });

  it('goes to the no-permission page when the server says redirect-page: 001', async () => {
    const client = createApiClient({
      adapter: serve(() => ({ status: 403, body: envelope(1000403), headers: { 'redirect-page': '001' } })),
    });
    await expect(client.post('/x')).rejects.toMatchObject({ code: 1000403 });
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/noAuth');
  });

  it('takes an account that must verify its phone to the verification page', async () => {
    const client = createApiClient({ adapter: serve(() => ({ body: envelope(1009130) })) });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 1009130 });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(en.errors[1009130]);
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/vertify-phone');
  });

  it.each([
    ['Network Error', new AxiosError('Network Error', AxiosError.ERR_NETWORK), en.common.transport.network],
    ['a timeout', new AxiosError('timeout of 30000ms exceeded', AxiosError.ECONNABORTED), en.common.transport.timeout],
    ['an abort', new AxiosError('Request aborted', AxiosError.ECONNABORTED), en.common.transport.aborted],
    ['a cancel', new CanceledError(), en.common.transport.canceled],
  ])('reports %s in the user language', async (_name, failure, expected) => {
    const client = createApiClient({ adapter: serve(() => failure) });
    await expect(client.get('/x')).rejects.toMatchObject({ code: null });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith(expected);
  });

  it('reports an HTTP failure without an envelope with its status', async () => {
    const client = createApiClient({ adapter: serve(() => ({ status: 502, body: '<html>Bad Gateway</html>' })) });
    await expect(client.get('/x')).rejects.toMatchObject({ code: null });
    expect(handlers.notifyError).toHaveBeenCalledExactlyOnceWith('Request failed with status code 502');
  });
});
