import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { SIGN_IN_FREE_FAILURES } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import { answeredWorkDone } from '../src/libraries/platform/after-answer.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, latestCode, signInWithPassword, tokenFor } from './support/http.ts';
import { createCredential } from './support/software-authenticator.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const STALE_MS = (FRESH_PROOF_MINUTES + 1) * 60_000;
const STEP_MS = 30_000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe(`sensitive changes need a fresh proof (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = <D extends CallDeclaration>(token: string, declaration: D, body?: unknown) =>
    call(t.app, declaration, { token, body, headers: { 'user-agent': CHROME_WINDOWS } });
  const reauthenticate = (token: string, body: unknown) => post(token, contract.reauthenticate, body);
  const bindCode = async (target: string) => {
    const body = target.includes('@') ? { email: target, scene: 'bind' } : { phone: target, scene: 'bind' };
    const sent = await call(t.app, target.includes('@') ? contract.sendEmail : contract.sendSms, {
      body,
    });
    expect(sent.code, sent.msg).toBe(0);
    return (await latestCode(t.app, target))!;
  };
  const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(t.app.ctx.now() / 1000) });
  /** The security notices the development outbox holds for an address, newest first. */
  const notices = async (to: string) => {
    // a new device is found out after the answer
    await answeredWorkDone(t.app.ctx);
    await t.app.messenger.idle();
    const messages: { subject: string; text: string }[] = (await call(t.app, contract.devOutbox, { query: { to } }))
      .data;
    return messages.filter((m) => m.subject === translate('en-US', 'notices.subject')).map((m) => m.text);
  };

  async function registerPasskey(token: string) {
    const options = await post(token, contract.passkeyRegistrationOptions);
    expect(options.code, options.msg).toBe(0);
    return post(token, contract.addPasskey, { response: createCredential(options.data).response, name: 'Planted' });
  }

  async function staleSession() {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    t.clock.advance(STALE_MS);
    return { user, token };
  }

  it('adding a passkey: both calls answer 1009166 with a stale proof, and work after the password proves it again', async () => {
    const { user, token } = await staleSession();
    expect((await post(token, contract.passkeyRegistrationOptions)).code).toBe(1009166);

    // options taken while fresh, the answer sent once the proof went stale: the challenge is not used up
    expect((await reauthenticate(token, { password: PASSWORD })).code).toBe(0);
    t.clock.advance(FRESH_PROOF_MINUTES * 60_000 - 30_000);
    const options = await post(token, contract.passkeyRegistrationOptions);
    expect(options.code, options.msg).toBe(0);
    t.clock.advance(60_000);
    const body = { response: createCredential(options.data).response, name: 'Laptop' };
    expect((await post(token, contract.addPasskey, body)).code).toBe(1009166);
    expect((await reauthenticate(token, { password: PASSWORD })).code).toBe(0);
    const added = await post(token, contract.addPasskey, body);
    expect(added.code, added.msg).toBe(0);

    const [notice] = await notices(user.email!);
    expect(notice).toMatch(/^A new passkey was added to your account on .*\(Chrome 126, Windows 10, local network\)/);
  });

  it('changing the phone or the email: 1009166 before the code is used, the same code works after the proof', async () => {
    const { user, token } = await staleSession();
    const phone = `137${String(user.id).padStart(8, '0')}`;
    const phoneCode = await bindCode(phone);
    expect((await post(token, contract.updatePhone, { phone, code: phoneCode })).code).toBe(1009166);
    const email = `new-${user.id}@example.com`;
    const emailCode = await bindCode(email);
    expect((await post(token, contract.updateEmail, { email, code: emailCode })).code).toBe(1009166);

    expect((await reauthenticate(token, { password: PASSWORD })).code).toBe(0);
    expect((await post(token, contract.updatePhone, { phone, code: phoneCode })).code).toBe(0);
    expect((await post(token, contract.updateEmail, { email, code: emailCode })).code).toBe(0);
  });

  it('the proof lasts 10 minutes from the reauthentication, as it did from the sign-in', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    t.clock.advance(FRESH_PROOF_MINUTES * 60_000 - 5_000);
    const setup = await post(token, contract.twoStepSetup);
    expect(setup.code, setup.msg).toBe(0);
    t.clock.advance(10_000);
    expect((await post(token, contract.twoStepSetup)).code).toBe(1009166);
    expect((await reauthenticate(token, { password: PASSWORD })).code).toBe(0);
    t.clock.advance(FRESH_PROOF_MINUTES * 60_000 - 5_000);
    expect((await post(token, contract.twoStepSetup)).code).toBe(0);
    t.clock.advance(10_000);
    expect((await post(token, contract.twoStepSetup)).code).toBe(1009166);
  });

  it('with two-step sign-in on, a code of the app or a recovery code proves it too; turning it off carries its own proof', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const setup = await post(token, contract.twoStepSetup);
    const secret = setup.data.secret as string;
    const confirmed = await post(token, contract.twoStepConfirm, { code: await codeOf(secret) });
    expect(confirmed.code, confirmed.msg).toBe(0);
    const recovery = confirmed.data.recoveryCodes as string[];

    t.clock.advance(STALE_MS);
    expect((await post(token, contract.revokeMyOtherSessions)).code).toBe(1009166);
    expect((await reauthenticate(token, { code: '000000' })).code).toBe(1009160);
    expect((await reauthenticate(token, { code: await codeOf(secret) })).code).toBe(0);
    expect((await post(token, contract.revokeMyOtherSessions)).code).toBe(0);

    t.clock.advance(STALE_MS);
    expect((await reauthenticate(token, { code: recovery[0] })).code).toBe(0);
    // a recovery code is used up by the proof
    t.clock.advance(STALE_MS);
    expect((await reauthenticate(token, { code: recovery[0] })).code).toBe(1009160);

    t.clock.advance(STEP_MS);
    const off = await post(token, contract.twoStepDisable, { password: PASSWORD, code: await codeOf(secret) });
    expect(off.code, off.msg).toBe(0);
    // the password and the code proved it: the next sensitive change needs nothing more
    expect((await post(token, contract.twoStepSetup)).code).toBe(0);
    expect((await reauthenticate(token, { code: '123456' })).code).toBe(1009163);
  });

  it('a password change carries its own proof, and it and signing out everywhere offer the passkeys of the last 7 days', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const old = await registerPasskey(token);
    expect(old.code, old.msg).toBe(0);
    await t.app.ctx.db
      .updateTable('passkeys')
      .set({ created_at: t.app.ctx.now() - 8 * 24 * 60 * 60_000 })
      .where('id', '=', old.data.id)
      .execute();
    const other = await tokenFor(t.app, user.account, PASSWORD);
    const planted = await registerPasskey(other);
    expect(planted.code, planted.msg).toBe(0);

    t.clock.advance(STALE_MS);
    const changed = await post(token, contract.updatePassword, {
      oldPassword: PASSWORD,
      password: 'Fresh2027x',
      confirmPassword: 'Fresh2027x',
    });
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toEqual({
      recentPasskeys: [{ id: planted.data.id, name: 'Planted', createdAt: planted.data.createdAt }],
    });
    // the other session ended with the change; a new one to sign out
    await tokenFor(t.app, user.account, 'Fresh2027x');
    const signedOut = await post(token, contract.revokeMyOtherSessions);
    expect(signedOut.data).toEqual({ revoked: 1, recentPasskeys: changed.data.recentPasskeys });

    const [latest] = await notices(user.email!);
    expect(latest).toMatch(/^All other sessions of your account were signed out on .*\(Chrome 126, Windows 10, /);
  });

  it('wrong passwords at reauthenticate count as failed sign-ins of the account', async () => {
    const { user, token } = await staleSession();
    for (let i = 0; i <= SIGN_IN_FREE_FAILURES; i++) {
      expect((await reauthenticate(token, { password: 'Wrong2026x' })).code).toBe(1009102);
    }
    const waiting = await reauthenticate(token, { password: PASSWORD });
    expect([waiting.status, waiting.code]).toEqual([429, 1000429]);
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1000429);
    expect((await post(token, contract.passkeyRegistrationOptions)).code).toBe(1009166);
    // neither both nor neither
    const both = await reauthenticate(token, { password: PASSWORD, code: '123456' });
    expect(both.code).toBe(1000400);
  });

  it('tells the person once a day when a right password is followed by wrong two-step codes', async () => {
    const user = await createUser(t.app, { langCode: 'en-US' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const setup = await post(token, contract.twoStepSetup);
    expect((await post(token, contract.twoStepConfirm, { code: await codeOf(setup.data.secret) })).code).toBe(0);
    t.clock.advance(STEP_MS);

    const ticketOf = async () =>
      (await signInWithPassword(t.app, 'account', user.account, PASSWORD)).data.twoStep.ticket;
    const secondStep = (ticket: string, code: string) =>
      call(t.app, contract.loginTwoStep, { body: { ticket, code }, headers: { 'user-agent': CHROME_WINDOWS } });
    const ticket = await ticketOf();
    expect((await secondStep(ticket, '000000')).code).toBe(1009160);
    expect((await secondStep(ticket, '000001')).code).toBe(1009160);
    const wrongCode = (await notices(user.email!)).filter((text) => text.includes('a wrong two-step code'));
    expect(wrongCode).toHaveLength(1);
    expect(wrongCode[0]).toMatch(/^Someone entered the right password or verification code of your account on /);
    expect(wrongCode[0]).toContain('(Chrome 126, Windows 10, local network)');

    // a new ticket with the known password, more wrong codes: still the one notice that day
    const again = await ticketOf();
    expect((await secondStep(again, '000002')).code).toBe(1009160);
    expect((await notices(user.email!)).filter((text) => text.includes('a wrong two-step code'))).toHaveLength(1);
    // the right code signs in (after the account's short wait for its fifth failure); a wrong code the
    // next day is told again
    t.clock.advance(STEP_MS);
    expect((await secondStep(again, await codeOf(setup.data.secret))).code).toBe(0);
    t.clock.advance(24 * 3_600_000);
    expect((await secondStep(await ticketOf(), '000003')).code).toBe(1009160);
    expect((await notices(user.email!)).filter((text) => text.includes('a wrong two-step code'))).toHaveLength(2);
  });
});
