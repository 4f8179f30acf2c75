import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.ts';
import { answerClientError, answerFrameworkError } from './envelope.ts';
import { requestIdGenerator } from './logger.ts';

/** The longest a client may take to send its request line and headers. */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests over those limits (its default, 30 s, would let a slow client
 *  hold its connection up to 30 s longer). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's options for the server's limits and its answers outside the routes: a client that sends
 * its request too slowly is cut off within the request timeout (the answer to a request that takes
 * longer is the deadline plugin's, plugins/deadline.ts), and what Fastify or Node's parser refuse is
 * answered with the envelope too. Each request's id is the one its trusted proxy gave it, or a fresh one.
 */
export function serverOptions(config: Config): FastifyHttpOptions<Server> {
  const requestTimeout = Math.max(1, Math.round(config.requestTimeoutMs));
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // requests that arrive while the server drains are answered by the drain, with the envelope
    return503OnClosing: false,
    // the generator itself reads X-Request-Id: Fastify's own reading would take any value as it came
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  };
}
