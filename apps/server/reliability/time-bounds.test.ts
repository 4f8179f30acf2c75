import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { insertAccounts as insertAccountsInto, tally } from './support/accounts.ts';
import { ENGINE, type HttpReply, ServerProcess, isEnvelope, newClientAddress } from './support/server-process.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

const PASSWORD = 'Storm2026pass';
const STORM_SIZE = 4_000;
/** The storm's server answers within this; the other servers' within a second, to keep their tests short. */
const STORM_TIMEOUT_SECONDS = 5;
const SHORT_TIMEOUT_SECONDS = 1;

const signIn = (server: ServerProcess, identifier: string, timeoutMs = 30_000) =>
  server.call(contract.login, {
    body: { loginType: 'password', identifierType: 'account', identifier, password: PASSWORD },
    from: newClientAddress(),
    timeoutMs,
  });

async function timed(call: () => Promise<HttpReply>): Promise<HttpReply & { ms: number }> {
  const started = performance.now();
  const reply = await call();
  return { ...reply, ms: Math.round(performance.now() - started) };
}

function expectUnavailable(reply: HttpReply): void {
  expect(isEnvelope(reply.json), reply.text).toBe(true);
  expect([reply.status, reply.json.code]).toEqual([503, 1000503]);
  expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
}

/** `count` accounts of the server's database that sign in with PASSWORD. */
async function insertAccounts(server: ServerProcess, count: number): Promise<string[]> {
  const database = server.openDatabase();
  try {
    return await insertAccountsInto(database, count, PASSWORD);
  } finally {
    await database.close();
  }
}

/**
 * Another holder of the write lock than the server: a second SQLite connection with an exclusive
 * transaction, or a PostgreSQL session with the tables a sign-in writes locked against writes (reads
 * go on, as they do in SQLite's WAL mode).
 */
async function holdWriteLock(server: ServerProcess): Promise<{ release(): Promise<void> }> {
  const config = server.database.config;
  if (config.kind === 'sqlite') {
    const sqlite = new SqliteDatabase(config.file);
    sqlite.exec('BEGIN EXCLUSIVE');
    return {
      async release() {
        sqlite.exec('COMMIT');
        sqlite.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE rate_events, sign_in_waits, sessions, users IN EXCLUSIVE MODE');
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

interface StormReply {
  status: number;
  code: number;
  retryAfter: number;
  /** From the request written to its answer read. */
  ms: number;
  connectMs: number;
}

/** How long the server took over each answer it logged (LOG_LEVEL=info), once `count` are logged. */
async function answerTimes(server: ServerProcess, count: number): Promise<number[]> {
  const logged = () =>
    [...server.output.matchAll(/"responseTime":([\d.]+)/g)].map((match) => Math.round(Number(match[1])));
  // the log arrives through its own pipe, possibly after the answers
  await expect.poll(() => logged().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return logged();
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * share)]!;
const median = (values: number[]) => percentile(values, 0.5);

/**
 * A password sign-in on a raw connection of its own, from an address of its own: thousands at once
 * cost the test process less than Node's HTTP client would, whose own delays would count as the
 * server's. The server closes the connection after its answer.
 */
function rawSignIn(port: number, account: string): Promise<StormReply> {
  const body = JSON.stringify({
    loginType: 'password',
    identifierType: 'account',
    identifier: account,
    password: PASSWORD,
  });
  const text =
    `POST ${contract.login.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  return new Promise((resolve) => {
    const opened = performance.now();
    let sent = opened;
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port, localAddress: newClientAddress() }, () => {
      sent = performance.now();
      // not end(): a client that closes its side has its request dropped by Node's server
      socket.write(text);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const ms = Math.round(performance.now() - sent);
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      const code = Number(answer.match(/"code":(\d+)/)?.[1] ?? 0);
      const retryAfter = Number(answer.match(/\r\nretry-after: (\d+)/i)?.[1] ?? 0);
      resolve({ status, code, retryAfter, ms, connectMs: Math.round(sent - opened) });
    });
  });
}

describe(`every answer within REQUEST_TIMEOUT_SECONDS (${ENGINE})`, () => {
  let storm: ServerProcess;
  let short: ServerProcess;
  let accounts: string[];
  let shortAccounts: string[];
  beforeAll(async () => {
    [storm, short] = await Promise.all([
      // info: the server logs how long it took over each answer
      ServerProcess.start({ env: { REQUEST_TIMEOUT_SECONDS: String(STORM_TIMEOUT_SECONDS), LOG_LEVEL: 'info' } }),
      // a database wait longer than the request's bound: only the portal's own bound can answer in time
      ServerProcess.start({
        env: { REQUEST_TIMEOUT_SECONDS: String(SHORT_TIMEOUT_SECONDS), DATABASE_TIMEOUT_SECONDS: '10' },
      }),
    ]);
    [accounts, shortAccounts] = await Promise.all([insertAccounts(storm, STORM_SIZE), insertAccounts(short, 10)]);
  });
  afterAll(async () => {
    await Promise.all([storm?.close(), short?.close()]);
  });

  it(`answers each of ${STORM_SIZE} concurrent password sign-ins within the bound`, async () => {
    const started = performance.now();
    const replies = await Promise.all(accounts.map((account) => rawSignIn(storm.port, account)));
    const failed = replies.filter((reply) => reply.status === 0);
    const longest = Math.max(...replies.map((reply) => reply.ms));
    const byStatus = tally(replies.map((reply) => reply.status));
    const byCode = tally(replies.map((reply) => reply.code ?? 0));
    const connects = replies.map((reply) => reply.connectMs).sort((a, b) => a - b);
    const serverTimes = await answerTimes(storm, STORM_SIZE);
    console.log(
      `${ENGINE} storm of ${STORM_SIZE} sign-ins, over in ${Math.round(performance.now() - started)} ms: answers by status ` +
        `${JSON.stringify(byStatus)}, by code ${JSON.stringify(byCode)}; from each request sent to its answer: ` +
        `median ${median(replies.map((reply) => reply.ms))} ms, 99th percentile ${percentile(
          replies.map((reply) => reply.ms),
          0.99,
        )} ms, ` +
        `longest ${longest} ms; connecting took up to ` +
        `${connects.at(-1)} ms (median ${median(connects)} ms); the server's own time over each: median ` +
        `${median(serverTimes)} ms, longest ${Math.max(...serverTimes)} ms`,
    );
    expect(failed).toEqual([]);
    // from the moment the server takes a request in: a request still in the kernel's queue, waiting for
    // a machine too busy to read it, is beyond the reach of any deadline of the server's
    expect(Math.max(...serverTimes)).toBeLessThan(STORM_TIMEOUT_SECONDS * 1000);
    for (const reply of replies) {
      if (reply.status === 503) expect([reply.code, reply.retryAfter > 0]).toEqual([1000503, true]);
      else expect([reply.status, reply.code]).toEqual([200, 0]);
    }
    // the bound refuses what cannot be done in time, not everything; how many fit in it depends on the
    // machine's load (19 on a busy CI run), so the test asks only that some did
    expect(byStatus[200]).toBeGreaterThan(0);
    expect(storm.alive).toBe(true);
  }, 60_000);

  it('answers a sign-in whose writes wait for a lock held elsewhere with 1000503 within the bound', async () => {
    const lock = await holdWriteLock(short);
    try {
      const reply = await timed(() => signIn(short, shortAccounts[0]!));
      console.log(
        `${ENGINE} sign-in while the lock is held: ${reply.status} (${reply.json?.code}) after ${reply.ms} ms`,
      );
      expectUnavailable(reply);
      expect(reply.ms).toBeLessThan(SHORT_TIMEOUT_SECONDS * 1000 + 300);
    } finally {
      await lock.release();
    }
    // the late work ends quietly, and the server serves again
    const after = await timed(() => signIn(short, shortAccounts[1]!));
    expect([after.status, after.json?.code], `${after.ms} ms: ${after.text}`).toEqual([200, 0]);
    expect(short.output).not.toMatch(/"level":(50|60)/);
  });

  it('answers /healthz at once while another process holds the write lock, and the write after its release', async () => {
    const lock = await holdWriteLock(short);
    const write = timed(() => signIn(short, shortAccounts[2]!));
    const probes: number[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        await sleep(50);
        const probe = await timed(() => short.call(contract.health));
        expect(probe.status).toBe(200);
        probes.push(probe.ms);
      }
    } finally {
      await lock.release();
    }
    const reply = await write;
    console.log(
      `${ENGINE} /healthz during the lock: ${probes.join(', ')} ms; the write: ${reply.status} after ${reply.ms} ms`,
    );
    expect(Math.max(...probes)).toBeLessThan(100);
    expect([reply.status, reply.json?.code], reply.text).toEqual([200, 0]);
  });
});

describe(`a stalled Redis (${ENGINE})`, () => {
  let server: ServerProcess;
  let proxy: TcpProxy;
  let account: string;
  beforeAll(async () => {
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: 6379 });
    server = await ServerProcess.start({
      env: {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        REDIS_KEY_PREFIX: `portal-bounds-${randomBytes(4).toString('hex')}:`,
        REQUEST_TIMEOUT_SECONDS: String(STORM_TIMEOUT_SECONDS),
      },
    });
    account = (await insertAccounts(server, 1))[0]!;
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it('answers a sign-in with 1000503 well before the request bound, and serves again once Redis answers', async () => {
    proxy.stall();
    let reply: HttpReply & { ms: number };
    try {
      reply = await timed(() => signIn(server, account));
    } finally {
      proxy.resume();
    }
    console.log(`${ENGINE} sign-in while Redis is stalled: ${reply.status} (${reply.json?.code}) after ${reply.ms} ms`);
    expectUnavailable(reply);
    expect(reply.ms).toBeLessThan(2_000);
    const after = await signIn(server, account);
    expect([after.status, after.json?.code], after.text).toEqual([200, 0]);
  });
});
