import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { openDatabase } from '../../src/db/database.ts';
import { DISCOVERY_PATH } from '../../src/libraries/openid/provider.ts';
import { freePort } from '../support/openid.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from '../support/test-app.ts';

const SERVER = resolve(import.meta.dirname, '../../src/server.ts');

/** The server as `npm start` runs it, in a process of its own: its start-up is what is tested. */
async function startServer(
  database: TestDatabase,
  port: number,
): Promise<{ child: ChildProcess; output: () => string }> {
  const config = database.config;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: config.kind === 'postgres' ? config.url : `sqlite:${config.file}`,
      PORTAL_DEV_OUTBOX: '1',
      PORTAL_WEB_DIST: resolve(import.meta.dirname, 'no-web-build'),
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
    const answered = await fetch(`http://127.0.0.1:${port}${contract.currentUser.path}`).catch(() => null);
    if (answered) return { child, output: () => output };
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe(`the provider's keys are made before the server listens (${ENGINE})`, () => {
  let database: TestDatabase;
  let server: { child: ChildProcess; output: () => string };
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    // the server opens its own connections
    await database.database.close();
    port = await freePort();
    server = await startServer(database, port);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    await database?.drop();
  });

  it('holds the key set once it answers, before any request reached the provider', async () => {
    const db = openDatabase(database.config);
    try {
      const rows = await db.db.selectFrom('oidc_keys').select(['kid', 'use', 'alg', 'state']).orderBy('kid').execute();
      expect(rows).toEqual([
        { kid: 'cookie-1', use: 'cookie', alg: null, state: 'current' },
        { kid: 'sig-1', use: 'sig', alg: 'RS256', state: 'current' },
        { kid: 'sig-2', use: 'sig', alg: 'RS256', state: 'next' },
        { kid: 'sig-es256-1', use: 'sig', alg: 'ES256', state: 'current' },
        { kid: 'sig-es256-2', use: 'sig', alg: 'ES256', state: 'next' },
      ]);
    } finally {
      await db.close();
    }
  });

  it("answers the portal's calls that arrive during the provider's first request", async () => {
    const base = `http://127.0.0.1:${port}`;
    const [discovery, ...calls] = await Promise.all([
      fetch(`${base}${DISCOVERY_PATH}`),
      ...Array.from({ length: 10 }, () => fetch(`${base}${contract.currentUser.path}`)),
    ]);
    expect(discovery!.status).toBe(200);
    const codes = await Promise.all(calls.map(async (call) => ((await call.json()) as { code: number }).code));
    expect(codes).not.toContain(ErrorCode.ServiceUnavailable);
    expect(codes.every((code) => code === ErrorCode.Unauthorized)).toBe(true);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
