import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, latestCode, otherCode, signInWithPassword, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`phone certification (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // the default cut-off date (2025-06-30) has passed: uncertified accounts are held at phoneAuth
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const certifyCode = async (token: string, phone: string) => {
    expect((await call(t.app, contract.sendSms, { token, body: { phone, scene: 'certify' } })).code).toBe(0);
    return (await latestCode(t.app, phone))!;
  };
  const phoneAuth = (token: string, phone: string, code: string) =>
    call(t.app, contract.phoneAuth, { token, body: { phone, code } });

  it('holds an uncertified account after the cut-off until phoneAuth verifies its phone, then lets it in', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    expect((await call(t.app, contract.certification, { token })).data).toEqual({
      certified: false,
      phone: user.phone,
      deadline: '2025-06-30',
    });
    for (const [method, url, body] of [
      ['GET', contract.portalInfo.path, undefined],
      ['GET', contract.allowModifyPassword.path, undefined],
      ['POST', contract.updateNickname.path, { nickname: 'x' }],
      ['POST', contract.sendSms.path, { phone: user.phone, scene: 'bind' }],
    ] as const) {
      expect((await call(t.app, method, url, { token, body })).code, url).toBe(1009130);
    }
    expect((await call(t.app, contract.saveLanguage, { token, body: { langCode: 'ja-JP' } })).code).toBe(0);

    const code = await certifyCode(token, user.phone!);
    expect((await phoneAuth(token, user.phone!, otherCode(code))).code).toBe(1009104);
    expect((await phoneAuth(token, '13712340000', code)).code).toBe(1009104);
    expect(await phoneAuth(token, `+86${user.phone}`, code)).toMatchObject({ code: 0, data: null });

    expect((await call(t.app, contract.certification, { token })).data).toMatchObject({
      certified: true,
      phone: user.phone,
    });
    const info = await call(t.app, contract.portalInfo, { token });
    expect([info.code, info.data.userinfo.phoneCertified]).toEqual([0, true]);
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('action', '=', 'phone.change')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ via: 'phoneAuth', changed: false });
  });

  it('binds a different phone by phoneAuth, which then signs in', async () => {
    const user = await createUser(t.app, { phone: null, phoneCertified: false });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await call(t.app, contract.certification, { token })).data).toMatchObject({
      certified: false,
      phone: null,
    });
    const phone = '13712340001';
    expect((await phoneAuth(token, phone, await certifyCode(token, phone))).code).toBe(0);
    expect((await signInWithPassword(t.app, 'phone', phone, PASSWORD)).code).toBe(0);
    expect((await call(t.app, contract.currentUser, { token })).data).toMatchObject({
      phone,
      phoneCertified: true,
    });
  });

  it('answers 1009106 for a phone of another account: naming a colleague (masked), naming no stranger', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    const colleague = await createUser(t.app, { account: 'grid_admin', nickname: '李四', phone: '13712340002' });
    const stranger = await createUser(t.app, { account: 'outsider', phone: '13712340003' });
    await createCompany(t.app, { members: [{ userId: colleague.id, role: 'admin' }] });
    await createCompany(t.app, { members: [{ userId: user.id }, { userId: colleague.id }] });
    await createCompany(t.app, { members: [{ userId: stranger.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    const bound = await phoneAuth(token, colleague.phone!, await certifyCode(token, colleague.phone!));
    expect([bound.status, bound.code, bound.data]).toEqual([
      200,
      1009106,
      { boundTo: { nickname: '李*', account: 'gr***n' } },
    ]);
    const foreign = await phoneAuth(token, stranger.phone!, await certifyCode(token, stranger.phone!));
    expect([foreign.code, foreign.data]).toEqual([1009106, { boundTo: null }]);
    expect((await call(t.app, contract.certification, { token })).data).toMatchObject({
      certified: false,
      phone: user.phone,
    });
    expect((await call(t.app, contract.portalInfo, { token })).code).toBe(1009130);
  });

  it('names a colleague without an account name by the masked email, as one made by an invitation is', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    const colleague = await createUser(t.app, {
      nickname: '测试员',
      phone: '13712340004',
      email: 'tester@example.com',
    });
    // a person who joined by an invitation signs in with phone or email only
    await t.app.ctx.db.updateTable('users').set({ account: null }).where('id', '=', colleague.id).execute();
    await createCompany(t.app, { members: [{ userId: user.id }, { userId: colleague.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    const bound = await phoneAuth(token, colleague.phone!, await certifyCode(token, colleague.phone!));
    expect([bound.code, bound.data]).toEqual([1009106, { boundTo: { nickname: '测*', account: 't***@example.com' } }]);
  });

  it('lets exactly one of two accounts binding the same phone at once win', async () => {
    const phone = '13712340005';
    const first = await createUser(t.app);
    const second = await createUser(t.app, { phoneCertified: false });
    const firstToken = await tokenFor(t.app, first.account, PASSWORD);
    const secondToken = await tokenFor(t.app, second.account, PASSWORD);
    expect((await call(t.app, contract.sendSms, { token: firstToken, body: { phone, scene: 'bind' } })).code).toBe(0);
    const bindCode = (await latestCode(t.app, phone))!;
    t.clock.advance(61_000);
    const certify = await certifyCode(secondToken, phone);

    const replies = await Promise.all([
      call(t.app, contract.updatePhone, { token: firstToken, body: { phone, code: bindCode } }),
      phoneAuth(secondToken, phone, certify),
    ]);
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.map((r) => r.code).sort()).toEqual(replies[0]!.code === 0 ? [0, 1009106] : [0, 1008109]);
    const holders = await t.app.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(holders).toHaveLength(1);
  });

  it('needs a session and a well-formed body', async () => {
    expect((await call(t.app, contract.certification)).code).toBe(1000401);
    expect((await call(t.app, contract.phoneAuth, { body: { phone: '13712340004', code: '123456' } })).code).toBe(
      1000401,
    );
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const bad = await call(t.app, contract.phoneAuth, { token, body: { phone: '13712340004' } });
    expect([bad.code, bad.data.fields.code]).toEqual([1000400, 'validation.codeRequired']);
  });
});
