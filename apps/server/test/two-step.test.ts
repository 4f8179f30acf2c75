import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { SIGN_IN_IP_FAILURES, SIGN_IN_IP_WINDOW_SECONDS } from '@portal/shared/constants';
import { ipKey } from '../src/libraries/platform/ip-key.ts';
import { findUserById } from '../src/queries/users.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, latestCode, randomLoopback, signInWithPassword, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const STEP_MS = 30_000;

describe(`two-step sign-in with an authenticator app (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** The app's code for the server's clock, as the person's phone shows it. */
  const codeOf = (secret: string, app = t) => generate({ secret, epoch: Math.floor(app.app.ctx.now() / 1000) });
  const nextStep = (app = t) => app.clock.advance(STEP_MS);
  const state = (token: string) => call(t.app, contract.twoStep, { token });
  const setUp = (token: string) => call(t.app, contract.twoStepSetup, { token });
  const confirm = (token: string, code: string) => call(t.app, contract.twoStepConfirm, { token, body: { code } });
  const disable = (token: string, body: Record<string, unknown>) =>
    call(t.app, contract.twoStepDisable, { token, body });
  const secondStep = (ticket: string, code: string, ip?: string) =>
    call(t.app, contract.loginTwoStep, { body: { ticket, code }, ip });

  /** A user with two-step sign-in on; the clock has moved past the confirming code's step. */
  async function userWithTwoStep(app = t) {
    const user = await createUser(app.app);
    const token = await tokenFor(app.app, user.account, PASSWORD);
    const setup = await call(app.app, contract.twoStepSetup, { token });
    expect(setup.code, setup.msg).toBe(0);
    const confirmed = await call(app.app, contract.twoStepConfirm, {
      token,
      body: { code: await codeOf(setup.data.secret, app) },
    });
    expect(confirmed.code, confirmed.msg).toBe(0);
    nextStep(app);
    return {
      user,
      token,
      secret: setup.data.secret as string,
      recoveryCodes: confirmed.data.recoveryCodes as string[],
    };
  }

  /** The ticket of a right password. */
  async function firstStep(account: string, app = t): Promise<string> {
    const reply = await signInWithPassword(app.app, 'account', account, PASSWORD);
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data.token).toBeUndefined();
    return reply.data.twoStep.ticket as string;
  }

  it('sets up with a QR code and a confirming code, and hands out ten recovery codes once', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await state(token)).data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
      setupCodeNeeded: false,
    });

    const first = await setUp(token);
    expect(first.code).toBe(0);
    expect(first.data.secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(first.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(first.data.otpauthUri).toContain(encodeURIComponent(user.account));
    expect(first.data.qrSvgDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(first.data.qrSvgDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // a repeat replaces the pending secret: the first one's codes no longer confirm
    const second = await setUp(token);
    expect(second.data.secret).not.toBe(first.data.secret);
    expect((await confirm(token, await codeOf(first.data.secret))).code).toBe(1009160);
    expect((await confirm(token, 'abcde-fghjk')).code).toBe(1009160);

    const confirmed = await confirm(token, await codeOf(second.data.secret));
    expect(confirmed.code, confirmed.msg).toBe(0);
    const codes: string[] = confirmed.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await state(token)).data).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
      setupCodeNeeded: false,
    });
    expect((await call(t.app, contract.currentUser, { token })).data).toMatchObject({
      twoStepEnabled: true,
      twoStepSetupRequired: false,
    });
    // stored hashed, never as they were shown
    const stored = await t.app.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(code_hash);

    // on: no new set-up, no second confirmation
    expect((await setUp(token)).code).toBe(1009162);
    expect((await confirm(token, await codeOf(second.data.secret))).code).toBe(1009162);
  });

  it('refuses a confirmation without a pending set-up, and malformed bodies before any work', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await confirm(token, '123456')).code).toBe(1009164);
    expect((await call(t.app, contract.twoStepConfirm, { token, body: { code: '' } })).code).toBe(1000400);
    expect((await call(t.app, contract.twoStepConfirm, { token, body: { code: '123456', secret: 'X' } })).code).toBe(
      1000400,
    );
    expect((await call(t.app, contract.loginTwoStep, { body: { code: '123456' } })).code).toBe(1000400);
    expect((await call(t.app, contract.twoStep)).code).toBe(1000401);
    expect((await call(t.app, contract.twoStepSetup)).code).toBe(1000401);
  });

  it('asks a password sign-in for the code, and makes the session only with it', async () => {
    const { user, secret } = await userWithTwoStep();
    const ticket = await firstStep(user.account);
    const wrong = await secondStep(ticket, '000000' === (await codeOf(secret)) ? '111111' : '000000');
    expect(wrong.code).toBe(1009160);

    const signedIn = await secondStep(ticket, await codeOf(secret));
    expect(signedIn.code, signedIn.msg).toBe(0);
    expect(signedIn.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const current = await call(t.app, contract.currentUser, { token: signedIn.data.token });
    expect(current.data).toMatchObject({ userId: user.id, twoStepEnabled: true });

    // the ticket is single use
    nextStep();
    expect((await secondStep(ticket, await codeOf(secret))).code).toBe(1009161);
    expect((await secondStep('x'.repeat(43), await codeOf(secret))).code).toBe(1009161);
  });

  it('asks a code sign-in (SMS) for the authenticator code too', async () => {
    const { user, secret } = await userWithTwoStep();
    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' } })).code).toBe(0);
    const sms = await latestCode(t.app, user.phone!);
    const reply = await call(t.app, contract.login, {
      body: { loginType: 'code', identifierType: 'phone', identifier: user.phone, code: sms },
    });
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data.token).toBeUndefined();
    expect((await secondStep(reply.data.twoStep.ticket, await codeOf(secret))).code).toBe(0);
  });

  it('refuses a code used before within its window, and takes the next one', async () => {
    const { user, secret } = await userWithTwoStep();
    const code = await codeOf(secret);
    expect((await secondStep(await firstStep(user.account), code)).code).toBe(0);
    expect((await secondStep(await firstStep(user.account), code)).code).toBe(1009160);
    nextStep();
    expect((await secondStep(await firstStep(user.account), await codeOf(secret))).code).toBe(0);
  });

  it('counts wrong codes with the failures of the account: waits from the 5th, and the ticket dies after 5', async () => {
    const { user, secret } = await userWithTwoStep();
    const right = await codeOf(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const ticket = await firstStep(user.account);
    // the right password counts until the second step succeeds: with four wrong codes, five failures
    for (let i = 0; i < 4; i++) expect((await secondStep(ticket, wrongCode)).code).toBe(1009160);
    const waiting = await secondStep(ticket, right);
    expect([waiting.status, waiting.code]).toEqual([429, 1000429]);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    t.clock.advance(1_500);
    expect((await secondStep(ticket, wrongCode)).code).toBe(1009160);
    // five wrong codes: the ticket is dead, even with the right code after the wait
    t.clock.advance(5_000);
    expect((await secondStep(ticket, right)).code).toBe(1009161);

    // a new sign-in after the wait: the right password counts too (the 7th failure: 4 s), so that a
    // known password cannot end the run; the right code after that wait ends it
    t.clock.advance(60_000);
    const fresh = await firstStep(user.account);
    expect((await secondStep(fresh, await codeOf(secret))).code).toBe(1000429);
    t.clock.advance(4_000);
    expect((await secondStep(fresh, await codeOf(secret))).code).toBe(0);
    const wait = await t.app.ctx.db
      .selectFrom('sign_in_waits')
      .selectAll()
      .where('subject', '=', `user:${user.id}`)
      .executeTakeFirst();
    expect(wait).toBeUndefined();
  });

  it('counts wrong codes under the per-IP cap of sign-ins', async () => {
    const ip = randomLoopback();
    // 29 failed sign-ins from this address already (the cap is 30 in 5 minutes)
    const limit = {
      bucket: 'sign-in-ip',
      subject: ipKey(ip),
      windowMs: SIGN_IN_IP_WINDOW_SECONDS * 1000,
      max: SIGN_IN_IP_FAILURES,
    };
    for (let i = 0; i < SIGN_IN_IP_FAILURES - 1; i++) {
      expect((await t.app.ctx.throttles.reserve([limit], t.app.ctx.now())).granted).toBe(true);
    }
    const { user, secret } = await userWithTwoStep();
    const ticket = await firstStep(user.account);
    const wrongCode = (await codeOf(secret)) === '000000' ? '111111' : '000000';
    expect((await secondStep(ticket, wrongCode, ip)).code).toBe(1009160);
    const refused = await secondStep(ticket, await codeOf(secret), ip);
    expect([refused.status, refused.code]).toEqual([429, 1000429]);
    // from another address the ticket still works
    expect((await secondStep(ticket, await codeOf(secret))).code).toBe(0);
  });

  it('expires the ticket after 5 minutes', async () => {
    const { user, secret } = await userWithTwoStep();
    const ticket = await firstStep(user.account);
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await secondStep(ticket, await codeOf(secret))).code).toBe(1009161);
  });

  it('signs in once with each recovery code, as typed in any case and without its dash', async () => {
    const { user, token, recoveryCodes } = await userWithTwoStep();
    const [code] = recoveryCodes;
    expect((await secondStep(await firstStep(user.account), code!.toUpperCase().replace('-', ' '))).code).toBe(0);
    expect((await secondStep(await firstStep(user.account), code!)).code).toBe(1009160);
    expect((await state(token)).data).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    expect((await secondStep(await firstStep(user.account), recoveryCodes[1]!)).code).toBe(0);
    expect((await state(token)).data.recoveryCodesLeft).toBe(8);
  });

  it('turns off only with the password and a code, and then signs in with the password alone', async () => {
    const { user, token, secret, recoveryCodes } = await userWithTwoStep();
    const right = await codeOf(secret);
    expect((await disable(token, { password: 'Wrong-pass1', code: right })).code).toBe(1009102);
    expect((await disable(token, { password: PASSWORD, code: right === '000000' ? '111111' : '000000' })).code).toBe(
      1009160,
    );
    expect((await disable(token, { password: PASSWORD })).code).toBe(1000400);
    expect((await disable(token, { password: PASSWORD, code: recoveryCodes[0] })).code).toBe(0);
    expect((await state(token)).data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
      setupCodeNeeded: false,
    });
    expect((await disable(token, { password: PASSWORD, code: right })).code).toBe(1009163);

    const row = await findUserById(t.app.ctx.db, user.id);
    expect([row?.totp_secret, row?.totp_enabled_at]).toEqual([null, null]);
    const left = await t.app.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
    const signedIn = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    expect(signedIn.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('user_id', '=', user.id)
      .where('action', 'like', 'two-step.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['two-step.on', 'two-step.off']);
  });

  it("lets a company's administrators require two-step sign-in of its members, and no one else", async () => {
    const { token: adminToken, enterpriseId } = await companyWithAdmin(t.app);
    const member = await createUser(t.app);
    const outsider = await createUser(t.app);
    const { enterpriseId: otherId } = await createCompany(t.app, { members: [{ userId: outsider.id }] });
    const { insertMembership } = await import('../src/queries/memberships.ts');
    const { findDefaultDepartmentId } = await import('../src/queries/registration-enterprises.ts');
    await insertMembership(t.app.ctx.db, {
      enterprise_id: enterpriseId,
      user_id: member.id,
      role: 'member',
      department_id: await findDefaultDepartmentId(t.app.ctx.db, enterpriseId),
      joined_at: t.app.ctx.now(),
    });
    const memberToken = await tokenFor(t.app, member.account, PASSWORD);

    expect((await call(t.app, contract.security, { token: adminToken })).data).toMatchObject({
      requireTwoStep: false,
    });
    for (const [method, path] of [
      ['GET', contract.security.path],
      ['POST', contract.saveSecurity.path],
    ] as const) {
      const refused = await call(t.app, method, path, {
        token: memberToken,
        ...(method === 'POST' ? { body: { requireTwoStep: false } } : {}),
      });
      expect([refused.status, refused.code]).toEqual([403, 1000403]);
    }
    expect((await call(t.app, contract.saveSecurity, { token: adminToken, body: { requireTwoStep: 1 } })).code).toBe(
      1000400,
    );
    // the administrator has it first, as requiring it asks
    const adminSetup = await setUp(adminToken);
    expect((await confirm(adminToken, await codeOf(adminSetup.data.secret))).code).toBe(0);
    const saved = await call(t.app, contract.saveSecurity, {
      token: adminToken,
      body: { requireTwoStep: true },
    });
    expect(saved.code, saved.msg).toBe(0);
    // only this company: the other keeps its own rule
    const rule = (id: number) =>
      t.app.ctx.db.selectFrom('enterprises').select('require_two_step').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await rule(enterpriseId)).require_two_step).toBe(1);
    expect((await rule(otherId)).require_two_step).toBe(0);

    // the member signs in, told to set it up; the outsider is not
    const signedIn = await signInWithPassword(t.app, 'account', member.account, PASSWORD);
    expect(signedIn.data).toMatchObject({ twoStepSetupRequired: true });
    const token = signedIn.data.token as string;
    expect((await call(t.app, contract.currentUser, { token })).data).toMatchObject({
      twoStepEnabled: false,
      twoStepSetupRequired: true,
    });
    expect((await state(token)).data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: true,
      setupCodeNeeded: true,
    });
    // a password alone reaches the set-up, the account and sign-out, nothing of the companies
    for (const declaration of [contract.portalInfo, contract.mySessions]) {
      const waiting = await call(t.app, declaration, { token });
      expect([waiting.status, waiting.code], declaration.path).toEqual([200, 1009165]);
    }
    const outsiderSignIn = await signInWithPassword(t.app, 'account', outsider.account, PASSWORD);
    expect(outsiderSignIn.data.twoStepSetupRequired).toBeUndefined();

    // once set up, with a code to the verified email besides the app's, the requirement is met
    const setup = await setUp(token);
    expect((await call(t.app, contract.twoStepSetupCode, { token })).code).toBe(0);
    const setupCode = await latestCode(t.app, member.email!);
    const confirmed = await call(t.app, contract.twoStepConfirm, {
      token,
      body: { code: await codeOf(setup.data.secret), setupCode },
    });
    expect(confirmed.code, confirmed.msg).toBe(0);
    expect((await call(t.app, contract.currentUser, { token })).data.twoStepSetupRequired).toBe(false);
    expect((await state(token)).data).toMatchObject({ enabled: true, required: true });
    const portal = await call(t.app, contract.portalInfo, { token });
    expect(portal.code, portal.msg).toBe(0);
    expect(portal.data.userinfo.twoStepSetupRequired).toBe(false);
  });
});

describe(`two-step secrets encrypted at rest with TOTP_SECRET_KEY (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TOTP_SECRET_KEY: 'ab'.repeat(32) });
  });
  afterAll(async () => t?.close());

  it('stores the secret encrypted and still checks its codes', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const setup = await call(t.app, contract.twoStepSetup, { token });
    const epoch = () => Math.floor(t.app.ctx.now() / 1000);
    const row = await findUserById(t.app.ctx.db, user.id);
    expect(row?.totp_secret).toMatch(/^v1:/);
    expect(row?.totp_secret).not.toContain(setup.data.secret);
    const confirmed = await call(t.app, contract.twoStepConfirm, {
      token,
      body: { code: await generate({ secret: setup.data.secret, epoch: epoch() }) },
    });
    expect(confirmed.code, confirmed.msg).toBe(0);
    t.clock.advance(STEP_MS);
    const first = await signInWithPassword(t.app, 'account', user.account, PASSWORD);
    const second = await call(t.app, contract.loginTwoStep, {
      body: { ticket: first.data.twoStep.ticket, code: await generate({ secret: setup.data.secret, epoch: epoch() }) },
    });
    expect(second.code, second.msg).toBe(0);
  });
});
