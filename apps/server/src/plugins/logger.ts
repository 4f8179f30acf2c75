import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, pino } from 'pino';

const REDACTED = 'redacted';
const INVITATION_PATH = '/api/referral/info/';

/**
 * A request URL fit for the log. An invitation link's id is its only secret and the database keeps
 * only its hash, so a log line is the one place where a usable link would survive: the id leaves the
 * path of `referral/info` and the `referralId` query value of any page or call.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.startsWith(INVITATION_PATH) && path.length > INVITATION_PATH.length) path = INVITATION_PATH + REDACTED;
  if (queryAt === -1) return path;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  if (!query.has('referralId')) return path + url.slice(queryAt);
  query.set('referralId', REDACTED);
  return `${path}?${query.toString()}`;
}

/** The server's logger: Fastify's request record, with the URL made loggable. */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** Short, and nothing that could forge a log line or a header. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Each request's id, on every log line of the request (`reqId`) and in its answer. Behind a proxy
 * (TRUST_PROXY) the id the proxy gave the request is kept when it is well-formed, so that its lines
 * and the proxy's can be matched; otherwise the request gets a fresh one.
 */
export function requestIdGenerator(trustProxy: string | boolean): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}

/** Every answer names its request, so that a report of a problem leads to the request's log lines. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
