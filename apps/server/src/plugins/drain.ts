import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendUnavailable } from './envelope.ts';

/** Between the decision to close and closing the listener. Node closes every connection that has no
 *  request under way when the listener closes, and a connection whose request has arrived but not
 *  yet been read counts as one without: this lets such requests be read, and then answered. */
const SETTLE_MS = 250;

/**
 * The answers while the server closes. Requests already in flight finish normally; whatever arrives
 * after that is answered with 1000503, so that the client tries again (on another process, or on this
 * one after its restart). Every answer of the drain closes its connection, so that no keep-alive
 * client holds the shutdown up.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    if (app.server.listening) await sleep(SETTLE_MS);
  });
  // callbacks rather than async functions: every request passes here, and an async hook costs it a
  // promise and a turn of the microtask queue for nothing on all but the last few
  app.addHook('onRequest', (request, reply, done) => {
    if (draining) return void sendUnavailable(request, reply);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
});
