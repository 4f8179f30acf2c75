/**
 * The ceiling for the sign-in storm: a bare Fastify on the portal's SQLite file with the least work a
 * sign-in and a session read can do. Sign-in is one query and a raw argon2 verify (the parameters come
 * from the stored hash, so they are the portal's); user/current is one query joining the session to
 * its user. No throttles, audit, validation or sessions written: what the portal adds is the difference.
 */
import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';

const database = new SqliteDatabase(process.env.SQLITE_FILE!);
const passwordOf = database.prepare<[string], { password_hash: string }>(
  'select password_hash from users where account = ?',
);
const userOfToken = database.prepare<[string, number], Record<string, unknown>>(
  `select users.id, users.account, users.nickname, users.phone, users.email, users.lang_code
   from sessions join users on users.id = sessions.user_id
   where sessions.token_hash = ? and sessions.revoked_at is null and sessions.expires_at > ?`,
);

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ code: 0, msg: 'ok', data: null }));

app.post<{ Body: { identifier: string; password: string } }>('/login', async (request, reply) => {
  const row = passwordOf.get(request.body.identifier);
  if (!row || !(await verify(row.password_hash, request.body.password))) {
    return reply.code(401).send({ code: 1009117, msg: 'wrong', data: null });
  }
  return { code: 0, msg: 'ok', data: null };
});

app.get('/current', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^bearer\s+/i, '');
  const user = userOfToken.get(createHash('sha256').update(token).digest('hex'), Date.now());
  if (!user) return reply.code(401).send({ code: 1000401, msg: 'unauthorized', data: null });
  return { code: 0, msg: 'ok', data: user };
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
