import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, latestCode, otherCode, signInWithPassword, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, restartApp, startTestApp } from './support/test-app.ts';

describe(`forgotten password (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const fresh = 'Fresh2027x';
  const reset = (body: Record<string, unknown>) => call(t.app, contract.forgetPassword, { body });
  const resetCode = async (target: string) => {
    const body = target.includes('@') ? { email: target, scene: 'reset' } : { phone: target, scene: 'reset' };
    expect((await call(t.app, target.includes('@') ? contract.sendEmail : contract.sendSms, { body })).code).toBe(0);
    return latestCode(t.app, target.toLowerCase());
  };

  it('sets a new password with a phone code: every session ends (also after a restart), the new password signs in, the old does not', async () => {
    const user = await createUser(t.app);
    const first = await tokenFor(t.app, user.account, PASSWORD);
    const second = await tokenFor(t.app, user.account, PASSWORD);
    const code = (await resetCode(user.phone!))!;
    const body = {
      identifierType: 'phone',
      identifier: `+86${user.phone}`,
      code,
      password: fresh,
      confirmPassword: fresh,
    };

    // a mismatch or a weak password is refused before the code is used
    expect((await reset({ ...body, confirmPassword: 'Fresh2027y' })).code).toBe(1008107);
    const weak = await reset({ ...body, password: 'short', confirmPassword: 'short' });
    expect([weak.status, weak.code, weak.data.fields.password]).toEqual([400, 1000400, 'validation.passwordRule']);
    expect((await reset({ ...body, code: otherCode(code) })).code).toBe(1009104);
    expect((await call(t.app, contract.currentUser, { token: first })).code).toBe(0);

    expect(await reset(body)).toMatchObject({ code: 0, data: null });
    for (const token of [first, second]) {
      expect(await call(t.app, contract.currentUser, { token })).toMatchObject({ status: 401, code: 1000401 });
    }
    expect((await signInWithPassword(t.app, 'phone', user.phone!, PASSWORD)).code).toBe(1009117);
    const signedIn = await signInWithPassword(t.app, 'phone', user.phone!, fresh);
    expect(signedIn.code).toBe(0);
    // the code was used up
    expect((await reset({ ...body, password: 'Other2027x', confirmPassword: 'Other2027x' })).code).toBe(1009104);

    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('action', '=', 'password.reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ via: 'phone' });

    const restarted = await restartApp(t);
    try {
      expect((await call(restarted, contract.currentUser, { token: first })).code).toBe(1000401);
      expect((await call(restarted, contract.currentUser, { token: signedIn.data.token })).code).toBe(0);
    } finally {
      await restarted.close();
      await restarted.ctx.db.destroy();
    }
  });

  it('sets a new password with an email code, in any letter case', async () => {
    const user = await createUser(t.app, { email: 'reset.me@example.com' });
    const code = (await resetCode('Reset.Me@Example.com'))!;
    expect(
      (
        await reset({
          identifierType: 'email',
          identifier: 'RESET.me@example.com',
          code,
          password: fresh,
          confirmPassword: fresh,
        })
      ).code,
    ).toBe(0);
    expect((await signInWithPassword(t.app, 'email', user.email!, fresh)).code).toBe(0);
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1009117);
  });

  it('answers an unknown phone or email exactly like a wrong code', async () => {
    const user = await createUser(t.app);
    const code = (await resetCode(user.phone!))!;
    const wrong = await reset({
      identifierType: 'phone',
      identifier: user.phone,
      code: otherCode(code),
      password: fresh,
      confirmPassword: fresh,
    });
    expect(await resetCode('13699990000')).toBeNull();
    const unknownPhone = await reset({
      identifierType: 'phone',
      identifier: '13699990000',
      code,
      password: fresh,
      confirmPassword: fresh,
    });
    const unknownEmail = await reset({
      identifierType: 'email',
      identifier: 'nobody@example.com',
      code,
      password: fresh,
      confirmPassword: fresh,
    });
    for (const reply of [unknownPhone, unknownEmail]) {
      expect([reply.status, reply.code, reply.msg, reply.data]).toEqual([wrong.status, 1009104, wrong.msg, null]);
    }
  });

  it('rejects a malformed identifier and unknown fields with 1000400', async () => {
    const base = { code: '123456', password: fresh, confirmPassword: fresh };
    const phone = await reset({ ...base, identifierType: 'phone', identifier: '12345' });
    expect([phone.status, phone.code, phone.data.fields.identifier]).toEqual([400, 1000400, 'validation.phoneFormat']);
    const email = await reset({ ...base, identifierType: 'email', identifier: 'no-at-sign' });
    expect(email.data.fields.identifier).toBe('validation.emailFormat');
    expect((await reset({ ...base, identifierType: 'account', identifier: 'someone' })).code).toBe(1000400);
    const extra = await reset({ ...base, identifierType: 'phone', identifier: '13699990001', userId: 1 });
    expect(extra.data.fields.userId).toBe('validation.unknownField');
  });

  it('lifts the sign-in wait of the account: its owner has just proven the phone', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 5; i++) await signInWithPassword(t.app, 'account', user.account, 'Wrong2026x');
    expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(1000429);
    const code = (await resetCode(user.phone!))!;
    expect(
      (await reset({ identifierType: 'phone', identifier: user.phone, code, password: fresh, confirmPassword: fresh }))
        .code,
    ).toBe(0);
    expect((await signInWithPassword(t.app, 'account', user.account, fresh)).code).toBe(0);
  });
});
