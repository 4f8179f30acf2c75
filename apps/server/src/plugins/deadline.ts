import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { operationCalls } from '@portal/shared/api/contract/operations';
import { sendUnavailable } from './envelope.ts';

/** How often the event loop's heartbeat is taken. */
const HEARTBEAT_MS = 50;
/** The longest turn of the event loop before new requests are turned away, and its share of the
 *  request timeout when that is shorter. */
const MAX_TURN_MS = 1_000;
const TURN_SHARE_OF_TIMEOUT = 1 / 10;
/** Answered however late the loop is: an orchestrator would take a busy process for a dead one. */
const PROBES = new Set<string>([operationCalls.health.path, operationCalls.readiness.path]);

/** A request's course against its deadline: still being worked on, being answered, or answered by
 *  the deadline (its work may still be going on). */
type Course = 'working' | 'answering' | 'expired';

/**
 * Every request is answered within REQUEST_TIMEOUT_SECONDS, whether or not it has a body: a timer
 * armed when it arrives answers 1000503 with Retry-After unless an answer is on its way by then, and
 * a request that arrives while the server is too far behind is answered so at once. Fastify's own
 * handlerTimeout stops counting once a request's body has been read, which left requests with a body
 * unbounded.
 *
 * The work of a request answered this way goes on to its end (its transaction commits or rolls
 * back); what it returns or throws then is dropped without a second answer, and noted at info level
 * only, since its client has been told to try again.
 */
export const deadlinePlugin = fp(async (app: FastifyInstance, { timeoutMs }: { timeoutMs: number }) => {
  const courses = new WeakMap<FastifyRequest, Course>();
  const expired = (request: FastifyRequest) => courses.get(request) === 'expired';

  // The loop's heartbeat. Node runs timers between turns of reading sockets, and under a flood (or
  // when the process gets little of the CPU) one turn takes in thousands of requests: the deadlines
  // armed before it fire only after it. A turn already this late answers what it takes in next with
  // 1000503 at once (a fraction of a request's work), which ends it soon; the deadlines are armed
  // twice that early (the late turn, and the answer's own way out of a loaded process), so that they
  // still answer in time.
  const longestTurnMs = Math.min(MAX_TURN_MS, timeoutMs * TURN_SHARE_OF_TIMEOUT);
  let lastBeat = performance.now();
  let refused = 0;
  const heartbeat = setInterval(() => {
    lastBeat = performance.now();
    if (refused === 0) return;
    // one line per late turn: a line per refusal would add to the load it reports
    app.log.warn({ refused }, 'answered 1000503 at once: the server was too far behind to answer in time');
    refused = 0;
  }, HEARTBEAT_MS).unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  // A late turn matters only while work piles up: when the last request in hand is answered, nothing
  // waits behind the long stretch (one slow request alone, a large export), so the beat starts anew
  // rather than turning away the next request as if a flood were on.
  let inHand = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (performance.now() - lastBeat > longestTurnMs && !PROBES.has(request.routeOptions.url ?? '')) {
      // with nothing in hand the long stretch was no flood (the API description built on first use,
      // or requests that never wait on I/O and so never let the heartbeat run): the beat starts anew
      if (inHand > 0) {
        refused++;
        sendUnavailable(request, reply);
        return;
      }
      lastBeat = performance.now();
    }
    courses.set(request, 'working');
    inHand++;
    const timer = setTimeout(() => answerLate(request, reply), timeoutMs - 2 * longestTurnMs);
    // the response's close: answered, or the client went away
    reply.raw.once('close', () => {
      clearTimeout(timer);
      if (--inHand === 0) lastBeat = performance.now();
    });
    done();
  });

  function answerLate(request: FastifyRequest, reply: FastifyReply): void {
    if (courses.get(request) !== 'working' || reply.sent || reply.raw.headersSent) return;
    courses.set(request, 'expired');
    request.log.warn('answered 1000503: the request ran out of time');
    // its body may still be arriving, and its work goes on: the connection ends with this answer
    reply.header('connection', 'close');
    sendUnavailable(request, reply);
  }

  // every answer passes here, the handler's, a hook's or the error handler's: from now on it is the one
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (courses.get(request) === 'working') courses.set(request, 'answering');
    done(null, payload);
  });

  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const result: unknown = handler.call(this, request, reply);
      if (!(result instanceof Promise)) return result;
      // the reply, once expired: awaiting it waits for the deadline's answer to be written, so that
      // Fastify finds the reply sent and sends nothing more
      return result.then(
        (value: unknown) => (expired(request) ? reply : value),
        (error: unknown) => {
          if (!expired(request)) throw error;
          request.log.info({ err: error }, 'the work of a request answered 1000503 failed afterwards');
          return reply;
        },
      );
    } as RouteHandlerMethod;
  });
});
