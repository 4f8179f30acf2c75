import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { translate } from '@portal/shared/locales/catalog';
import { auditEventsOf } from './support/audit.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, latestCode, otherCode, signInWithPassword, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, restartApp, startTestApp } from './support/test-app.ts';

describe(`personal centre (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const current = async (token: string) => (await call(t.app, contract.currentUser, { token })).data;
  const bindCode = async (target: string) => {
    const send = target.includes('@') ? contract.sendEmail : contract.sendSms;
    const body = target.includes('@') ? { email: target, scene: 'bind' } : { phone: target, scene: 'bind' };
    expect((await call(t.app, send, { body })).code).toBe(0);
    return (await latestCode(t.app, target.toLowerCase()))!;
  };
  const auditCount = async (userId: number, action: string) => (await auditEventsOf(t.app, userId, action)).length;

  it('changes the nickname up to 50 units, a CJK character counting 2; anything else is 1000400', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const update = (body: unknown) => call(t.app, contract.updateNickname, { token, body });

    expect(await update({ nickname: '张'.repeat(25) })).toMatchObject({ code: 0, data: null });
    expect((await current(token)).nickname).toBe('张'.repeat(25));
    expect((await update({ nickname: `  ${'a'.repeat(50)} ` })).code).toBe(0);
    expect((await current(token)).nickname).toBe('a'.repeat(50));

    const tooLong = await update({ nickname: `${'张'.repeat(25)}a` });
    expect([tooLong.status, tooLong.code, tooLong.data.fields.nickname]).toEqual([
      400,
      1000400,
      'validation.nameTooLong',
    ]);
    expect((await update({ nickname: '   ' })).data.fields.nickname).toBe('validation.nameRequired');
    expect((await update({ nickname: 'Ok', userId: 1 })).data.fields.userId).toBe('validation.unknownField');
    expect((await update({ nickname: 7 })).code).toBe(1000400);
    expect((await current(token)).nickname).toBe('a'.repeat(50));
    expect(await call(t.app, contract.updateNickname, { body: { nickname: 'x' } })).toMatchObject({
      status: 401,
      code: 1000401,
    });
  });

  it('changes the phone with a bind code sent to it: the new phone is verified and signs in, the old one no longer', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    // an uncertified account can change its phone only through phoneAuth after the cut-off
    const certified = await createUser(t.app);
    const token = await tokenFor(t.app, certified.account, PASSWORD);
    const phone = '13512340001';
    const code = await bindCode(`+86${phone}`);

    const wrong = await call(t.app, contract.updatePhone, { token, body: { phone, code: otherCode(code) } });
    expect([wrong.status, wrong.code, wrong.data]).toEqual([200, 1009104, null]);
    expect(await call(t.app, contract.updatePhone, { token, body: { phone: `+86${phone}`, code } })).toMatchObject({
      code: 0,
      data: null,
    });
    expect(await current(token)).toMatchObject({ phone, phoneCertified: true });
    expect((await signInWithPassword(t.app, 'phone', phone, PASSWORD)).code).toBe(0);
    expect((await signInWithPassword(t.app, 'phone', certified.phone!, PASSWORD)).code).toBe(1009117);
    // the code is single use
    expect((await call(t.app, contract.updatePhone, { token, body: { phone, code } })).code).toBe(1009104);
    expect(await auditCount(certified.id, 'phone.change')).toBe(1);

    const malformed = await call(t.app, contract.updatePhone, { token, body: { phone: '12345', code } });
    expect([malformed.code, malformed.data.fields.phone]).toEqual([1000400, 'validation.phoneFormat']);
    const uncertifiedToken = await tokenFor(t.app, user.account, PASSWORD);
    expect((await call(t.app, contract.updatePhone, { token: uncertifiedToken, body: { phone, code } })).code).toBe(
      1009130,
    );
  });

  it('refuses a phone another account holds, after the code: 1009106 naming a colleague (masked), 1008109 for a stranger', async () => {
    const user = await createUser(t.app);
    const colleague = await createUser(t.app, { account: 'admin', nickname: '张三丰', phone: '13512340002' });
    const stranger = await createUser(t.app, { nickname: 'Stranger', phone: '13512340003' });
    await createCompany(t.app, { members: [{ userId: user.id }, { userId: colleague.id, role: 'admin' }] });
    await createCompany(t.app, { members: [{ userId: stranger.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    const wrongFirst = await call(t.app, contract.updatePhone, {
      token,
      body: { phone: colleague.phone, code: otherCode(await bindCode(colleague.phone!)) },
    });
    // a wrong code reveals nothing about the holder
    expect([wrongFirst.code, wrongFirst.data]).toEqual([1009104, null]);

    const code = (await latestCode(t.app, colleague.phone!))!;
    const bound = await call(t.app, contract.updatePhone, { token, body: { phone: colleague.phone, code } });
    expect([bound.code, bound.data]).toEqual([1009106, { boundTo: { nickname: '张*', account: 'ad***n' } }]);

    const strangerCode = await bindCode(stranger.phone!);
    const exists = await call(t.app, contract.updatePhone, {
      token,
      body: { phone: stranger.phone, code: strangerCode },
    });
    expect([exists.code, exists.data]).toEqual([1008109, null]);
    expect((await current(token)).phone).toBe(user.phone);
    expect(await auditCount(user.id, 'phone.change')).toBe(0);
  });

  it('changes the email with a bind code sent to it; the new email signs in', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const update = (email: string, code: string) => call(t.app, contract.updateEmail, { token, body: { email, code } });

    expect((await update('not-an-email', '123456')).code).toBe(1009127);
    expect((await update('', '123456')).code).toBe(1009128);
    // already this user's email, in any letter case: told before any code is spent
    expect((await update(user.email!.toUpperCase(), '123456')).code).toBe(1009129);

    const takenCode = await bindCode(other.email!);
    expect((await update(other.email!, otherCode(takenCode))).code).toBe(1009104);
    expect((await update(other.email!, takenCode)).code).toBe(1008119);

    const code = await bindCode('New.Mail@Example.com');
    expect((await update('new.mail@example.com', otherCode(code))).code).toBe(1009104);
    expect(await update('  NEW.mail@example.COM ', code)).toMatchObject({ code: 0, data: null });
    expect((await current(token)).email).toBe('new.mail@example.com');
    expect((await signInWithPassword(t.app, 'email', 'new.mail@example.com', PASSWORD)).code).toBe(0);
    expect((await signInWithPassword(t.app, 'email', user.email!, PASSWORD)).code).toBe(1009117);
    expect(await auditCount(user.id, 'email.change')).toBe(1);
    expect((await update('x@example.com', 'abc')).data.fields.code).toBe('validation.codeFormat');
  });

  it('changes the password: keeps this session, ends every other one (also after a restart), and only the new password signs in', async () => {
    const user = await createUser(t.app);
    const mine = await tokenFor(t.app, user.account, PASSWORD);
    const other = await tokenFor(t.app, user.account, PASSWORD);
    const change = (body: unknown) => call(t.app, contract.updatePassword, { token: mine, body });
    const fresh = 'Fresh2027x';

    expect((await change({ oldPassword: 'Wrong2026x', password: fresh, confirmPassword: fresh })).code).toBe(1009102);
    expect((await change({ oldPassword: PASSWORD, password: fresh, confirmPassword: 'Fresh2027y' })).code).toBe(
      1008107,
    );
    const weak = await change({ oldPassword: PASSWORD, password: 'weakpass', confirmPassword: 'weakpass' });
    expect([weak.status, weak.code, weak.data.fields.password]).toEqual([400, 1000400, 'validation.passwordRule']);
    expect((await change({ password: fresh, confirmPassword: fresh })).data.fields.oldPassword).toBe(
      'validation.oldPasswordRequired',
    );
    // nothing changed so far
    expect((await call(t.app, contract.currentUser, { token: other })).code).toBe(0);

    expect(await change({ oldPassword: PASSWORD, password: fresh, confirmPassword: fresh })).toMatchObject({
      code: 0,
      data: { recentPasskeys: [] },
    });
    expect((await call(t.app, contract.currentUser, { token: mine })).code).toBe(0);
    expect(await call(t.app, contract.currentUser, { token: other })).toMatchObject({
      status: 401,
      code: 1000401,
    });
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1009117);
    expect((await signInWithPassword(t.app, 'account', user.account, fresh)).code).toBe(0);
    expect(await auditCount(user.id, 'password.change')).toBe(1);

    const restarted = await restartApp(t);
    try {
      expect((await call(restarted, contract.currentUser, { token: other })).code).toBe(1000401);
      expect((await call(restarted, contract.currentUser, { token: mine })).code).toBe(0);
    } finally {
      await restarted.close();
      await restarted.ctx.db.destroy();
    }
  });

  it('makes repeated wrong old passwords wait like failed sign-ins', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const body = { oldPassword: 'Wrong2026x', password: 'Fresh2027x', confirmPassword: 'Fresh2027x' };
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, contract.updatePassword, { token, body })).code).toBe(1009102);
    }
    const waiting = await call(t.app, contract.updatePassword, {
      token,
      body: { ...body, oldPassword: PASSWORD },
    });
    expect([waiting.status, waiting.code]).toEqual([429, 1000429]);
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1000429);
  });

  it('saves the language of the account and tells whether it may change its password', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect(await call(t.app, contract.saveLanguage, { token, body: { langCode: 'en-US' } })).toMatchObject({
      code: 0,
      data: null,
    });
    expect(await current(token)).toMatchObject({ langCode: 'en-US', local: 'en_US' });
    // responses without a language cookie now speak the saved language
    const wrong = await call(t.app, contract.updatePassword, {
      token,
      body: { oldPassword: 'Wrong2026x', password: 'Fresh2027x', confirmPassword: 'Fresh2027x' },
    });
    expect(wrong.msg).toBe(translate('en-US', 'errors.1009102'));
    const bad = await call(t.app, contract.saveLanguage, { token, body: { langCode: 'fr-FR' } });
    expect([bad.code, bad.data.fields.langCode]).toEqual([1000400, 'validation.languageInvalid']);

    expect((await call(t.app, contract.allowModifyPassword, { token })).data).toEqual({ allowed: true });
    await t.app.ctx.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    expect((await call(t.app, contract.allowModifyPassword, { token })).data).toEqual({ allowed: false });
    expect((await call(t.app, contract.allowModifyPassword)).code).toBe(1000401);
  });

  it('documents every call at /api/docs', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` })).json().paths);
    for (const path of [
      contract.updateNickname.path,
      contract.updatePhone.path,
      contract.updateEmail.path,
      contract.updatePassword.path,
      contract.saveLanguage.path,
      contract.certification.path,
      contract.phoneAuth.path,
      contract.allowModifyPassword.path,
      contract.forgetPassword.path,
    ]) {
      expect(paths).toContain(path);
    }
  });
});
