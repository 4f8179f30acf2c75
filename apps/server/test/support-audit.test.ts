import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { addSupportStaff, removeSupportStaff } from '../src/libraries/support/support-staff.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/**
 * A company's record says "support X" of what the platform's support did in it, as it was when it
 * was done: not as the support staff is now (docs/support-access.md#audit).
 */
describe(`the support's rows in a company's record (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  type Row = { action: string; detail?: { name?: string }; actor: { userId: number | null; support?: true } | null };
  async function recordOf(token: string) {
    const audit = await call(t.app, contract.auditEvents, { token, query: {} });
    expect(audit.code, audit.msg).toBe(0);
    return audit.data.items as Row[];
  }
  const departmentRow = (rows: Row[], userId: number) =>
    rows.find((row) => row.action === 'department.create' && row.actor?.userId === userId);

  it("keeps a support person's rows marked after the operator takes them off the staff", async () => {
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['settcntr'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const adminToken = await tokenFor(t.app, admin.account, PASSWORD);
    const support = await createUser(t.app, { nickname: 'Sam Support' });
    const supportCompany = await createCompany(t.app, { products: ['settcntr'], members: [{ userId: support.id }] });
    await addSupportStaff(t.app.ctx, supportCompany.domain, support.account);
    const supportToken = await tokenFor(t.app, support.account, PASSWORD);
    expect((await call(t.app, contract.grantSupportAccess, { token: adminToken, body: { hours: 1 } })).code).toBe(0);
    const entered = await call(t.app, contract.enterAsSupport, {
      token: supportToken,
      body: { enterpriseId: company.enterpriseId },
    });
    expect(entered.code, entered.msg).toBe(0);
    const created = await call(t.app, contract.createDepartment, { token: supportToken, body: { name: 'Helped' } });
    expect(created.code, created.msg).toBe(0);
    expect(departmentRow(await recordOf(adminToken), support.id)?.actor).toMatchObject({ support: true });

    await removeSupportStaff(t.app.ctx, support.account);
    expect(departmentRow(await recordOf(adminToken), support.id)?.actor).toMatchObject({ support: true });
  });

  it('leaves the rows a former member wrote unmarked once they are made support staff', async () => {
    const admin = await createUser(t.app);
    const leaver = await createUser(t.app);
    await createCompany(t.app, {
      products: ['settcntr'],
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: leaver.id, role: 'admin' },
      ],
    });
    const adminToken = await tokenFor(t.app, admin.account, PASSWORD);
    const leaverToken = await tokenFor(t.app, leaver.account, PASSWORD);
    const created = await call(t.app, contract.createDepartment, { token: leaverToken, body: { name: 'Before' } });
    expect(created.code, created.msg).toBe(0);
    const removed = await call(t.app, contract.removeMember, { token: adminToken, body: { userId: leaver.id } });
    expect(removed.code, removed.msg).toBe(0);
    const supportCompany = await createCompany(t.app, { products: ['settcntr'], members: [{ userId: leaver.id }] });
    await addSupportStaff(t.app.ctx, supportCompany.domain, leaver.account);

    const row = departmentRow(await recordOf(adminToken), leaver.id);
    expect(row?.actor?.userId).toBe(leaver.id);
    expect(row?.actor).not.toHaveProperty('support');
  });
});
