import type { Envelope } from '@portal/shared/api/envelope';
import { ErrorCode, type FailureCode, errorMessageKey, httpStatusOf } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH } from '@portal/shared/cookies';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error.ts';
import { RequestValidationError } from './validation.ts';

export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.Success, msg: 'success', data };
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  code: FailureCode,
  data: Record<string, unknown> | null = null,
  status = httpStatusOf(code),
): FastifyReply {
  if (code === ErrorCode.Forbidden) reply.header(HEADER_REDIRECT_PAGE, REDIRECT_PAGE_NO_AUTH);
  const body: Envelope<unknown> = { code, msg: translate(request.lang, errorMessageKey(code)), data };
  return reply.status(status).send(body);
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

/** Every response is the envelope; nothing the client sends makes the server answer with internals. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    const error = thrown as FastifyError;
    if (thrown instanceof AppError) {
      reply.headers(thrown.headers);
      return sendFailure(request, reply, thrown.code, thrown.data, thrown.status);
    }
    if (thrown instanceof RequestValidationError) {
      return sendFailure(request, reply, ErrorCode.BadRequest, { fields: thrown.fields });
    }
    if (error.code && error.code in CLIENT_ERRORS) {
      return sendFailure(request, reply, ErrorCode.BadRequest, null, CLIENT_ERRORS[error.code]);
    }
    if (error.statusCode === 429) {
      reply.header('retry-after', String(reply.getHeader('retry-after') ?? 60));
      return sendFailure(request, reply, ErrorCode.TooManyAttempts);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFailure(request, reply, ErrorCode.BadRequest, null, error.statusCode);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(request, reply, ErrorCode.Internal);
  });
});
