import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { SIGN_IN_IP_FAILURES } from '@portal/shared/constants';
import type { Db } from '../src/db/database.ts';
import { type TestDatabase, createTestDatabase } from '../test/support/test-app.ts';
import { expectCapped, freshPhone, insertAccount, tally } from './support/accounts.ts';
import { ClusterProcess } from './support/cluster-process.ts';
import { ServerProcess, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';
const NEW_PASSWORD = 'Fresh2027x';

/** The shared state of one installation: the same PostgreSQL database and the same Redis keys. */
const sharedRedis = () => ({
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
});

/**
 * Two server processes of one installation, as two machines behind a balancer run them: whatever one
 * of them accepted or refused, the other knows at once, with requests spread over both.
 */
describe('two server processes on one PostgreSQL database and one Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  /** Request i goes to one process or the other, in turn. */
  const either = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    const env = sharedRedis();
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await b?.stop('SIGKILL');
    await a?.close();
  });

  const login = (server: ServerProcess, identifier: string, password: string, from = newClientAddress()) =>
    server.call(contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier, password },
      from,
    });
  const current = (server: ServerProcess, token: string) =>
    server.call(contract.currentUser, { token, from: newClientAddress() });

  it('accepts a session made on one process on the other', async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const token = await signIn(a, person.account, PASSWORD);
    const reply = await current(b, token);
    expect(reply.json.code, reply.text).toBe(0);
    expect(reply.json.data.account).toBe(person.account);
  });

  it('refuses on the other process, at once, a session signed out on one', async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const token = await signIn(a, person.account, PASSWORD);
    expect((await current(b, token)).json.code).toBe(0);
    const out = await b.call(contract.logout, { token, from: newClientAddress() });
    expect(out.json.code, out.text).toBe(0);
    for (const server of [a, b]) expect((await current(server, token)).json.code).toBe(1000401);
  });

  it("ends the person's other sessions on both processes when the password changes on one", async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const mine = await signIn(a, person.account, PASSWORD);
    const other = await signIn(b, person.account, PASSWORD);
    const change = await b.call(contract.updatePassword, {
      token: mine,
      body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      from: newClientAddress(),
    });
    expect(change.json.code, change.text).toBe(0);
    for (const server of [a, b]) {
      expect((await current(server, other)).json.code).toBe(1000401);
      expect((await current(server, mine)).json.code).toBe(0);
    }
    expect((await login(a, person.account, PASSWORD)).json.code).toBe(1009117);
    expect((await login(b, person.account, NEW_PASSWORD)).json.code).toBe(0);
  });

  it('accepts one of 20 concurrent code sends to one phone spread over both processes', async () => {
    const phone = freshPhone();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        either(i).call(contract.sendSms, { body: { phone, scene: 'register' }, from: newClientAddress() }),
      ),
    );
    const counts = tally(replies.map((r) => r.json.code));
    console.log('[two processes] 20 concurrent sends, one phone:', counts);
    expect(counts).toEqual({ 0: 1, 1009108: 19 });
    // the accepting process delivers the one message; its development outbox holds it
    await expect.poll(async () => (await a.messageCount(phone)) + (await b.messageCount(phone))).toBe(1);
  });

  it('checks at most 5 of 30 concurrent wrong passwords to one account spread over both processes', async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(either(i), person.account, 'Wrong2026x')),
    );
    const counts = tally(replies.map((r) => r.json.code));
    console.log('[two processes] 30 concurrent wrong passwords, one account:', counts);
    expect(counts[1009117]).toBeGreaterThanOrEqual(1);
    expect(counts[1009117]).toBeLessThanOrEqual(5);
    expect(counts[1009117]! + counts[1000429]!).toBe(30);
    // the account waits on both, even for the right password
    for (const server of [a, b]) expect((await login(server, person.account, PASSWORD)).json.code).toBe(1000429);
  });

  it(`checks exactly ${SIGN_IN_IP_FAILURES} of ${SIGN_IN_IP_FAILURES + 10} concurrent wrong passwords from one address spread over both processes`, async () => {
    const from = newClientAddress();
    const replies = await Promise.all(
      Array.from({ length: SIGN_IN_IP_FAILURES + 10 }, (_, i) =>
        login(either(i), `nobody${freshPhone()}`, 'Wrong2026x', from),
      ),
    );
    expectCapped(tally(replies.map((r) => r.json.code)), SIGN_IN_IP_FAILURES, SIGN_IN_IP_FAILURES + 10);
  });

  it('serves from the other process the branding saved on one', async () => {
    const person = await insertAccount(db, { password: PASSWORD });
    const company = await createCompany(fixtureContext(a, db), {
      products: ['settcntr'],
      people: [{ userId: person.id, role: 'admin' }],
    });
    const token = await signIn(a, person.account, PASSWORD);
    const entered = await a.call(contract.enterEnterprise, {
      query: { enterpriseId: company.enterpriseId },

      token,
      from: newClientAddress(),
    });
    expect(entered.json.code, entered.text).toBe(0);
    const branding = (server: ServerProcess) =>
      server.call(contract.personalization, { query: { domain: company.domain }, from: newClientAddress() });

    for (const [writer, reader, name] of [
      [a, b, 'Written on A'],
      [b, a, 'Written on B'],
    ] as const) {
      const saved = await writer.call(contract.savePersonalization, {
        token,
        body: { platformName: name, platformNameCn: name, platformNameEn: name, languageType: 'en-US' },
        from: newClientAddress(),
      });
      expect(saved.json.code, saved.text).toBe(0);
      expect((await branding(reader)).json.data.platformName).toBe(name);
    }
  });
});

/** `WEB_CONCURRENCY=2`: one primary and two workers on one port, as `npm start` runs them. */
describe('the cluster primary with WEB_CONCURRENCY=2', () => {
  let testDb: TestDatabase;
  let cluster: ClusterProcess;
  let first: number[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.close();
    const config = testDb.config;
    if (config.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL run of the suite');
    cluster = await ClusterProcess.start(config.url, { WEB_CONCURRENCY: '2', ...sharedRedis() });
    await cluster.waitForRecord(() => cluster.startedWorkers.length === 2);
    first = cluster.startedWorkers;
    for (const pid of first) await cluster.waitForWorkerReady(pid);
  });
  afterAll(async () => {
    await cluster?.stop('SIGKILL');
    await testDb?.drop();
  });

  /** Waits for the primary to have seen the worker end, so that it no longer hands it connections. */
  const ended = (pid: number) =>
    cluster.waitForRecord((r) => r.pid === cluster.pid && r.worker === pid && r.msg.startsWith('worker ended'));

  it('starts another worker when one is killed, and the port answers meanwhile', async () => {
    const [victim, survivor] = first as [number, number];
    process.kill(victim, 'SIGKILL');
    const record = await ended(victim);
    expect(record).toMatchObject({ signal: 'SIGKILL', restartInMs: 1_000 });
    // only the survivor is left to answer
    for (let i = 0; i < 4; i++) expect(await cluster.health()).toBe(200);
    await cluster.waitForRecord(() => cluster.startedWorkers.length === 3);
    const replacement = cluster.startedWorkers[2]!;
    expect([victim, survivor]).not.toContain(replacement);
  });

  it('answers through the new worker alone once the other is killed too', async () => {
    const survivor = first[1]!;
    const replacement = cluster.startedWorkers[2]!;
    await cluster.waitForWorkerReady(replacement);
    process.kill(survivor, 'SIGKILL');
    await ended(survivor);
    for (let i = 0; i < 4; i++) expect(await cluster.health()).toBe(200);
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    await cluster.waitForRecord(() => cluster.startedWorkers.length === 4);
    const running = cluster.startedWorkers.slice(-2);
    for (const pid of running) await cluster.waitForWorkerReady(pid);
    await cluster.stop('SIGTERM');
    expect(cluster.exitCode, cluster.output).toBe(0);
    for (const pid of running) expect(cluster.records.some((r) => r.pid === pid && r.msg === 'closed')).toBe(true);
    await expect(cluster.health()).rejects.toThrow();
  });
});

describe('WEB_CONCURRENCY above 1 without PostgreSQL and Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused at start with a message naming it', async () => {
    const refused = await ClusterProcess.start(`sqlite:${join(dir, 'portal.db')}`, { WEB_CONCURRENCY: '2' });
    await refused.waitForExit();
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toMatch(/WEB_CONCURRENCY=2 .*requires DATABASE_URL=postgres:\/\/\.\.\. and REDIS_URL/);
    expect(refused.startedWorkers).toEqual([]);
  });
});
