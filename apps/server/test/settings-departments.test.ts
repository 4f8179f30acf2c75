import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { findEnterpriseInvitation } from '../src/queries/invitations.ts';
import { insertMembership } from '../src/queries/memberships.ts';
import { createUser } from './support/fixtures.ts';
import { call } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`settings centre: departments (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const list = async (token: string) => {
    const reply = await call(t.app, contract.departments, { token });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data as {
      id: number;
      name: string;
      parentId: number | null;
      isDefault: boolean;
      memberCount: number;
    }[];
  };
  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, contract.createDepartment, { token, body });
  const rename = (token: string, id: number, name: string) =>
    call(t.app, contract.renameDepartment, { token, body: { id, name } });
  const remove = (token: string, id: number) => call(t.app, contract.deleteDepartment, { token, body: { id } });
  async function created(token: string, name: string, parentId?: number) {
    const reply = await create(token, parentId === undefined ? { name } : { name, parentId });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.id as number;
  }
  async function memberIn(enterpriseId: number, departmentId: number) {
    const user = await createUser(t.app);
    await insertMembership(t.app.ctx.db, {
      enterprise_id: enterpriseId,
      user_id: user.id,
      role: 'member',
      department_id: departmentId,
      joined_at: t.app.ctx.now(),
    });
    return user;
  }

  it('lists the tree flat, each department counting the members of its sub-departments too', async () => {
    const a = await companyWithAdmin(t.app);
    const ops = await created(a.token, '  Operations  ');
    const night = await created(a.token, 'Night Shift', ops);
    await memberIn(a.enterpriseId, night);
    await memberIn(a.enterpriseId, night);
    expect(await list(a.token)).toEqual([
      { id: a.defaultDepartmentId, name: expect.any(String), parentId: null, isDefault: true, memberCount: 1 },
      // its sub-department's members: not empty, so not deletable
      { id: ops, name: 'Operations', parentId: null, isDefault: false, memberCount: 2 },
      { id: night, name: 'Night Shift', parentId: ops, isDefault: false, memberCount: 2 },
    ]);
  });

  it('puts every change of the tree on the audit log, by whom and what', async () => {
    const a = await companyWithAdmin(t.app);
    const ops = await created(a.token, 'Operations');
    const night = await created(a.token, 'Night Shift', ops);
    expect((await rename(a.token, night, 'Late Shift')).code).toBe(0);
    expect((await remove(a.token, ops)).code).toBe(0);
    // refused changes leave no trace
    expect((await rename(a.token, ops, 'Gone')).code).toBe(1000404);
    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'detail'])
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', 'like', 'department.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.action, e.user_id, JSON.parse(e.detail!)])).toEqual([
      ['department.create', a.admin.id, { departmentId: ops, name: 'Operations', parentId: null }],
      ['department.create', a.admin.id, { departmentId: night, name: 'Night Shift', parentId: ops }],
      ['department.rename', a.admin.id, { departmentId: night, from: 'Night Shift', to: 'Late Shift' }],
      ['department.delete', a.admin.id, { departmentId: ops, name: 'Operations', subDepartments: 1 }],
    ]);
  });

  it('names are unique among siblings only; null parentId is top level', async () => {
    const a = await companyWithAdmin(t.app);
    const sales = await created(a.token, 'Sales');
    const north = await created(a.token, 'North', sales);
    const taken = await create(a.token, { name: 'Sales', parentId: null });
    expect([taken.status, taken.code, taken.data]).toEqual([
      400,
      1000400,
      { fields: { name: 'validation.departmentNameTaken' } },
    ]);
    expect((await create(a.token, { name: ' North ', parentId: sales })).data).toEqual({
      fields: { name: 'validation.departmentNameTaken' },
    });
    // the same name elsewhere in the tree, a different letter case, or in another company is fine
    await created(a.token, 'North');
    await created(a.token, 'Sales', north);
    await created(a.token, 'sales');
    const b = await companyWithAdmin(t.app);
    await created(b.token, 'Sales');
    // renaming onto a sibling's name is refused too; onto its own name is no change
    const east = await created(a.token, 'East', sales);
    expect((await rename(a.token, east, 'North')).data).toEqual({ fields: { name: 'validation.departmentNameTaken' } });
    expect((await rename(a.token, east, 'East')).code).toBe(0);
    expect((await list(a.token)).filter((d) => d.parentId === sales).map((d) => d.name)).toEqual(['North', 'East']);
  });

  it('refuses a bad name with 1000400 and a parent of another company with 1000404', async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    for (const [body, field, key] of [
      [{ name: '' }, 'name', 'validation.departmentNameRequired'],
      [{ name: '   ' }, 'name', 'validation.departmentNameRequired'],
      [{ name: 'x'.repeat(31) }, 'name', 'validation.companyFieldTooLong'],
      [{ name: 'Ok', parentId: 'top' }, 'parentId', 'validation.invalidValue'],
      [{ name: 'Ok', enterpriseId: b.enterpriseId }, 'enterpriseId', 'validation.unknownField'],
    ] as const) {
      const reply = await create(a.token, body);
      expect([reply.status, reply.code, reply.data.fields[field]], JSON.stringify(body)).toEqual([400, 1000400, key]);
    }
    expect((await created(a.token, '部'.repeat(30))) > 0).toBe(true);
    const foreign = await create(a.token, { name: 'Annex', parentId: b.defaultDepartmentId });
    expect([foreign.status, foreign.code]).toEqual([404, 1000404]);
    expect((await create(a.token, { name: 'Annex', parentId: 999_999 })).code).toBe(1000404);
    expect((await list(b.token)).map((d) => d.id)).toEqual([b.defaultDepartmentId]);
  });

  it("renames a department, the default one too; another company's is 1000404", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const ops = await created(a.token, 'Ops');
    expect((await rename(a.token, ops, ' Operations ')).code).toBe(0);
    expect((await rename(a.token, a.defaultDepartmentId, 'Head Office')).code).toBe(0);
    expect((await list(a.token)).map((d) => d.name)).toEqual(['Head Office', 'Operations']);
    const foreign = await rename(a.token, b.defaultDepartmentId, 'Mine now');
    expect([foreign.status, foreign.code]).toEqual([404, 1000404]);
    expect((await list(b.token))[0]!.name).not.toBe('Mine now');
    expect((await rename(a.token, ops, '')).code).toBe(1000400);
  });

  it('deletes an empty department with its empty sub-departments, all at once', async () => {
    const a = await companyWithAdmin(t.app);
    const plant = await created(a.token, 'Plant');
    const line1 = await created(a.token, 'Line 1', plant);
    await created(a.token, 'Line 1 QA', line1);
    await created(a.token, 'Line 2', plant);
    const keep = await created(a.token, 'Office');
    const link = await createInvitation(t.app.ctx, {
      kind: 'member',
      enterpriseId: a.enterpriseId,
      departmentId: line1,
    });

    const deleted = await remove(a.token, plant);
    expect([deleted.code, deleted.data]).toEqual([0, null]);
    expect((await list(a.token)).map((d) => d.id)).toEqual([a.defaultDepartmentId, keep]);
    // a link into a deleted department now puts its people in the default department
    expect((await findEnterpriseInvitation(t.app.ctx.db, a.enterpriseId, link.invitationId))?.department_id).toBeNull();
    expect((await remove(a.token, plant)).code).toBe(1000404);
  });

  it('refuses the default department (1009109) and a department with members in it or below it (1009107)', async () => {
    const a = await companyWithAdmin(t.app);
    const defaultDepartment = await remove(a.token, a.defaultDepartmentId);
    expect([defaultDepartment.status, defaultDepartment.code]).toEqual([200, 1009109]);

    const region = await created(a.token, 'Region');
    const site = await created(a.token, 'Site', region);
    const team = await created(a.token, 'Team', site);
    await memberIn(a.enterpriseId, team);
    for (const id of [region, site, team]) {
      const reply = await remove(a.token, id);
      expect([reply.status, reply.code], String(id)).toEqual([200, 1009107]);
    }
    // a department under the default one goes without touching it
    const underDefault = await created(a.token, 'Desk', a.defaultDepartmentId);
    expect((await remove(a.token, underDefault)).code).toBe(0);
    expect((await list(a.token)).map((d) => d.id)).toEqual([a.defaultDepartmentId, region, site, team]);
  });

  it("refuses another company's department with 1000404 and leaves it be", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const theirs = await created(b.token, 'Theirs');
    const reply = await remove(a.token, theirs);
    expect([reply.status, reply.code]).toEqual([404, 1000404]);
    expect((await list(b.token)).map((d) => d.id)).toContain(theirs);
    expect((await call(t.app, contract.deleteDepartment, { token: a.token, body: { id: -1 } })).code).toBe(1000400);
  });
});
