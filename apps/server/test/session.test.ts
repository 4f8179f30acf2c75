import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, signInWithPassword, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, restartApp, startTestApp } from './support/test-app.ts';

describe(`sign-in and sessions (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in by password with an account, a phone (with or without +86) and an email, in any letter case', async () => {
    const user = await createUser(t.app, { account: 'grid.operator', email: 'ops@example.com' });
    for (const [type, identifier] of [
      ['account', 'GRID.operator'],
      ['phone', user.phone!],
      ['phone', `+86${user.phone}`],
      ['email', 'OPS@example.COM'],
    ] as const) {
      const reply = await signInWithPassword(t.app, type, identifier, PASSWORD);
      expect(reply.code, `${type} ${identifier}`).toBe(0);
      expect(reply.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(reply.data.expiresAt)).toBeGreaterThan(Date.now());
    }
  });

  it('answers 1009117 alike for a wrong password, an unknown account and a malformed identifier', async () => {
    const user = await createUser(t.app);
    const replies = [
      await signInWithPassword(t.app, 'account', user.account, 'Wrong-pass1'),
      await signInWithPassword(t.app, 'account', 'nobody-here', PASSWORD),
      await signInWithPassword(t.app, 'phone', '12345', PASSWORD),
      await signInWithPassword(t.app, 'email', 'no-at-sign', PASSWORD),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.code).toBe(1009117);
      expect(reply.data).toBeNull();
    }
    expect(replies[0]!.msg).toBe(replies[1]!.msg);
  });

  it('reports a disabled account only after the right password', async () => {
    const user = await createUser(t.app, { disabled: true });
    expect((await signInWithPassword(t.app, 'account', user.account, 'Wrong-pass1')).code).toBe(1009117);
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1008117);
  });

  it('rejects bad requests with 1000400 before any work: missing fields, unknown fields, wrong types, non-JSON, oversize', async () => {
    const missing = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: 'x' },
    });
    expect([missing.status, missing.code, missing.data.fields.password]).toEqual([
      400,
      1000400,
      'validation.passwordRequired',
    ]);

    const extra = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: 'x', password: 'y', role: 'admin' },
    });
    expect([extra.status, extra.code, extra.data.fields.role]).toEqual([400, 1000400, 'validation.unknownField']);

    const wrongType = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: 7, password: 'y' },
    });
    expect(wrongType.code).toBe(1000400);

    const codeWithAccount = await call(t.app, contract.login, {
      body: { loginType: 'code', identifierType: 'account', identifier: 'x', code: '123456' },
    });
    expect(codeWithAccount.data.fields.identifierType).toBe('validation.codeNeedsPhoneOrEmail');

    const notJson = await t.app.inject({
      method: 'POST',
      url: contract.login.path,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().code).toBe(1000400);

    const malformed = await t.app.inject({
      method: 'POST',
      url: contract.login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"loginType":',
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 1000400]);

    const big = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: 'x', password: 'y'.repeat(17 * 1024) },
    });
    expect(big.code).toBe(1000400);
  });

  it('answers 1000401 (HTTP 401) without a token, with a bad token and after logout; accepts a bare token', async () => {
    const user = await createUser(t.app);
    expect(await call(t.app, contract.currentUser)).toMatchObject({ status: 401, code: 1000401 });
    expect(
      await call(t.app, contract.currentUser, {
        headers: { authorization: 'Bearer not-a-real-token-000000000000' },
      }),
    ).toMatchObject({ code: 1000401 });

    const token = await tokenFor(t.app, user.account, PASSWORD);
    const bare = await call(t.app, contract.currentUser, { headers: { authorization: token } });
    expect(bare.code).toBe(0);
    expect(bare.data).toMatchObject({
      userId: user.id,
      account: user.account,
      phone: user.phone,
      email: user.email,
      langCode: 'zh-CN',
      local: 'zh_CN',
      userType: 'investors',
      phoneCertified: true,
      hasPassword: true,
    });

    expect((await call(t.app, contract.logout, { token })).code).toBe(0);
    expect(await call(t.app, contract.currentUser, { token })).toMatchObject({ status: 401, code: 1000401 });
  });

  it('keeps a revoked token revoked after a restart, and a live one live', async () => {
    const user = await createUser(t.app);
    const revoked = await tokenFor(t.app, user.account, PASSWORD);
    const live = await tokenFor(t.app, user.account, PASSWORD);
    await call(t.app, contract.logout, { token: revoked });
    const restarted = await restartApp(t);
    try {
      expect((await call(restarted, contract.currentUser, { token: revoked })).code).toBe(1000401);
      expect((await call(restarted, contract.currentUser, { token: live })).code).toBe(0);
    } finally {
      await restarted.close();
      await restarted.ctx.db.destroy();
    }
  });

  it('ends a session after 12 idle hours and 7 days after sign-in', async () => {
    const user = await createUser(t.app);
    const idle = await tokenFor(t.app, user.account, PASSWORD);
    t.clock.advance(11 * 3_600_000);
    expect((await call(t.app, contract.currentUser, { token: idle })).code).toBe(0);
    t.clock.advance(11 * 3_600_000);
    expect((await call(t.app, contract.currentUser, { token: idle })).code).toBe(0);
    t.clock.advance(12 * 3_600_000 + 1000);
    expect((await call(t.app, contract.currentUser, { token: idle })).code).toBe(1000401);

    const busy = await tokenFor(t.app, user.account, PASSWORD);
    // used every 11 hours: never idle, alive at 165 h, gone past 168 h (7 days)
    for (let step = 1; step <= 15; step++) {
      t.clock.advance(11 * 3_600_000);
      expect((await call(t.app, contract.currentUser, { token: busy })).code, `after ${step * 11} h`).toBe(0);
    }
    t.clock.advance(11 * 3_600_000);
    expect((await call(t.app, contract.currentUser, { token: busy })).code).toBe(1000401);
  });

  it('makes an account wait from the 5th consecutive failure, across its phone, email and account, and a success resets it', async () => {
    const user = await createUser(t.app);
    const identifiers = [
      ['account', user.account.toUpperCase()],
      ['phone', user.phone!],
      ['email', user.email!],
      ['phone', `+86${user.phone}`],
    ] as const;
    for (const [type, identifier] of identifiers) {
      expect((await signInWithPassword(t.app, type, identifier, 'Wrong-pass1')).code).toBe(1009117);
    }
    // the 5th failure starts a wait of 2^0 = 1 s
    expect((await signInWithPassword(t.app, 'email', user.email!, 'Wrong-pass1')).code).toBe(1009117);
    const waiting = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    expect([waiting.status, waiting.code, waiting.headers['retry-after']]).toEqual([429, 1000429, '1']);

    t.clock.advance(1_100);
    expect((await signInWithPassword(t.app, 'phone', user.phone!, 'Wrong-pass1')).code).toBe(1009117);
    // the 6th failure: 2^1 = 2 s; tries while waiting do not count
    const second = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    expect([second.code, second.headers['retry-after']]).toEqual([1000429, '2']);
    t.clock.advance(2_100);
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(0);
    // reset: four more failures do not make it wait
    for (let i = 0; i < 4; i++) await signInWithPassword(t.app, 'account', user.account, 'Wrong-pass1');
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(0);
  });

  it('serves a sign-in over real HTTP', async () => {
    const user = await createUser(t.app);
    await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}${contract.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginType: 'password',
        identifierType: 'email',
        identifier: user.email,
        password: PASSWORD,
      }),
    });
    const body = (await response.json()) as any;
    expect(body.code).toBe(0);
    const info = await fetch(`${address}${contract.portalInfo.path}`, {
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(((await info.json()) as any).data.enterpriseProduct[0].productList[0].productCode).toBe('esguard');
  });
});
