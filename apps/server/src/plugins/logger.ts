import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, pino } from 'pino';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';

const REDACTED = 'redacted';
const INVITATION_PATH = `${API_PREFIX}/referral/info/`;

/**
 * Query parameters that carry a secret: a session handed over between products (`arkAuth`), tokens,
 * tickets, codes and invitation ids (the database keeps only their hashes, so a log line would be
 * the one place a usable one survived), the OpenID provider's (an ID token as a sign-out's hint, a
 * PKCE verifier, signed requests and client assertions), and whatever a client names as a token,
 * ticket, secret or password. Compared in lower case.
 */
const SECRET_PARAMETERS = new Set([
  'arkauth',
  'assertion',
  'authorization',
  'challengeid',
  'client_assertion',
  'code',
  'code_verifier',
  'cookie',
  'id_token_hint',
  'password',
  'referralid',
  'request',
  'secret',
  'signature',
  'ticket',
  'token',
]);
const SECRET_PARAMETER_SUFFIX = /(?:token|ticket|secret|password)$/i;

function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETERS.has(name.toLowerCase()) || SECRET_PARAMETER_SUFFIX.test(name);
}

/**
 * A request URL fit for the log: the invitation id leaves the path of `referral/info`, and every
 * secret parameter's value leaves the query string of any page or call.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.startsWith(INVITATION_PATH) && path.length > INVITATION_PATH.length) path = INVITATION_PATH + REDACTED;
  if (queryAt === -1) return path;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const secrets = [...new Set([...query.keys()].filter(isSecretParameter))];
  if (!secrets.length) return path + url.slice(queryAt);
  for (const name of secrets) query.set(name, REDACTED);
  return `${path}?${query.toString()}`;
}

/** Headers that carry a session or a secret, wherever a log line might hold a request's or an answer's:
 *  at the top of a record, or one level down (the multipart parser logs its options, headers
 *  and all, at trace level). The portal reads a key only from `authorization`, but an integration
 *  that sends it as `x-api-key`, as other APIs take it, must not find it in the log either. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key'];
const REDACTED_PATHS = ['headers', '*.headers'].flatMap((headers) =>
  SECRET_HEADERS.map((name) => `${headers}["${name}"]`),
);

/** Three base64url parts, the first a JOSE header (`{"` encodes as `eyJ`), and the two more of an
 *  encrypted one: a JWT (an ID token names a person, their phone, email and company), under whatever
 *  name or in whatever place a line holds it. */
const JWT_SHAPED = /eyJ[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*){2,4}/g;

/** A written record without its JWTs: the record's last step, whichever field or message holds one. */
export function withoutJwts(line: string): string {
  return line.includes('eyJ') ? line.replace(JWT_SHAPED, REDACTED) : line;
}

/** The server's logger: Fastify's request record, with the URL made loggable, secret headers and
 *  every JWT hidden (in the JSON records and in the development lines made from them). */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      hooks: { streamWrite: withoutJwts },
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
