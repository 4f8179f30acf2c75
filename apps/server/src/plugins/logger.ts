import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
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
