import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { auditEventsOf } from './support/audit.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, latestCode, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`a new password equal to the current one (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const auditCount = async (userId: number, action: string) => (await auditEventsOf(t.app, userId, action)).length;

  it('is refused by the password change, and every session goes on', async () => {
    const user = await createUser(t.app);
    const mine = await tokenFor(t.app, user.account, PASSWORD);
    const other = await tokenFor(t.app, user.account, PASSWORD);
    const unchanged = await call(t.app, contract.updatePassword, {
      token: mine,
      body: { oldPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(unchanged.code).toBe(1009131);
    for (const token of [mine, other]) {
      expect((await call(t.app, contract.currentUser, { token })).code).toBe(0);
    }
    expect(await auditCount(user.id, 'password.change')).toBe(0);
    // the right old password is no failed sign-in: no wait builds up
    const wait = await t.app.ctx.db
      .selectFrom('sign_in_waits')
      .selectAll()
      .where('subject', '=', `user:${user.id}`)
      .executeTakeFirst();
    expect(wait).toBeUndefined();
  });

  it('is refused by the reset, only once the code is proven, and every session goes on', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const body = { identifierType: 'phone', identifier: user.phone, password: PASSWORD, confirmPassword: PASSWORD };
    // without the right code the answer is the wrong code's, whatever the password
    expect((await call(t.app, contract.forgetPassword, { body: { ...body, code: '000000' } })).code).toBe(1009104);
    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'reset' } })).code).toBe(0);
    const code = await latestCode(t.app, user.phone!);
    const unchanged = await call(t.app, contract.forgetPassword, { body: { ...body, code } });
    expect(unchanged.code).toBe(1009131);
    expect((await call(t.app, contract.currentUser, { token })).code).toBe(0);
    expect(await auditCount(user.id, 'password.reset')).toBe(0);
  });

  it('leaves the reset code valid, so the corrected password is set with the same code', async () => {
    const user = await createUser(t.app);
    const same = { identifierType: 'phone', identifier: user.phone, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'reset' } })).code).toBe(0);
    const code = await latestCode(t.app, user.phone!);
    // more often than a code has wrong tries: the current password is not a wrong code
    for (let i = 0; i < 6; i++)
      expect((await call(t.app, contract.forgetPassword, { body: { ...same, code } })).code).toBe(1009131);
    const changed = { ...same, password: 'Changed2026x', confirmPassword: 'Changed2026x' };
    expect((await call(t.app, contract.forgetPassword, { body: { ...changed, code } })).code).toBe(0);
    expect(await auditCount(user.id, 'password.reset')).toBe(1);
    // and then the code is spent
    expect((await call(t.app, contract.forgetPassword, { body: { ...changed, code } })).code).toBe(1009104);
  });
});
