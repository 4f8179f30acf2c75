import { once } from 'node:events';
import { type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { translate } from '@portal/shared/locales/catalog';
import { formatNoticeTime, notifySecurityEvent } from '../src/libraries/account-security/security-notices.ts';
import { answeredWorkDone } from '../src/libraries/platform/after-answer.ts';
import { findUserById } from '../src/queries/users.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, latestCode } from './support/http.ts';
import { type CaughtMail, startMailCatcher } from './support/mail-catcher.ts';
import { accountFields, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEXT = CHROME_WINDOWS.replace('Chrome/126.0.0.0', 'Chrome/127.0.6533.72');
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface Notice {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
}

describe(`security notifications (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** What the development outbox received for an address, newest first, once the queue is done. */
  async function outbox(to: string): Promise<Notice[]> {
    // a new device is found out after the answer
    await answeredWorkDone(t.app.ctx);
    await t.app.messenger.idle();
    return (await call(t.app, contract.devOutbox, { query: { to } })).data;
  }
  const notices = async (to: string, lang: Parameters<typeof translate>[0] = 'zh-CN') =>
    (await outbox(to)).filter((m) => m.subject === translate(lang, 'notices.subject'));

  async function signInFrom(account: string, userAgent: string, ip = '203.0.113.45'): Promise<string> {
    const reply = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: account, password: PASSWORD },
      headers: { 'user-agent': userAgent },
      ip,
    });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.token as string;
  }

  it('tells of a sign-in from a new device by email, in the person’s language, with time, device and network', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const first = await signInFrom(user.account, CHROME_WINDOWS);
    // the first sign-in of an account is no news, nor a browser update on the same system
    await signInFrom(user.account, CHROME_WINDOWS_NEXT);
    expect(await notices(user.email!, 'en-US')).toEqual([]);

    await signInFrom(user.account, SAFARI_IPHONE, '198.51.100.23');
    const [notice, ...more] = await notices(user.email!, 'en-US');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', subject: '[Smart Energy Cloud Platform] Security alert' });
    expect(notice!.text).toMatch(/^Your account was signed in from a new device on /);
    expect(notice!.text).toContain('(Mobile Safari 17, iOS 17.5, network 198.51.100.*)');
    expect(notice!.text).toMatch(/ on [A-Z][a-z]{2} \d+, 20\d\d, \d+:\d\d [AP]M \(China Standard Time\) \(/);
    expect(notice!.text).not.toContain('GMT');
    expect(notice!.text).not.toContain('198.51.100.23');
    expect(notice!.text).not.toContain(first);
    // nothing by SMS when there is a verified email
    expect(await notices(user.phone!)).toEqual([]);

    // the same device again, and a device seen before, are no news
    await signInFrom(user.account, SAFARI_IPHONE);
    await signInFrom(user.account, CHROME_WINDOWS);
    expect(await notices(user.email!, 'en-US')).toHaveLength(1);
  });

  it('names the network once, in every language, a loopback address as the local network', async () => {
    const expected = {
      'zh-CN': '（Firefox 128, Linux，本地网络）',
      'en-US': '(Firefox 128, Linux, local network)',
      'de-DE': '(Firefox 128, Linux, lokales Netzwerk)',
      'es-ES': '(Firefox 128, Linux, red local)',
      'it-IT': '(Firefox 128, Linux, rete locale)',
      'ja-JP': '（Firefox 128, Linux、ローカルネットワーク）',
    } as const;
    for (const [lang, place] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const user = await createUser(t.app, { langCode: lang });
      await signInFrom(user.account, CHROME_WINDOWS);
      await signInFrom(user.account, FIREFOX_LINUX, '127.0.0.1');
      const [notice] = await notices(user.email!, lang);
      expect(notice?.text, lang).toContain(place);
    }
    // an address with a network of its own keeps the word before it
    const english = await createUser(t.app, { langCode: 'en-US' });
    await signInFrom(english.account, CHROME_WINDOWS);
    await signInFrom(english.account, FIREFOX_LINUX, '198.51.100.23');
    expect((await notices(english.email!, 'en-US'))[0]?.text).toContain('(Firefox 128, Linux, network 198.51.100.*)');
  });

  it('tells by SMS an account without a verified email; a brand-new account is not told of its first session', async () => {
    const phone = newPhone();
    const ticket = await ticketFor(t.app, phone);
    const registered = await call(t.app, contract.personalSignUp, {
      body: { ticket, ...accountFields() },
      headers: { 'user-agent': CHROME_WINDOWS, 'accept-language': 'ja-JP' },
    });
    expect(registered.code, registered.msg).toBe(0);
    expect(await notices(phone, 'ja-JP')).toEqual([]);
    expect(await notices(phone)).toEqual([]);

    const reply = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'phone', identifier: phone, password: accountFields().password },
      headers: { 'user-agent': FIREFOX_LINUX },
      ip: '127.0.0.1',
    });
    expect(reply.code, reply.msg).toBe(0);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select('lang_code')
      .where('phone', '=', phone)
      .executeTakeFirst();
    const lang = user!.lang_code;
    const [notice] = await notices(phone, lang);
    expect(notice!.channel).toBe('sms');
    expect(notice!.text).toContain('Firefox 128');
    expect(notice!.text).toContain(translate(lang, 'notices.localNetwork'));
  });

  it('does not tell of sessions of accounts whose earlier sessions predate the record of devices', async () => {
    const user = await createUser(t.app);
    // a session as migration 0006 found it: neither User-Agent nor address
    const now = t.app.ctx.now();
    await t.app.ctx.db
      .insertInto('sessions')
      .values({
        token_hash: `legacy-${user.id}`,
        user_id: user.id,
        enterprise_id: null,
        created_at: now,
        last_seen_at: now,
        expires_at: now + 60_000,
        revoked_at: null,
      })
      .execute();
    await signInFrom(user.account, SAFARI_IPHONE);
    await signInFrom(user.account, FIREFOX_LINUX);
    expect(await notices(user.email!)).toEqual([]);
  });

  it('tells of a password change and of a password reset, never with the password', async () => {
    const user = await createUser(t.app, { langCode: 'de-DE' });
    const token = await signInFrom(user.account, CHROME_WINDOWS);
    const changed = await call(t.app, contract.updatePassword, {
      token,
      body: { oldPassword: PASSWORD, password: 'Changed2026', confirmPassword: 'Changed2026' },
      headers: { 'user-agent': CHROME_WINDOWS },
      ip: '192.168.1.20',
    });
    expect(changed.code, changed.msg).toBe(0);
    const [afterChange] = await notices(user.email!, 'de-DE');
    expect(afterChange!.text).toMatch(
      /^Ihr Passwort wurde am .* geändert \(Chrome 126, Windows 10, lokales Netzwerk\)/,
    );
    expect(afterChange!.text).not.toContain('Changed2026');

    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'reset' } })).code).toBe(0);
    const code = (await latestCode(t.app, user.phone!))!;
    const reset = await call(t.app, contract.forgetPassword, {
      body: {
        identifierType: 'phone',
        identifier: user.phone,
        code,
        password: 'Again2026x',
        confirmPassword: 'Again2026x',
      },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(reset.code, reset.msg).toBe(0);
    const [afterReset] = await notices(user.email!, 'de-DE');
    expect(afterReset!.text).toContain('mit einem Bestätigungscode zurückgesetzt (Mobile Safari 17, iOS 17.5');
    expect(afterReset!.text).not.toContain(code);
    expect(afterReset!.text).not.toContain('Again2026x');
    expect(await notices(user.email!, 'de-DE')).toHaveLength(2);
  });

  it('tells of a new phone by SMS to the phone it replaced too, and of a new email to the old email too', async () => {
    const user = await createUser(t.app, { langCode: 'es-ES' });
    const token = await signInFrom(user.account, CHROME_WINDOWS);
    const bindCode = async (target: string) => {
      const send = target.includes('@') ? contract.sendEmail : contract.sendSms;
      const body = target.includes('@') ? { email: target, scene: 'bind' } : { phone: target, scene: 'bind' };
      expect((await call(t.app, send, { body })).code).toBe(0);
      return (await latestCode(t.app, target))!;
    };

    const phone = newPhone();
    const phoneChanged = await call(t.app, contract.updatePhone, {
      token,
      body: { phone, code: await bindCode(phone) },
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    expect(phoneChanged.code, phoneChanged.msg).toBe(0);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const [toOldPhone] = await notices(user.phone!, 'es-ES');
    expect(toOldPhone).toMatchObject({ channel: 'sms' });
    expect(toOldPhone!.text).toContain(`se cambió a ${masked} el `);
    const [toEmail] = await notices(user.email!, 'es-ES');
    expect(toEmail!.text).toBe(toOldPhone!.text);
    // the new phone is not told: the email is where this account's notifications go
    expect(await notices(phone, 'es-ES')).toEqual([]);

    const email = `moved-${user.id}@example.net`;
    const emailChanged = await call(t.app, contract.updateEmail, {
      token,
      body: { email, code: await bindCode(email) },
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    expect(emailChanged.code, emailChanged.msg).toBe(0);
    const [toOldEmail] = (await notices(user.email!, 'es-ES')).filter((n) => n.text.includes('correo electrónico'));
    expect(toOldEmail!.text).toContain(`se cambió a m***@example.net el `);
    const [toNewEmail] = await notices(email, 'es-ES');
    expect(toNewEmail!.text).toBe(toOldEmail!.text);
  });

  it('tells of a first verified phone as verified, not as changed', async () => {
    const user = await createUser(t.app, { phone: null, langCode: 'en-US' });
    const token = await signInFrom(user.account, CHROME_WINDOWS);
    const phone = newPhone();
    expect((await call(t.app, contract.sendSms, { token, body: { phone, scene: 'certify' } })).code).toBe(0);
    const verified = await call(t.app, contract.phoneAuth, {
      token,
      body: { phone, code: await latestCode(t.app, phone) },
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    expect(verified.code, verified.msg).toBe(0);
    const [notice, ...more] = await notices(user.email!, 'en-US');
    expect(more).toEqual([]);
    expect(notice!.text).toMatch(
      new RegExp(
        `^The phone number ${phone.slice(0, 3)}\\*{4}${phone.slice(-4)} was verified and bound to your account on `,
      ),
    );
    expect(notice!.text).not.toContain('changed');
  });

  it('tells of the phone an administrator typed in as verified once its owner proves it', async () => {
    // an administrator typed the phone in: on the account, not proven
    const user = await createUser(t.app, { phone: newPhone(), phoneCertified: false, langCode: 'en-US' });
    const token = await signInFrom(user.account, CHROME_WINDOWS);
    const phone = user.phone!;
    expect((await call(t.app, contract.sendSms, { token, body: { phone, scene: 'certify' } })).code).toBe(0);
    const verified = await call(t.app, contract.phoneAuth, {
      token,
      body: { phone, code: await latestCode(t.app, phone) },
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    expect(verified.code, verified.msg).toBe(0);
    const [notice, ...more] = await notices(user.email!, 'en-US');
    expect(more).toEqual([]);
    expect(notice?.text).toMatch(
      new RegExp(
        `^The phone number ${phone.slice(0, 3)}\\*{4}${phone.slice(-4)} was verified and bound to your account on `,
      ),
    );
  });

  it('gives the time in China time, naming the zone once to a reader outside Chinese', () => {
    const at = Date.UTC(2026, 10, 24, 16, 1);
    expect(formatNoticeTime('zh-CN', at)).toBe('2026年11月25日 00:01');
    expect(formatNoticeTime('ja-JP', at)).toBe('2026/11/25 0:01（中国標準時）');
    expect(formatNoticeTime('de-DE', at)).toBe('25.11.2026, 00:01 (Chinesische Normalzeit)');
    for (const lang of ['zh-CN', 'en-US', 'de-DE', 'es-ES', 'it-IT', 'ja-JP'] as const) {
      expect(formatNoticeTime(lang, at)).not.toMatch(/GMT|UTC/);
    }
  });

  it('offers two-step sign-in the notification of it being turned off', async () => {
    const created = await createUser(t.app, { email: null, langCode: 'it-IT' });
    const user = (await findUserById(t.app.ctx.db, created.id))!;
    notifySecurityEvent(t.app.ctx, user, 'two-step-off', { ip: '2001:db8:abcd:12::1', userAgent: FIREFOX_LINUX });
    const [notice] = await notices(created.phone!, 'it-IT');
    expect(notice!.text).toMatch(/^L'accesso in due passaggi del tuo account è stato disattivato il /);
    expect(notice!.text).toContain('(Firefox 128, Linux, rete 2001:db8:abcd::/48)');
    // nobody to tell: no verified phone, no verified email
    const unreachable = await createUser(t.app, { email: null, phoneCertified: false });
    notifySecurityEvent(t.app.ctx, (await findUserById(t.app.ctx.db, unreachable.id))!, 'two-step-off');
    expect(await outbox(unreachable.phone!)).toEqual([]);
  });
});

describe(`security notifications over SMTP (${ENGINE})`, () => {
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

  it('mails the notification of a new device through the SMTP server', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const signIn = (userAgent: string) =>
      call(t.app, contract.login, {
        body: { loginType: 'password', identifierType: 'account', identifier: user.account, password: PASSWORD },
        headers: { 'user-agent': userAgent },
      });
    expect((await signIn(CHROME_WINDOWS)).code).toBe(0);
    expect((await signIn(SAFARI_IPHONE)).code).toBe(0);
    // a new device is found out after the answer
    await answeredWorkDone(t.app.ctx);
    await t.app.messenger.idle();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe(user.email);
    expect(received[0]!.body).toContain('Subject: [Smart Energy Cloud Platform] Security alert');
    expect(received[0]!.body).toContain('Mobile Safari 17, iOS 17.5');
  });
});

describe(`security notifications with the mail server stalled (${ENGINE})`, () => {
  let t: TestApp;
  let stalled: ReturnType<typeof createServer>;
  const held: Socket[] = [];
  beforeAll(async () => {
    // a mail and SMS server that accepts the connection and never says a word: a delivery that the
    // change waited for would never finish, so the change's answer shows it did not wait
    stalled = createServer((socket) => held.push(socket));
    stalled.listen(0, '127.0.0.1');
    await once(stalled, 'listening');
    const { port } = stalled.address() as AddressInfo;
    t = await startTestApp({
      PORTAL_DEV_OUTBOX: '0',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Energy Portal <no-reply@portal.example.com>',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`,
    });
  });
  afterAll(async () => {
    // the notice's try fails when its connection drops, and the app closes without waiting
    for (const socket of held) socket.destroy();
    stalled?.close();
    await t?.close();
  });

  it('answers the change normally while the notification waits in the outbox', async () => {
    const user = await createUser(t.app);
    const login = await call(t.app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: user.account, password: PASSWORD },
    });
    expect(login.code).toBe(0);
    const reply = await call(t.app, contract.updatePassword, {
      token: login.data.token,
      body: { oldPassword: PASSWORD, password: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(reply.code, reply.msg).toBe(0);
    expect((await call(t.app, contract.currentUser, { token: login.data.token })).code).toBe(0);
    // the notice was handed to the stalled server and is still unanswered
    await expect.poll(() => held.length).toBeGreaterThan(0);
  });
});
