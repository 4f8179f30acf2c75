/**
 * The ceiling for reads on PostgreSQL: a bare Fastify with `pg` on the portal's bench database and a
 * pool of the portal's size (PG_POOL_SIZE), answering `user/current` with one prepared statement that
 * joins the session to its user. No plugins, validation or second statement: what the portal adds
 * to a read on PostgreSQL is the difference.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: Number(process.env.PG_POOL_SIZE) });
const USER_OF_TOKEN = `select users.id, users.account, users.nickname, users.phone, users.email, users.lang_code
   from sessions join users on users.id = sessions.user_id
   where sessions.token_hash = $1 and sessions.revoked_at is null and sessions.expires_at > $2`;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ code: 0, msg: 'ok', data: null }));

app.get('/current', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^bearer\s+/i, '');
  const { rows } = await pool.query({
    name: 'user-of-token',
    text: USER_OF_TOKEN,
    values: [createHash('sha256').update(token).digest('hex'), Date.now()],
  });
  if (!rows[0]) return reply.code(401).send({ code: 1000401, msg: 'unauthorized', data: null });
  return { code: 0, msg: 'ok', data: rows[0] };
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
