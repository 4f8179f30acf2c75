import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import type { Envelope } from '@portal/shared/api/envelope';
import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH } from '@portal/shared/cookies';
import { ErrorCode, type FailureCode, errorMessageKey, httpStatusOf } from '@portal/shared/errors/error-codes';
import type { CodeWithoutRequiredData, FailureDataOf } from '@portal/shared/errors/error-data';
import { translate } from '@portal/shared/locales/catalog';
import { AppError, secondsToWait } from '../app-error.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { isRedisUnavailable } from '../libraries/platform/redis-throttle-store.ts';
import { REQUEST_ID_HEADER } from './logger.ts';
import { languageCookie } from './request-context.ts';
import { RequestValidationError } from './validation.ts';

/** How long a client is asked to wait after 1000503: a dropped database connection is replaced, or
 *  another server process takes over, within seconds. */
export const RETRY_AFTER_SECONDS = 5;

export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.Success, msg: 'success', data };
}

/** The message of `code`; a message that names a detail (1009276's cap) takes it from `data`. */
function failure(code: FailureCode, language: FastifyRequest['lang'], data: unknown = null) {
  return { code, msg: translate(language, errorMessageKey(code), messageParams(data)), data: null };
}

function messageParams(data: unknown): Record<string, string | number> {
  if (data === null || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

/** A rejection with `code` and the details of that code (errors/error-data.ts). */
export function sendFailure<C extends FailureCode>(
  request: FastifyRequest,
  reply: FastifyReply,
  code: C,
  ...[data, status = httpStatusOf(code)]: [C] extends [CodeWithoutRequiredData]
    ? [data?: FailureDataOf<C>, status?: number]
    : [data: FailureDataOf<C>, status?: number]
): FastifyReply {
  if (code === ErrorCode.Forbidden) reply.header(HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH);
  return reply.status(status).send({ ...failure(code, request.lang, data), data: data ?? null });
}

/** 1000503: the request could not be served now (database unreachable or too slow, shutting down). */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  data: FailureDataOf<typeof ErrorCode.ServiceUnavailable> = null,
): FastifyReply {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendFailure(request, reply, ErrorCode.ServiceUnavailable, data);
}

/** The codes of a limit's refusal: whatever their own status, they answer 429 (1009108, a code send
 *  over its limits, included), and tell the wait in `data` too, so that a screen can say how long
 *  without reading headers. */
export const LIMIT_CODES: ReadonlySet<FailureCode> = new Set([ErrorCode.TooManyAttempts, ErrorCode.SmsBusy]);

/** A library's rejection: a wait it asks for becomes `Retry-After`, in whole seconds rounded up (a
 *  limit's refusal tells it in `data` too, from `tooManyAttempts`). */
function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterMs === undefined) return sendFailure(request, reply, error.code, error.data);
  reply.header('retry-after', String(secondsToWait(error.retryAfterMs)));
  const status = LIMIT_CODES.has(error.code) ? 429 : undefined;
  return sendFailure(request, reply, error.code, error.data, status);
}

/** Fastify's own errors that are the client's fault, by code, with the HTTP status to keep. */
const CLIENT_ERRORS: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_VALIDATION: 400,
};

/** Errors Fastify meets before a route is found (a URL it cannot decode, a path parameter over the
 *  router's limit): the request never reaches the hooks, so the answer is made complete here. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'request refused before routing');
  // the language cookie only: the negotiation of Accept-Language decorates requests, and these have no decorations
  request.lang = languageCookie(request) ?? DEFAULT_LANGUAGE;
  // no request hook runs before routing, so the id that names every other answer is set here
  reply.header('cache-control', 'no-store').header(REQUEST_ID_HEADER, request.id);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  sendFailure(request, reply, ErrorCode.BadRequest, null, status);
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/**
 * What Node's HTTP parser cannot take as a request at all (an unknown method, a malformed request
 * line or header, headers or a body that arrive too slowly): there is no request to answer through
 * Fastify, so the envelope is written to the socket, which is then closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [400, 'Bad Request'];
  // as Node itself does: never a second answer on a connection whose request is being answered already
  const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify(failure(ErrorCode.BadRequest, DEFAULT_LANGUAGE));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Every response is the envelope; nothing the client sends makes the server answer with internals. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    const error = thrown as FastifyError;
    if (thrown instanceof AppError) return sendAppError(request, reply, thrown);
    if (thrown instanceof RequestValidationError) {
      return sendFailure(request, reply, ErrorCode.BadRequest, { fields: thrown.fields });
    }
    if (isDatabaseUnavailable(thrown)) {
      request.log.warn({ err: error }, 'answered 1000503: the database is unreachable or did not answer in time');
      return sendUnavailable(request, reply);
    }
    if (isRedisUnavailable(thrown)) {
      request.log.warn({ err: error }, 'answered 1000503: Redis is unreachable');
      return sendUnavailable(request, reply);
    }
    if (error.code && error.code in CLIENT_ERRORS) {
      return sendFailure(request, reply, ErrorCode.BadRequest, null, CLIENT_ERRORS[error.code]);
    }
    if (error.statusCode === 429) {
      const retryAfterSeconds = Number(reply.getHeader('retry-after') ?? 60);
      reply.header('retry-after', String(retryAfterSeconds));
      return sendFailure(request, reply, ErrorCode.TooManyAttempts, { retryAfterSeconds });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFailure(request, reply, ErrorCode.BadRequest, null, error.statusCode);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(request, reply, ErrorCode.Internal);
  });

  // session tokens and personal data must never sit in a browser's or a proxy's cache
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
