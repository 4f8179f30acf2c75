import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { sendUnavailable } from './envelope.ts';

/** A request's course against its deadline: still being worked on, being answered, or answered by
 *  the deadline (its work may still be going on). */
type Course = 'working' | 'answering' | 'expired';

/**
 * Every request is answered within REQUEST_TIMEOUT_SECONDS, whether or not it has a body: a timer
 * armed when it arrives answers 1000503 with Retry-After unless an answer is on its way by then.
 * Fastify's own handlerTimeout stops counting once a request's body has been read, which left
 * requests with a body unbounded.
 *
 * The work of a request answered this way goes on to its end (its transaction commits or rolls
 * back); what it returns or throws then is dropped without a second answer, and noted at info level
 * only, since its client has been told to try again.
 */
export const deadlinePlugin = fp(async (app: FastifyInstance, { timeoutMs }: { timeoutMs: number }) => {
  const courses = new WeakMap<FastifyRequest, Course>();
  const expired = (request: FastifyRequest) => courses.get(request) === 'expired';

  app.addHook('onRequest', (request, reply, done) => {
    courses.set(request, 'working');
    const timer = setTimeout(() => answerLate(request, reply), timeoutMs);
    // the response's close: answered, or the client went away
    reply.raw.once('close', () => clearTimeout(timer));
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
