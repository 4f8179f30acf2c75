import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createLogger } from '../src/plugins/logger.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { ENGINE, type TestApp, type TestDatabase, createTestDatabase, startTestApp } from './support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  reqId?: string;
  level: number;
  msg: string;
  [field: string]: unknown;
}

describe(`request ids (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    app = await buildApp({
      // behind a proxy, which may name the requests itself
      config: loadConfig({ PORTAL_DEV_OUTBOX: '1', TRUST_PROXY: '127.0.0.1' }),
      database: testDb.database,
      logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
  });
  beforeEach(() => void (lines.length = 0));

  const get = (headers: Record<string, string> = {}) => app.inject({ url: contract.health.path, headers });

  it('names every answer with a fresh id, different for each request', async () => {
    const [first, second] = [await get(), await get()];
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    const unknown = await app.inject({ url: `${API_PREFIX}/no-such-call` });
    expect([unknown.statusCode, unknown.headers['x-request-id']]).toEqual([404, expect.stringMatching(UUID)]);
    // refused before routing, where no request hook runs
    const badUrl = await app.inject({ url: `${API_PREFIX}/portal/%zz`, headers: { 'x-request-id': 'trace-bad-url' } });
    expect([badUrl.statusCode, badUrl.headers['x-request-id']]).toEqual([400, 'trace-bad-url']);
  });

  it("keeps the proxy's id when it is well-formed", async () => {
    for (const id of ['lb-7f3a.0042_x', 'a'.repeat(64), '4bf92f3577b34da6a3ce929d0e0e4736']) {
      expect((await get({ 'x-request-id': id })).headers['x-request-id']).toBe(id);
    }
  });

  it('replaces a malformed one', async () => {
    for (const id of ['a'.repeat(65), 'has space', 'semi;colon', 'line\\nbreak', 'ünïcode', 'one, two', '']) {
      const answered = (await get({ 'x-request-id': id })).headers['x-request-id'];
      expect(answered, id).toMatch(UUID);
    }
  });

  it("writes the id on every line of the request, and a refused sign-in's line without the secret", async () => {
    const user = await createUser(app, { account: 'grid.operator' });
    const response = await app.inject({
      method: 'POST',
      url: contract.login.path,
      headers: { 'x-request-id': 'trace-sign-in-1' },
      payload: {
        loginType: 'password',
        identifierType: 'account',
        identifier: 'Grid.Operator',
        password: 'Wrong-pass1',
      },
    });
    expect([response.json().code, response.headers['x-request-id']]).toEqual([1009117, 'trace-sign-in-1']);

    const mine = lines.filter((line) => line.reqId === 'trace-sign-in-1');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'sign-in refused', 'request completed']);
    expect(lines.filter((line) => line.reqId && line.reqId !== 'trace-sign-in-1')).toEqual([]);
    const refused = mine[1]!;
    expect(refused.level).toBe(30);
    expect(refused.signIn).toEqual({ method: 'password', via: 'account', identifier: 'Gr***r', outcome: 'failure' });
    const written = JSON.stringify(lines);
    expect(written).not.toContain('Wrong-pass1');
    expect(written).not.toContain(PASSWORD);
    expect(written.toLowerCase()).not.toContain(user.account);
  });

  it('logs a refused code sign-in and a throttled one alike, each under its own id', async () => {
    const user = await createUser(app);
    const tries = Array.from({ length: 8 }, (_, i) => `code-try-${i}`);
    for (const id of tries) {
      await app.inject({
        method: 'POST',
        url: contract.login.path,
        headers: { 'x-request-id': id },
        payload: { loginType: 'code', identifierType: 'phone', identifier: user.phone, code: '000000' },
      });
    }
    const outcomes = tries.map((id) => {
      const line = lines.find((l) => l.reqId === id && l.msg === 'sign-in refused');
      return (line?.signIn as { outcome: string; identifier: string } | undefined)?.outcome;
    });
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('failure'));
    expect(outcomes.at(-1)).toBe('throttled');
    expect(JSON.stringify(lines)).not.toContain(user.phone);
  });
});

describe(`request ids without a proxy (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("ignore a client's own X-Request-Id: only a trusted proxy names requests", async () => {
    const response = await t.app.inject({ url: contract.health.path, headers: { 'x-request-id': 'chosen-by-client' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
