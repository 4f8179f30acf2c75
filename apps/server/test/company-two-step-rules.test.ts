import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`a company's two-step rule, safe to switch (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(t.app.ctx.now() / 1000) });

  /** Turns two-step sign-in on for the session's user; returns the app's secret. */
  async function turnOnTwoStep(token: string): Promise<string> {
    const setup = await call(t.app, contract.twoStepSetup, { token });
    const confirmed = await call(t.app, contract.twoStepConfirm, {
      token,
      body: { code: await codeOf(setup.data.secret) },
    });
    expect(confirmed.code, confirmed.msg).toBe(0);
    t.clock.advance(30_000);
    return setup.data.secret as string;
  }

  const require = (token: string, requireTwoStep: boolean) =>
    call(t.app, contract.saveSecurity, { token, body: { requireTwoStep } });

  it('counts the members it touches, and refuses it of an administrator without two-step sign-in', async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);
    const withTwoStep = await createUser(t.app);
    const without = await createUser(t.app);
    await createCompany(t.app, { members: [{ userId: without.id }] });
    const { insertMembership } = await import('../src/queries/memberships.ts');
    const { findDefaultDepartmentId } = await import('../src/queries/registration-enterprises.ts');
    for (const user of [withTwoStep, without]) {
      await insertMembership(t.app.ctx.db, {
        enterprise_id: enterpriseId,
        user_id: user.id,
        role: 'member',
        department_id: await findDefaultDepartmentId(t.app.ctx.db, enterpriseId),
        joined_at: t.app.ctx.now(),
      });
    }
    await turnOnTwoStep(await tokenFor(t.app, withTwoStep.account, PASSWORD));

    expect((await call(t.app, contract.security, { token })).data).toEqual({
      requireTwoStep: false,
      members: 3,
      membersWithoutTwoStep: 2,
      administratorHasTwoStep: false,
    });
    expect((await require(token, true)).code).toBe(1009168);
    const rule = await t.app.ctx.db
      .selectFrom('enterprises')
      .select('require_two_step')
      .where('id', '=', enterpriseId)
      .executeTakeFirstOrThrow();
    expect(rule.require_two_step).toBe(0);
    // turning it off never needs it
    expect((await require(token, false)).code).toBe(0);

    await turnOnTwoStep(token);
    expect((await call(t.app, contract.security, { token })).data).toEqual({
      requireTwoStep: false,
      members: 3,
      membersWithoutTwoStep: 1,
      administratorHasTwoStep: true,
    });
    const saved = await require(token, true);
    expect(saved.code, saved.msg).toBe(0);
    expect((await call(t.app, contract.security, { token })).data).toMatchObject({ requireTwoStep: true });
  });

  it('keeps two-step sign-in on while a company of the person requires it', async () => {
    const { token: adminToken, admin } = await companyWithAdmin(t.app);
    const secret = await turnOnTwoStep(adminToken);
    expect((await require(adminToken, true)).code).toBe(0);
    expect((await call(t.app, contract.twoStep, { token: adminToken })).data).toMatchObject({
      enabled: true,
      required: true,
    });

    const refused = await call(t.app, contract.twoStepDisable, {
      token: adminToken,
      body: { password: PASSWORD, code: await codeOf(secret) },
    });
    expect(refused.code).toBe(1009167);
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('totp_enabled_at')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();

    // once no company requires it, it turns off
    expect((await require(adminToken, false)).code).toBe(0);
    const turnedOff = await call(t.app, contract.twoStepDisable, {
      token: adminToken,
      body: { password: PASSWORD, code: await codeOf(secret) },
    });
    expect(turnedOff.code, turnedOff.msg).toBe(0);
  });
});
