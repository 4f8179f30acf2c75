import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { isDatabaseUnavailable, openDatabase } from '../src/db/database.ts';
import { type TestDatabase, createTestDatabase } from '../test/support/test-app.ts';
import { ENGINE, type HttpReply, ServerProcess, isEnvelope, newClientAddress } from './support/server-process.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

/** The web app gives up on an answer after 30 s; every answer must come well before. */
const CLIENT_TIMEOUT_MS = 30_000;

/** One read: an unknown invitation link is `invalid`. */
const readCall = (server: ServerProcess) =>
  server.call(contract.referralInfo, {
    params: { id: randomBytes(24).toString('base64url') },
    timeoutMs: CLIENT_TIMEOUT_MS,
  });

/** Several reads and writes, some in transactions: a failed password sign-in of an unknown account. */
const signInCall = (server: ServerProcess) =>
  server.call(contract.login, {
    body: {
      loginType: 'password',
      identifierType: 'account',
      identifier: `nobody${randomBytes(4).toString('hex')}`,
      password: 'Secret2026',
    },
    from: newClientAddress(),
    timeoutMs: CLIENT_TIMEOUT_MS,
  });

async function timed(call: () => Promise<HttpReply>): Promise<HttpReply & { ms: number }> {
  const started = Date.now();
  const reply = await call();
  return { ...reply, ms: Date.now() - started };
}

function expectUnavailable(reply: HttpReply): void {
  expect(isEnvelope(reply.json), reply.text).toBe(true);
  expect(reply.json.code, reply.text).toBe(1000503);
  expect(reply.status).toBe(503);
  expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
}

async function expectAnswersNormally(server: ServerProcess): Promise<void> {
  const read = await readCall(server);
  expect(read.json, read.text).toMatchObject({ code: 0, data: { status: 'invalid' } });
  const signIn = await signInCall(server);
  expect(signIn.json?.code, signIn.text).toBe(1009117);
}

if (ENGINE === 'postgres') {
  describe('the server on PostgreSQL, through a network that fails', () => {
    let proxy: TcpProxy;
    let database: TestDatabase;
    let server: ServerProcess;

    beforeAll(async () => {
      proxy = await TcpProxy.start();
      database = await createTestDatabase();
      await database.database.close();
      server = await ServerProcess.start({ database, env: { DATABASE_URL: proxy.urlFor(directUrl(database)) } });
    });
    afterAll(async () => {
      await server?.close();
      await proxy?.close();
    });

    it('keeps running when idle connections are reset, and answers with fresh ones', async () => {
      await expectAnswersNormally(server);
      expect(proxy.connections).toBeGreaterThan(0);
      proxy.drop();
      await sleep(200);
      expect(server.alive, server.output).toBe(true);
      await expectAnswersNormally(server);
    });

    it('answers the requests at the database at a reset with 1000503, and the others normally', async () => {
      proxy.stall();
      const inFlight = [
        ...Array.from({ length: 4 }, () => readCall(server)),
        ...Array.from({ length: 4 }, () => signInCall(server)),
      ];
      // the requests wait on the database now, some inside transactions
      await sleep(500);
      proxy.drop();
      proxy.resume();
      const replies = await Promise.all(inFlight);
      // a request that held one of the pool's connections at the reset is answered 1000503; one that
      // waited for a connection, when the requests outnumber the pool (POSTGRES_POOL_SIZE), gets a
      // fresh one, and its normal answer
      const unavailable = replies.filter((reply) => reply.json?.code === 1000503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const reply of unavailable) expectUnavailable(reply);
      for (const [i, reply] of replies.entries()) {
        if (reply.json?.code === 1000503) continue;
        if (i < 4) expect(reply.json, reply.text).toMatchObject({ code: 0, data: { status: 'invalid' } });
        else expect(reply.json?.code, reply.text).toBe(1009117);
      }
      expect(server.alive, server.output).toBe(true);
      await expectAnswersNormally(server);
    });

    it('keeps running when the database ends its sessions (pg_terminate_backend)', async () => {
      await expectAnswersNormally(server);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = new URL(directUrl(database)).pathname.slice(1);
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      await sleep(200);
      expect(server.alive, server.output).toBe(true);
      await expectAnswersNormally(server);
    });

    it('answers every request with an envelope well within the client timeout while the database stalls', async () => {
      await expectAnswersNormally(server);
      proxy.stall();
      const replies = await Promise.all([
        ...Array.from({ length: 6 }, () => timed(() => readCall(server))),
        ...Array.from({ length: 6 }, () => timed(() => signInCall(server))),
      ]);
      proxy.resume();
      const longest = Math.max(...replies.map((r) => r.ms));
      console.log(`stalled database: ${replies.length} requests, longest answer ${longest} ms`);
      for (const reply of replies) expectUnavailable(reply);
      expect(longest).toBeLessThan(CLIENT_TIMEOUT_MS / 2);
      expect(server.alive, server.output).toBe(true);
      await expectAnswersNormally(server);
    });

    it('rejects a transaction whose connection is lost between two statements, without an unhandled error', async () => {
      const direct = openDatabase({ kind: 'postgres', url: proxy.urlFor(directUrl(database)) });
      const failure = await direct.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          proxy.drop();
          // the checked-out connection reports its loss now, while no statement is running on it
          await sleep(200);
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await direct.close();
    });

    it('gives up starting against a database that never answers, with one line naming it', async () => {
      const stalled = await TcpProxy.start();
      stalled.stall();
      const started = Date.now();
      const url = stalled.urlFor(directUrl(database));
      const failure = await ServerProcess.start({
        database,
        env: { DATABASE_URL: url, STARTUP_TIMEOUT_SECONDS: '3' },
      }).then(
        () => null,
        (error: Error) => error.message,
      );
      const ms = Date.now() - started;
      await stalled.close();
      console.log(`start-up against a stalled database ended after ${ms} ms: ${failure?.split('\n')[1]}`);
      expect(failure).toMatch(/server exited \(1\) at start/);
      const lines = failure!.split('\n').filter((line) => line.trim());
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`127.0.0.1:${stalled.port}/${new URL(url).pathname.slice(1)}`);
      expect(lines[1]).toMatch(/did not answer within 3 s/);
    });
  });
}

if (ENGINE === 'sqlite') {
  describe('the server on SQLite, when another process holds the database', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await ServerProcess.start({ env: { DATABASE_TIMEOUT_SECONDS: '1' } });
    });
    afterAll(async () => server?.close());

    it('answers a write that cannot get the database in time with 1000503, and normally once it is free', async () => {
      await expectAnswersNormally(server);
      const config = server.database.config;
      if (config.kind !== 'sqlite') throw new Error('SQLite expected');
      const other = new SqliteDatabase(config.file);
      other.exec('BEGIN IMMEDIATE');
      const reply = await timed(() => signInCall(server));
      other.exec('ROLLBACK');
      other.close();
      console.log(`locked SQLite database: the write was answered after ${reply.ms} ms`);
      expectUnavailable(reply);
      expect(server.alive, server.output).toBe(true);
      await expectAnswersNormally(server);
    });
  });
}

function directUrl(database: TestDatabase): string {
  if (database.config.kind !== 'postgres') throw new Error('PostgreSQL expected');
  return database.config.url;
}
