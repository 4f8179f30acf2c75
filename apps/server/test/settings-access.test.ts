import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { grantProducts, revokeProducts } from '../src/libraries/company/product-rights.ts';
import { insertDepartment } from '../src/queries/enterprises.ts';
import { insertMembership } from '../src/queries/memberships.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { type Reply, call, tokenFor } from './support/http.ts';
import { companyWithAdmin, pngImage, uploadIcon } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** Every administrator call of the settings centre, with a request that an administrator may make. */
interface SettingsCall {
  name: string;
  send(token: string | undefined): Promise<Reply>;
}

describe(`settings centre access (${ENGINE})`, () => {
  let t: TestApp;
  /** Company A, its administrator, and one of each thing the calls name. */
  let a: Awaited<ReturnType<typeof companyWithAdmin>> & {
    memberId: number;
    departmentId: number;
    invitationId: number;
  };
  let calls: SettingsCall[];

  beforeAll(async () => {
    t = await startTestApp();
    const company = await companyWithAdmin(t.app);
    const member = await createUser(t.app);
    await insertMembership(t.app.ctx.db, {
      enterprise_id: company.enterpriseId,
      user_id: member.id,
      role: 'member',
      department_id: company.defaultDepartmentId,
      joined_at: t.app.ctx.now(),
    });
    const departmentId = await insertDepartment(t.app.ctx.db, {
      enterprise_id: company.enterpriseId,
      name: 'Empty',
      parent_id: null,
      is_default: 0,
      created_at: t.app.ctx.now(),
    });
    const { invitationId } = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: company.enterpriseId });
    a = { ...company, memberId: member.id, departmentId, invitationId };

    const post = (declaration: CallDeclaration, body: unknown) => (token: string | undefined) =>
      call(t.app, declaration, { token, body });
    const get = (declaration: CallDeclaration) => (token: string | undefined) => call(t.app, declaration, { token });
    calls = [
      {
        name: 'personalization/save',
        send: post(contract.savePersonalization, {
          platformName: 'Taken Over',
          platformNameCn: '被接管',
          platformNameEn: 'Taken Over',
          languageType: 'en-US',
        }),
      },
      { name: 'personalization/icon', send: (token) => uploadIcon(t.app, token, { content: pngImage() }) },
      { name: 'members', send: get(contract.members) },
      {
        name: 'members/create',
        send: post(contract.createMember, {
          account: 'intruder',
          nickname: 'Intruder',
          password: 'Intrude2026',
        }),
      },
      { name: 'members/update', send: post(contract.updateMember, { userId: a.memberId, role: 'admin' }) },
      { name: 'members/remove', send: post(contract.removeMember, { userId: a.admin.id }) },
      { name: 'departments', send: get(contract.departments) },
      { name: 'departments/create', send: post(contract.createDepartment, { name: 'Intruders' }) },
      {
        name: 'departments/rename',
        send: post(contract.renameDepartment, { id: a.departmentId, name: 'Mine' }),
      },
      { name: 'departments/delete', send: post(contract.deleteDepartment, { id: a.departmentId }) },
      { name: 'invitations/create', send: post(contract.createInvitation, { kind: 'member' }) },
      { name: 'invitations', send: get(contract.invitations) },
      { name: 'invitations/revoke', send: post(contract.revokeInvitation, { id: a.invitationId }) },
    ];
  });
  afterAll(async () => t?.close());

  /** Company A as its administrator sees it: what no refused call may have changed. */
  async function stateOfA() {
    const [members, departments, invitations, branding] = await Promise.all([
      call(t.app, contract.members, { token: a.token }),
      call(t.app, contract.departments, { token: a.token }),
      call(t.app, contract.invitations, { token: a.token }),
      call(t.app, contract.personalization, { token: a.token }),
    ]);
    return {
      members: members.data,
      departments: departments.data,
      invitations: invitations.data,
      branding: branding.data,
    };
  }

  function expectForbidden(reply: Reply, name: string) {
    expect([reply.status, reply.code], name).toEqual([403, 1000403]);
    expect(reply.headers['redirect-page'], name).toBe('001');
  }

  it('covers every declared administrator call', () => {
    expect(calls.map((c) => c.name)).toEqual([
      'personalization/save',
      'personalization/icon',
      'members',
      'members/create',
      'members/update',
      'members/remove',
      'departments',
      'departments/create',
      'departments/rename',
      'departments/delete',
      'invitations/create',
      'invitations',
      'invitations/revoke',
    ]);
  });

  it('without a session every call is 1000401', async () => {
    for (const c of calls) {
      const reply = await c.send(undefined);
      expect([reply.status, reply.code], c.name).toEqual([401, 1000401]);
    }
  });

  it('a member of the company who is not its administrator is refused everywhere, and nothing changes', async () => {
    const before = await stateOfA();
    const token = await tokenFor(t.app, (await userAccount(a.memberId))!, PASSWORD);
    for (const c of calls) expectForbidden(await c.send(token), c.name);
    expect(await stateOfA()).toEqual(before);
  });

  it('an administrator of another company, working in this one as a member, is refused everywhere', async () => {
    const other = await companyWithAdmin(t.app, 'Other Admin');
    await insertMembership(t.app.ctx.db, {
      enterprise_id: a.enterpriseId,
      user_id: other.admin.id,
      role: 'member',
      department_id: a.defaultDepartmentId,
      joined_at: t.app.ctx.now(),
    });
    const entered = await call(t.app, contract.enterEnterprise, {
      query: { enterpriseId: a.enterpriseId },
      token: other.token,
    });
    expect(entered.code, entered.msg).toBe(0);
    const before = await stateOfA();
    for (const c of calls) expectForbidden(await c.send(other.token), c.name);
    expect(await stateOfA()).toEqual(before);
  });

  it("an administrator of another company reaches only that company: A's ids are unknown there", async () => {
    const before = await stateOfA();
    const other = await companyWithAdmin(t.app, 'Neighbour Admin');
    // not a member of A: the session cannot enter it
    const entered = await call(t.app, contract.enterEnterprise, {
      query: { enterpriseId: a.enterpriseId },
      token: other.token,
    });
    expectForbidden(entered, 'enter');
    const byName = Object.fromEntries(calls.map((c) => [c.name, c]));
    for (const name of [
      'members/update',
      'members/remove',
      'departments/rename',
      'departments/delete',
      'invitations/revoke',
    ]) {
      const reply = await byName[name]!.send(other.token);
      expect([reply.status, reply.code], name).toEqual([404, 1000404]);
    }
    const members = await call(t.app, contract.members, { token: other.token });
    expect(members.data.items.map((m: { userId: number }) => m.userId)).toEqual([other.admin.id]);
    const departments = await call(t.app, contract.departments, { token: other.token });
    expect(departments.data.map((d: { id: number }) => d.id)).toEqual([other.defaultDepartmentId]);
    expect((await call(t.app, contract.invitations, { token: other.token })).data).toEqual({
      items: [],
      nextCursor: null,
    });
    expect(await stateOfA()).toEqual(before);
  });

  it('a user without a company, and an unknown token, are refused', async () => {
    const loner = await createUser(t.app);
    const token = await tokenFor(t.app, loner.account, PASSWORD);
    for (const c of calls) expectForbidden(await c.send(token), c.name);
    for (const c of calls) expect((await c.send('x'.repeat(43))).code, c.name).toBe(1000401);
  });

  it('refuses a non-administrator before looking at the body', async () => {
    const token = await tokenFor(t.app, (await userAccount(a.memberId))!, PASSWORD);
    expectForbidden(await call(t.app, contract.createMember, { token, body: { role: 'admin' } }), 'bad body');
    expectForbidden(
      await call(t.app, contract.createDepartment, { token, body: { name: '', enterpriseId: 1 } }),
      'unknown field',
    );
  });

  it('an administrator of a company without the settings-centre product is refused everywhere', async () => {
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['esguard', 'mgguard'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const token = await tokenFor(t.app, admin.account, PASSWORD);
    const before = await rowsOf(company.enterpriseId);
    for (const c of calls) expectForbidden(await c.send(token), c.name);
    expect(await rowsOf(company.enterpriseId)).toEqual(before);
    // the branding query is public: the sign-in page of every company shows it
    const branding = await call(t.app, contract.personalization, { token });
    expect([branding.status, branding.code]).toEqual([200, 0]);
  });

  it('the right is checked on every call: a company that loses the product loses the settings centre at once', async () => {
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['settcntr'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const token = await tokenFor(t.app, admin.account, PASSWORD);
    expect((await call(t.app, contract.departments, { token })).code).toBe(0);
    await revokeProducts(t.app.ctx, company.domain, ['settcntr']);
    expectForbidden(await call(t.app, contract.departments, { token }), 'revoked');
    await grantProducts(t.app.ctx, company.domain, ['settcntr']);
    expect((await call(t.app, contract.departments, { token })).code).toBe(0);
  });

  it('an administrator who is demoted loses access at once', async () => {
    const second = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['settcntr'],
      members: [
        { userId: second.id, role: 'admin' },
        { userId: a.admin.id, role: 'admin' },
      ],
    });
    const token = await tokenFor(t.app, second.account, PASSWORD);
    expect((await call(t.app, contract.departments, { token })).code).toBe(0);
    await t.app.ctx.db
      .updateTable('memberships')
      .set({ role: 'member' })
      .where('enterprise_id', '=', company.enterpriseId)
      .where('user_id', '=', second.id)
      .execute();
    expectForbidden(await call(t.app, contract.departments, { token }), 'demoted');
  });

  it('every call is in the OpenAPI description', async () => {
    const docs = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    const paths = Object.keys(docs.json().paths);
    for (const declaration of [
      contract.savePersonalization,
      contract.uploadIcon,
      contract.members,
      contract.createMember,
      contract.updateMember,
      contract.removeMember,
      contract.departments,
      contract.createDepartment,
      contract.renameDepartment,
      contract.deleteDepartment,
      contract.createInvitation,
      contract.invitations,
      contract.revokeInvitation,
    ]) {
      expect(paths, declaration.path).toContain(declaration.path);
    }
  });

  /** What the settings centre could change in a company, read from the database. */
  async function rowsOf(enterpriseId: number) {
    const db = t.app.ctx.db;
    const [memberships, departments, invitations, personalizations] = await Promise.all([
      db.selectFrom('memberships').selectAll().where('enterprise_id', '=', enterpriseId).execute(),
      db.selectFrom('departments').selectAll().where('enterprise_id', '=', enterpriseId).execute(),
      db.selectFrom('invitations').selectAll().where('enterprise_id', '=', enterpriseId).execute(),
      db.selectFrom('personalizations').selectAll().where('enterprise_id', '=', enterpriseId).execute(),
    ]);
    return { memberships, departments, invitations, personalizations };
  }

  async function userAccount(userId: number) {
    const row = await t.app.ctx.db.selectFrom('users').select('account').where('id', '=', userId).executeTakeFirst();
    return row?.account;
  }
});
