import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { buildApp } from '../src/app.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runtimeConfig } from '../src/runtime.ts';
import { createUser } from './support/fixtures.ts';
import { call, latestCode, otherCode } from './support/http.ts';
import { type CaughtMail, startMailCatcher } from './support/mail-catcher.ts';
import { newPhone } from './support/registration-flow.ts';
import { ENGINE, type TestApp, createTestDatabase, startTestApp } from './support/test-app.ts';

describe(`verification codes (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const sendSms = (phone: string, scene: string, ip?: string) =>
    call(t.app, contract.sendSms, { body: { phone, scene }, ip });
  const check = (phone: string, code: string, scene: string) =>
    call(t.app, contract.checkPhoneCode, { body: { phone, code, scene } });

  it('signs in by phone code and by email code, each code once', async () => {
    const user = await createUser(t.app);
    expect((await sendSms(`+86${user.phone}`, 'login')).data).toEqual({ cooldownSeconds: 60 });
    const code = (await latestCode(t.app, user.phone!))!;
    expect(code).toMatch(/^\d{6}$/);
    const body = { loginType: 'code', identifierType: 'phone', identifier: user.phone, code };
    const signedIn = await call(t.app, contract.login, { body });
    expect(signedIn.code).toBe(0);
    expect((await call(t.app, contract.currentUser, { token: signedIn.data.token })).data.userId).toBe(user.id);
    expect((await call(t.app, contract.login, { body })).code).toBe(1009104);

    expect(
      (await call(t.app, contract.sendEmail, { body: { email: user.email!.toUpperCase(), scene: 'login' } })).code,
    ).toBe(0);
    const emailCode = (await latestCode(t.app, user.email!))!;
    const byEmail = await call(t.app, contract.login, {
      body: { loginType: 'code', identifierType: 'email', identifier: user.email, code: emailCode },
    });
    expect(byEmail.code).toBe(0);
  });

  it('writes the message in the language of the account', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    await sendSms(user.phone!, 'login');
    await t.app.messenger.idle();
    const reply = await call(t.app, contract.devOutbox, { query: { to: user.phone! } });
    expect(reply.data[0]!.text).toMatch(/^Your verification code is \d{6}\. It is valid for 5 minutes/);
  });

  it('answers a login or reset code to an unknown phone or email like any other, and sends nothing', async () => {
    for (const scene of ['login', 'reset']) {
      expect((await sendSms('13311112222', scene)).code).toBe(0);
      expect((await call(t.app, contract.sendEmail, { body: { email: 'ghost@example.com', scene } })).code).toBe(0);
      // the cooldown is per target whatever the scene, and counts for unknown targets too
      expect((await sendSms('13311112222', scene)).code).toBe(1009108);
      t.clock.advance(61_000);
    }
    expect(await latestCode(t.app, '13311112222')).toBeNull();
    expect(await latestCode(t.app, 'ghost@example.com')).toBeNull();
    // a registration code goes to anyone
    expect((await sendSms('13311113333', 'register')).code).toBe(0);
    expect(await latestCode(t.app, '13311113333')).not.toBeNull();
  });

  it('kills a code after five wrong tries: the sixth try fails even with the right code', async () => {
    const phone = '13322220001';
    await sendSms(phone, 'register');
    const code = (await latestCode(t.app, phone))!;
    for (let i = 0; i < 5; i++) expect((await check(phone, otherCode(code), 'register')).code).toBe(1008108);
    expect((await check(phone, code, 'register')).code).toBe(1008108);
  });

  it('accepts a code only for its scene and its exact target, and not after 5 minutes', async () => {
    const phone = '13322220002';
    await sendSms(phone, 'register');
    const code = (await latestCode(t.app, phone))!;
    expect((await check(phone, code, 'login')).code).toBe(1009104);
    expect((await check('13322220003', code, 'register')).code).toBe(1008108);
    const ticket = await check(phone, code, 'register');
    expect(ticket.code).toBe(0);
    expect(ticket.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(ticket.data.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    const late = '13322220004';
    await sendSms(late, 'bind');
    const lateCode = (await latestCode(t.app, late))!;
    t.clock.advance(5 * 60_000 + 1000);
    expect((await check(late, lateCode, 'bind')).code).toBe(1009104);
  });

  it('replaces the previous code with a new send', async () => {
    const phone = '13322220005';
    await sendSms(phone, 'certify');
    const first = (await latestCode(t.app, phone))!;
    t.clock.advance(61_000);
    await sendSms(phone, 'certify');
    const second = (await latestCode(t.app, phone))!;
    if (first !== second) expect((await check(phone, first, 'certify')).code).toBe(1009104);
    expect((await check(phone, second, 'certify')).code).toBe(0);
  });

  it('refuses a second send within 60 s with the remaining cooldown, then 5 per hour and 10 per day per target', async () => {
    const phone = '13322220006';
    expect((await sendSms(phone, 'register')).code).toBe(0);
    t.clock.advance(20_000);
    const early = await sendSms(phone, 'register');
    expect([early.status, early.code, early.data.cooldownSeconds, early.headers['retry-after']]).toEqual([
      429,
      1009108,
      40,
      '40',
    ]);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await sendSms(phone, 'register')).code, `send ${i + 2}`).toBe(0);
    }
    t.clock.advance(61_000);
    const hourly = await sendSms(phone, 'register');
    expect([hourly.status, hourly.code]).toEqual([429, 1009108]);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(60);
    t.clock.advance(3_600_000);
    for (let i = 0; i < 5; i++) {
      expect((await sendSms(phone, 'register')).code, `second hour ${i}`).toBe(0);
      t.clock.advance(61_000);
    }
    t.clock.advance(3_600_000);
    expect((await sendSms(phone, 'register')).code).toBe(1009108);
  });

  it('checks at most 5 of 20 concurrent wrong guesses', async () => {
    const phone = '13322220007';
    await sendSms(phone, 'register');
    const code = (await latestCode(t.app, phone))!;
    const replies = await Promise.all(Array.from({ length: 20 }, () => check(phone, otherCode(code), 'register')));
    expect(replies.every((r) => r.code === 1008108)).toBe(true);
    const row = await t.app.ctx.db
      .selectFrom('verification_codes')
      .select('wrong_tries')
      .where('target', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(5);
    expect((await check(phone, code, 'register')).code).toBe(1008108);
  });

  it('rejects malformed phones and emails with their codes', async () => {
    expect((await sendSms('12345', 'login')).code).toBe(1000400);
    expect((await sendSms('13322220008', 'holiday')).code).toBe(1000400);
    expect((await call(t.app, contract.sendEmail, { body: { email: 'not-an-email', scene: 'bind' } })).code).toBe(
      1009127,
    );
    expect((await call(t.app, contract.sendEmail, { body: { email: '', scene: 'bind' } })).code).toBe(1009128);
  });
});

describe('email codes over SMTP', () => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let received: CaughtMail[];

  beforeAll(async () => {
    mail = await startMailCatcher();
    received = mail.received;
    t = await startTestApp({
      PORTAL_DEV_OUTBOX: '0',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: 'Energy Portal <no-reply@portal.example.com>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('delivers the code by email, and that code signs in', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    expect((await call(t.app, contract.sendEmail, { body: { email: user.email, scene: 'login' } })).code).toBe(0);
    await t.app.messenger.idle();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe(user.email);
    expect(received[0]!.body).toContain('Subject: [Smart Energy Cloud Platform] Verification code');
    const code = received[0]!.body.match(/verification code is (\d{6})/)![1]!;
    const reply = await call(t.app, contract.login, {
      body: { loginType: 'code', identifierType: 'email', identifier: user.email, code },
    });
    expect(reply.code).toBe(0);
    expect((await call(t.app, contract.devOutbox, { query: { to: 'x' } })).code).toBe(1000404);
  });
});

describe(`codes to unverified phones (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('sends no sign-in or reset code to a phone its account has not verified, but does send the certify code', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    for (const scene of ['login', 'reset']) {
      expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene } })).code).toBe(0);
      expect(await latestCode(t.app, user.phone!)).toBeNull();
      t.clock.advance(61_000);
    }
    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'certify' } })).code).toBe(0);
    expect(await latestCode(t.app, user.phone!)).toMatch(/^\d{6}$/);
  });
});

describe(`the development outbox under npm start (${ENGINE})`, () => {
  it('holds the codes whatever DATABASE_URL names, outside production', async () => {
    const testDb = await createTestDatabase();
    try {
      await migrateToLatest(testDb.database);
      const databaseUrl = testDb.config.kind === 'sqlite' ? `sqlite:${testDb.config.file}` : testDb.config.url;
      // the configuration `npm start` builds, on a database other than the embedded default
      const config = runtimeConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
      expect(config.devOutbox).toBe(true);
      const app = await buildApp({ config, database: testDb.database, logger: false });
      try {
        const phone = newPhone();
        const sent = await call(app, contract.sendSms, { body: { phone, scene: 'register' } });
        expect(sent.code, sent.msg).toBe(0);
        const code = await latestCode(app, phone);
        expect(code).toMatch(/^\d{6}$/);
        const checked = await call(app, contract.checkPhoneCode, { body: { phone, code, scene: 'register' } });
        expect(checked.code, checked.msg).toBe(0);
      } finally {
        await app.close();
      }
      expect(runtimeConfig({ DATABASE_URL: databaseUrl, PORTAL_DEV_OUTBOX: '0' }).devOutbox).toBe(false);
      const production = {
        SMTP_URL: 'smtp://mail.example.com',
        MAIL_FROM: 'a@example.com',
        SMS_WEBHOOK_URL: 'https://sms.example.com',
        TOTP_SECRET_KEY: '5e0b8d27c4a91f63e8d05b7a2c49f1e06d3b8a75c2e49f10b6d8a3e71c5f2940',
        OIDC_KEYS_SECRET: 'c81f4a6e09d27b53f8e1a4c60b9d72e35a1f8c4e07b26d93e5a0c8f14b7d2e69',
        OUTBOX_SECRET: 'e3b7a91c4f06d258b1e7c3a09f5d4862a7c1e0b39d84f25a6c0e17b3d9a4f852',
        PUBLIC_URL: 'https://portal.example.com',
      };
      expect(runtimeConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'production', ...production }).devOutbox).toBe(false);
    } finally {
      await testDb.database.close();
      await testDb.drop();
    }
  });
});
