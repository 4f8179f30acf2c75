/**
 * The ceiling for reads: a bare Fastify answering a small JSON envelope, with nothing of the portal
 * (no plugins, hooks, database or validation). PORT and HOST as for the portal.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ code: 0, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
