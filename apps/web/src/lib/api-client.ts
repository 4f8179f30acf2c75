import { paramNamesOf, pathOf } from '@portal/shared/api/contract/define';
import type { Envelope } from '@portal/shared/api/envelope';
import { HTTP_TIMEOUT_MS, LOGIN_EXPIRED_DEBOUNCE_MS } from '@portal/shared/constants';
import { HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH } from '@portal/shared/cookies';
import { ErrorCode, type FailureCode, errorMessageKey, isKnownErrorCode } from '@portal/shared/errors/error-codes';
import { paths } from '../config/paths';
import { ApiError, type ApiErrorOf } from './api-error';
import type { AnswerOf, CallView, CodeOf, RequestOf } from './call-view';
import { readToken, removeToken } from './cookies';
import { currentLanguage, i18n, translateKey } from './i18n';
import { clearUserData } from './storage';

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

/** Per error code, how the caller shows it (a field error, a modal, a redirect) instead of the toast;
 *  only the codes the call declares, each handler given its code's details. */
export type ErrorHandlers<Code extends number = number> = {
  [C in Code]?: Handler<C extends FailureCode ? ApiErrorOf<C> : ApiError>;
};

/** Written as a method, so that handlers of a call's own codes stand where any handlers may: the client
 *  gives each handler only rejections with its code. */
type Handler<E> = { handle(error: E): void }['handle'];

export interface CallOptions<Code extends number = number> {
  /** The caller shows these codes itself; the catalogue toast is for what nobody handled. */
  onError?: ErrorHandlers<Code>;
  /** No toast for any failure: the caller says nothing, or says it its own way. */
  silent?: boolean;
  /** Query parameters; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/** The options of a declared call: its query is the request itself. */
export type OptionsOf<V extends CallView> = Omit<CallOptions<CodeOf<V>>, 'query'>;

export interface ApiClient {
  /**
   * A declared call: a POST sends `request` as its body (JSON, or the FormData of an upload),
   * unless it declares a query and no body; a GET, and such a POST, fill the path parameters from
   * `request` and send the rest as the query. The answer is the call's `data` (a file's bytes for a
   * file call), typed by its declaration.
   */
  call<V extends CallView>(view: V, request?: RequestOf<V>, options?: OptionsOf<V>): Promise<AnswerOf<V>>;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** A plain object is sent as JSON, FormData as multipart. */
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** A file the server answers (a CSV export): its bytes; a refusal is the envelope, handled as for `get`. */
  download(path: string, options?: CallOptions): Promise<Blob>;
}

/** Where a call carries the solution of the proof of work the server asked for (1009180). */
const HEADER_PROOF_OF_WORK = 'X-Proof-Of-Work';

/** The plain details a message may name (a cap's hours); nested ones and i18next's own options never. */
function dataOf(data: unknown): Record<string, string | number> {
  if (data === null || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function withQuery(url: string, query: CallOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The portal's envelope over fetch: resolves with `data` when `code` is 0; otherwise rejects with an
 * ApiError, after telling the user once in their language unless the caller handles that code.
 * `baseUrl` is for tests that talk to a server of their own.
 */
export function createApiClient(options: { baseUrl?: string } = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
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
      handlers.navigate(paths.login);
    }, LOGIN_EXPIRED_DEBOUNCE_MS);
  }

  function fail(error: ApiError, call: CallOptions): never {
    const own = error.code === null ? undefined : call.onError?.[error.code];
    if (own) own(error);
    else if (!call.silent) handlers.notifyError(error.message);
    throw error;
  }

  function settle<T>(path: string, response: Response, body: unknown, call: CallOptions): T {
    if (response.headers.get(HEADER_REDIRECT_PAGE) === REDIRECT_PAGE_NO_AUTH) {
      handlers.navigate(paths.noAuth);
      const data = isEnvelope(body) && body.code === ErrorCode.Forbidden ? body.data : null;
      throw new ApiError(ErrorCode.Forbidden, translateKey(errorMessageKey(ErrorCode.Forbidden)), data);
    }
    if (response.status === 401 || (isEnvelope(body) && body.code === ErrorCode.Unauthorized)) {
      loginExpired();
      throw new ApiError(ErrorCode.Unauthorized, i18n.t('common.loginExpired'));
    }
    if (!isEnvelope(body)) {
      const message = i18n.t('common.transport.status', { status: response.status });
      if (response.ok) {
        // A 2xx without an envelope is a server or proxy fault, not something the user can act on.
        console.error(`Unexpected response from ${path}`, body);
        throw new ApiError(null, message, body);
      }
      return fail(new ApiError(null, message, body), call);
    }
    if (body.code === ErrorCode.Success) return body.data as T;
    if (isKnownErrorCode(body.code)) {
      // After the cut-off an unverified account can do nothing else (docs/personal-centre.md#phone-verification):
      // take it there.
      if (body.code === ErrorCode.PhoneVerificationRequired) handlers.navigate(paths.verifyPhone);
      // a company requires two-step sign-in of the member: its set-up is all they may reach
      if (body.code === ErrorCode.TwoStepSetupRequired) handlers.navigate(paths.twoStepSetup);
      // a message naming a detail (1009276's cap) takes it from the details
      return fail(
        new ApiError(body.code, translateKey(errorMessageKey(body.code), dataOf(body.data)), body.data),
        call,
      );
    }
    // A code outside the catalogue has no words in any language: logged, never shown (docs/errors.md#the-web-app).
    console.error(`Unknown response code ${String(body.code)} from ${path}`, body.msg);
    throw new ApiError(null, body.msg, body.data);
  }

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    call: CallOptions,
    file = false,
    proofOfWork?: string,
  ): Promise<T> {
    const headers = new Headers({ Accept: file ? '*/*' : 'application/json', 'Accept-Language': currentLanguage() });
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (proofOfWork) headers.set(HEADER_PROOF_OF_WORK, proofOfWork);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
    const cancel = () => controller.abort();
    call.signal?.addEventListener('abort', cancel, { once: true });

    let response: Response | undefined;
    let received: unknown;
    try {
      response = await fetch(`${baseUrl}${withQuery(path, call.query)}`, {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
      const isFile = file && response.ok && !response.headers.get('Content-Type')?.includes('application/json');
      if (isFile) return (await response.blob()) as T;
      received = await readBody(response);
    } catch {
      // The caller gave up (a query unmounted, a newer one replaced it): nobody is waiting to hear.
      if (call.signal?.aborted && !timedOut) throw new ApiError(null, i18n.t('common.transport.canceled'));
      // Cut off before any answer is a network failure; in the middle of one, an aborted request.
      const key = timedOut
        ? 'common.transport.timeout'
        : response
          ? 'common.transport.aborted'
          : 'common.transport.network';
      return fail(new ApiError(null, i18n.t(key)), call);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
    }
    // the server wants a proof of work first (many code sends from this address): the person only waits
    // a moment longer while it is solved, and the same call goes again with it, once
    if (!proofOfWork && isEnvelope(received) && received.code === ErrorCode.ProofOfWorkRequired) {
      const { solveProofOfWork } = await import('./proof-of-work');
      const solution = await solveProofOfWork(received.data);
      if (solution) return request<T>(method, path, body, call, file, solution);
    }
    return settle<T>(path, response, received, call);
  }

  function callOf<V extends CallView>(view: V, sent?: RequestOf<V>, options: OptionsOf<V> = {}) {
    const names = paramNamesOf(view);
    if (!view.inUrl) {
      if (names.length === 0 || sent instanceof FormData) {
        return request<AnswerOf<V>>('POST', pathOf(view), sent, options);
      }
      // a POST on one thing its path names (an interaction): the parameters fill the path, the rest is the body
      const body = { ...(sent as Record<string, unknown> | undefined) };
      const path = pathOf(view, body);
      for (const name of names) delete body[name];
      return request<AnswerOf<V>>('POST', path, body, options);
    }
    const values = { ...(sent as Record<string, string | number | boolean | undefined> | undefined) };
    const path = pathOf(view, values);
    for (const name of names) delete values[name];
    return request<AnswerOf<V>>(view.method, path, undefined, { ...options, query: values }, view.file);
  }

  return {
    call: callOf,
    get: (path, options = {}) => request('GET', path, undefined, options),
    post: (path, body, options = {}) => request('POST', path, body, options),
    download: (path, options = {}) => request<Blob>('GET', path, undefined, options, true),
  };
}

export const apiClient = createApiClient();

/** A declared call through the app's client: see `ApiClient.call`. */
export const call: ApiClient['call'] = (view, request, options) => apiClient.call(view, request, options);
