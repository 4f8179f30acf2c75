import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { AnswerOf } from '@portal/shared/api/contract/define';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { accountFields, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, restartApp, startTestApp } from './support/test-app.ts';

type Session = AnswerOf<typeof contract.mySessions>['items'][number];

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe(`my sessions (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** Signs in by account from a client of its own: a `User-Agent` and an address. */
  async function signInFrom(account: string, userAgent: string | null, ip?: string): Promise<string> {
    const reply = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: account, password: PASSWORD },
      headers: userAgent === null ? {} : { 'user-agent': userAgent },
      ...(ip ? { ip } : {}),
    });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.token as string;
  }
  const list = (token: string) => call(t.app, contract.mySessions, { token });
  const revoke = (token: string, id: unknown) => call(t.app, contract.revokeMySession, { token, body: { id } });
  const revokeOthers = (token: string) => call(t.app, contract.revokeMyOtherSessions, { token });
  const whoAmI = (token: string, app: FastifyInstance = t.app) => call(app, contract.currentUser, { token });
  const auditRows = (userId: number, action: string) =>
    t.app.ctx.db
      .selectFrom('audit_events')
      .select('detail')
      .where('user_id', '=', userId)
      .where('action', '=', action)
      .execute();

  it('lists the live sessions with device, network and times, the current one marked, newest sign-in first', async () => {
    const user = await createUser(t.app);
    const phone = await signInFrom(user.account, SAFARI_IPHONE, '203.0.113.45');
    t.clock.advance(120_000);
    const v6 = await signInFrom(user.account, FIREFOX_LINUX, '2001:db8:1:2::5');
    t.clock.advance(120_000);
    const desk = await signInFrom(user.account, CHROME_WINDOWS, '127.0.0.1');
    t.clock.advance(120_000);

    const reply = await list(desk);
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ total: 3, nextCursor: null });
    expect(reply.data.items).toHaveLength(3);
    const [first, second, third] = reply.data.items as [Session, Session, Session];
    expect(first).toMatchObject({
      device: { browser: 'Chrome 126', os: 'Windows 10', type: 'desktop' },
      ip: '127.0.0.*',
      place: 'local',
      current: true,
    });
    expect(second).toMatchObject({
      device: { browser: 'Firefox 128', os: 'Linux', type: 'desktop' },
      ip: '2001:db8:1::/48',
      current: false,
    });
    expect(second).not.toHaveProperty('place');
    expect(third).toMatchObject({
      device: { browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' },
      ip: '203.0.113.*',
      current: false,
    });
    // never the address itself
    expect(JSON.stringify(reply.data)).not.toContain('203.0.113.45');
    expect(Date.parse(third.createdAt)).toBeLessThan(Date.parse(first.createdAt));

    // a request of the oldest session (more than a minute later) moves its last activity, not its place
    t.clock.advance(120_000);
    expect((await whoAmI(phone)).code).toBe(0);
    const after = (await list(phone)).data.items;
    expect(after.map((s) => [s.device.os, s.current])).toEqual([
      ['Windows 10', false],
      ['Linux', false],
      ['iOS 17.5', true],
    ]);
    expect((await whoAmI(v6)).code).toBe(0);
    expect(Date.parse(after[2]!.lastSeenAt)).toBeGreaterThan(Date.parse(after[2]!.createdAt));
  });

  it('leaves out ended, expired and idle sessions, and the sessions of other people', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await signInFrom(other.account, CHROME_WINDOWS);
    const ended = await signInFrom(user.account, CHROME_WINDOWS);
    expect((await call(t.app, contract.logout, { token: ended })).code).toBe(0);
    await signInFrom(user.account, SAFARI_IPHONE);
    // idle for longer than the idle limit: still unrevoked in the table, but no longer live
    t.clock.advance(t.app.ctx.config.sessionIdleMs + 60_000);
    const token = await signInFrom(user.account, FIREFOX_LINUX);
    const sessions = (await list(token)).data.items;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, device: { os: 'Linux' } });
  });

  it('describes a session without a User-Agent as an unnamed device', async () => {
    const user = await createUser(t.app);
    const token = await signInFrom(user.account, null);
    expect((await list(token)).data.items[0]!.device).toEqual({ browser: null, os: null, type: 'other' });
  });

  it('keeps at most 512 characters of a User-Agent, and the address, on every session it opens', async () => {
    const user = await createUser(t.app);
    const long = `${CHROME_WINDOWS} ${'x'.repeat(900)}`;
    const token = await signInFrom(user.account, long, '198.51.100.7');
    const [row] = await t.app.ctx.db
      .selectFrom('sessions')
      .select(['user_agent', 'ip'])
      .where('user_id', '=', user.id)
      .execute();
    expect(row!.user_agent).toBe(long.slice(0, 512));
    expect(row!.ip).toBe('198.51.100.7');
    expect((await list(token)).data.items[0]!.device.browser).toBe('Chrome 126');
  });

  it('records the device of a session opened by registration', async () => {
    const phone = newPhone();
    const ticket = await ticketFor(t.app, phone);
    const reply = await call(t.app, contract.personalSignUp, {
      body: { ticket, ...accountFields() },
      headers: { 'user-agent': SAFARI_IPHONE },
      ip: '192.0.2.10',
    });
    expect(reply.code, reply.msg).toBe(0);
    const sessions = (await list(reply.data.token)).data.items;
    expect(sessions).toEqual([
      expect.objectContaining({ device: { browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' } }),
    ]);
    expect(sessions[0]!.ip).toBe('192.0.2.*');
  });

  it('ends another session of the person: its very next request answers 1000401, on every server process', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user.account, CHROME_WINDOWS);
    const theirs = await signInFrom(user.account, SAFARI_IPHONE);
    // a second server process on the same database, as behind a load balancer
    const second = await restartApp(t);
    try {
      expect((await whoAmI(theirs, second)).code).toBe(0);
      const target = (await list(mine)).data.items.find((s) => !s.current)!;
      expect(await revoke(mine, target.id)).toMatchObject({ code: 0, data: { current: false } });
      expect(await whoAmI(theirs)).toMatchObject({ status: 401, code: 1000401 });
      expect(await whoAmI(theirs, second)).toMatchObject({ status: 401, code: 1000401 });
      expect((await whoAmI(mine, second)).code).toBe(0);
    } finally {
      await second.close();
    }
    expect((await list(mine)).data.items).toHaveLength(1);
    expect((await auditRows(user.id, 'session.revoke')).map((r) => JSON.parse(r.detail!))).toEqual([
      { sessionId: expect.any(Number) },
    ]);
  });

  it("answers 1009150 for another person's session, an ended one or an unknown id; a malformed id is 1000400", async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const mine = await signInFrom(user.account, CHROME_WINDOWS);
    const theirs = await signInFrom(stranger.account, CHROME_WINDOWS);
    const theirId = (await list(theirs)).data.items[0]!.id;

    expect(await revoke(mine, theirId)).toMatchObject({ status: 200, code: 1009150 });
    expect((await whoAmI(theirs)).code).toBe(0);
    expect((await revoke(mine, 2_000_000_000)).code).toBe(1009150);

    const old = await signInFrom(user.account, CHROME_WINDOWS);
    const oldId = (await list(old)).data.items.find((s) => s.current)!.id;
    expect((await call(t.app, contract.logout, { token: old })).code).toBe(0);
    expect((await revoke(mine, oldId)).code).toBe(1009150);

    for (const id of ['1', 0, -3, 1.5, null]) expect((await revoke(mine, id)).code).toBe(1000400);
    expect((await call(t.app, contract.revokeMySession, { token: mine, body: { id: theirId, x: 1 } })).code).toBe(
      1000400,
    );
    expect(await call(t.app, contract.mySessions)).toMatchObject({ status: 401, code: 1000401 });
    expect(await call(t.app, contract.revokeMySession, { body: { id: theirId } })).toMatchObject({
      status: 401,
      code: 1000401,
    });
    expect((await call(t.app, contract.revokeMyOtherSessions)).code).toBe(1000401);
  });

  it('ending the current session is signing out', async () => {
    const user = await createUser(t.app);
    const token = await signInFrom(user.account, CHROME_WINDOWS);
    const id = (await list(token)).data.items[0]!.id;
    expect(await revoke(token, id)).toMatchObject({ code: 0, data: { current: true } });
    expect((await whoAmI(token)).code).toBe(1000401);
    expect(await auditRows(user.id, 'logout')).toEqual([{ detail: JSON.stringify({ sessionId: id }) }]);
  });

  it('ends every other session at once and keeps this one', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user.account, CHROME_WINDOWS);
    const others = [await signInFrom(user.account, SAFARI_IPHONE), await signInFrom(user.account, FIREFOX_LINUX)];
    const stranger = await createUser(t.app);
    const strangers = await signInFrom(stranger.account, SAFARI_IPHONE);

    expect(await revokeOthers(mine)).toMatchObject({ code: 0, data: { revoked: 2 } });
    for (const token of others) expect((await whoAmI(token)).code).toBe(1000401);
    expect((await whoAmI(mine)).code).toBe(0);
    expect((await whoAmI(strangers)).code).toBe(0);
    expect((await list(mine)).data.items).toEqual([expect.objectContaining({ current: true })]);
    expect(await revokeOthers(mine)).toMatchObject({ code: 0, data: { revoked: 0 } });
    expect((await auditRows(user.id, 'session.revoke')).map((r) => JSON.parse(r.detail!))).toEqual([{ others: 2 }]);
  });
});
