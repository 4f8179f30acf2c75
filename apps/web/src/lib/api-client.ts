import axios, { type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Envelope } from '@portal/shared/api/envelope';
import { HTTP_TIMEOUT_MS, LOGIN_EXPIRED_DEBOUNCE_MS } from '@portal/shared/constants';
import { HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH } from '@portal/shared/cookies';
import { ErrorCode, errorMessageKey, isKnownErrorCode } from '@portal/shared/errors/error-codes';
import { ApiError } from './api-error';
import { readToken, removeToken } from './cookies';
import { i18n, translateKey } from './i18n';
import { clearUserData } from './storage';

export const FRONT_API = '/api/portal/front/v4';
export const SETTINGS_API = '/api/settcntr/admin/v4';
const VERIFY_PHONE_PATH = '/vertify-phone';

/** What the client needs from the app shell; registered once the shell has mounted. */
export interface ApiHandlers {
  notifyError(message: string): void;
  navigate(path: string): void;
  /** The session is gone (401): the shell forgets the signed-in user's state. */
  onSessionEnded(): void;
}

const fallbackHandlers: ApiHandlers = {
  notifyError: (message) => console.error(message),
  navigate: (path) => window.location.assign(path),
  onSessionEnded: () => {},
};

let handlers: ApiHandlers = fallbackHandlers;

export function registerApiHandlers(next: ApiHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = fallbackHandlers;
  };
}

export interface ApiClient {
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function transportMessage(error: unknown): string {
  if (axios.isCancel(error) || (axios.isAxiosError(error) && error.code === 'ERR_CANCELED')) {
    return i18n.t('common.transport.canceled');
  }
  if (!axios.isAxiosError(error)) return i18n.t('common.transport.network');
  if (error.response) return i18n.t('common.transport.status', { status: error.response.status });
  if (error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message))) {
    return i18n.t('common.transport.timeout');
  }
  if (error.code === 'ECONNABORTED') return i18n.t('common.transport.aborted');
  return i18n.t('common.transport.network');
}

/**
 * An axios instance that speaks the portal's envelope: resolves with `data` when `code` is 0 and
 * otherwise tells the user once, in their language, and rejects with an ApiError.
 */
export function createApiClient(options: { adapter?: AxiosAdapter } = {}): ApiClient {
  const http = axios.create({
    baseURL: '',
    timeout: HTTP_TIMEOUT_MS,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  http.interceptors.request.use((config) => {
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  // Parallel calls all fail with 401 at once; the user hears about it once, after the burst.
  function loginExpired(): void {
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => {
      expiryTimer = undefined;
      handlers.notifyError(i18n.t('common.loginExpired'));
      clearUserData();
      removeToken();
      handlers.onSessionEnded();
      handlers.navigate('/login');
    }, LOGIN_EXPIRED_DEBOUNCE_MS);
  }

  function settle<T>(response: AxiosResponse): T {
    const body: unknown = response.data;
    if (response.headers[HEADER_REDIRECT_PAGE] === REDIRECT_PAGE_NO_AUTH) {
      handlers.navigate('/noAuth');
      const code = isEnvelope(body) ? body.code : ErrorCode.Forbidden;
      throw new ApiError(code, translateKey(errorMessageKey(ErrorCode.Forbidden)), isEnvelope(body) ? body.data : null);
    }
    if (response.status === 401 || (isEnvelope(body) && body.code === ErrorCode.Unauthorized)) {
      loginExpired();
      throw new ApiError(ErrorCode.Unauthorized, i18n.t('common.loginExpired'));
    }
    if (!isEnvelope(body)) {
      const message = i18n.t('common.transport.status', { status: response.status });
      if (response.status >= 200 && response.status < 300) {
        // A 2xx without an envelope is a server or proxy fault, not something the user can act on.
        console.error(`Unexpected response from ${response.config.url ?? ''}`, body);
      } else {
        handlers.notifyError(message);
      }
      throw new ApiError(null, message, body);
    }
    if (body.code === ErrorCode.Success) return body.data as T;
    if (isKnownErrorCode(body.code)) {
      const message = translateKey(errorMessageKey(body.code));
      handlers.notifyError(message);
      // After the cut-off an unverified account can do nothing else (contract): take it there.
      if (body.code === ErrorCode.PhoneVerificationRequired) handlers.navigate(VERIFY_PHONE_PATH);
      throw new ApiError(body.code, message, body.data);
    }
    // The spec: codes outside the catalogue are logged, never shown.
    console.error(`Unknown response code ${String(body.code)} from ${response.config.url ?? ''}`, body.msg);
    throw new ApiError(body.code, body.msg, body.data);
  }

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    let response: AxiosResponse;
    try {
      response = await http.request(config);
    } catch (error) {
      if (axios.isAxiosError(error) && error.response) return settle<T>(error.response);
      const message = transportMessage(error);
      handlers.notifyError(message);
      throw new ApiError(null, message);
    }
    return settle<T>(response);
  }

  return {
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, body, config) => request({ ...config, method: 'POST', url, data: body }),
  };
}

export const apiClient = createApiClient();
