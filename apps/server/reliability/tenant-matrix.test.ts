import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import type { Db } from '../src/db/database.ts';
import type { QueryValues } from '../test-kit/call.ts';
import { insertAccount } from './support/accounts.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Tenant2026x';

/** Everything of company B that a call could change, read straight from the database. */
async function snapshot(db: Db, enterpriseId: number, userIds: number[]) {
  const [enterprise, departments, memberships, invitations, personalization, products, users] = await Promise.all([
    db.db.selectFrom('enterprises').selectAll().where('id', '=', enterpriseId).execute(),
    db.db.selectFrom('departments').selectAll().where('enterprise_id', '=', enterpriseId).orderBy('id').execute(),
    db.db.selectFrom('memberships').selectAll().where('enterprise_id', '=', enterpriseId).orderBy('user_id').execute(),
    db.db.selectFrom('invitations').selectAll().where('enterprise_id', '=', enterpriseId).orderBy('id').execute(),
    db.db
      .selectFrom('personalizations')
      .select(['platform_name', 'platform_name_cn', 'platform_name_en', 'language_type', 'icon_version', 'updated_at'])
      .where('enterprise_id', '=', enterpriseId)
      .execute(),
    db.db.selectFrom('enterprise_products').selectAll().where('enterprise_id', '=', enterpriseId).execute(),
    db.db
      .selectFrom('users')
      .select(['id', 'account', 'nickname', 'phone', 'email', 'password_hash', 'disabled', 'updated_at'])
      .where('id', 'in', userIds)
      .orderBy('id')
      .execute(),
  ]);
  return { enterprise, departments, memberships, invitations, personalization, products, users };
}

describe(`tenant isolation: company A's people against company B (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  const a = { enterpriseId: 0, defaultDepartmentId: 0, memberId: 0, adminToken: '', memberToken: '' };
  const b = {
    enterpriseId: 0,
    defaultDepartmentId: 0,
    domain: '',
    adminId: 0,
    memberId: 0,
    departmentId: 0,
    invitationId: 0,
  };

  const call = (declaration: CallDeclaration, token: string, body: unknown) =>
    server.call(declaration, { token, body, from: newClientAddress() });
  const enter = (token: string, enterpriseId: number) =>
    server.call(contract.enterEnterprise, {
      query: { enterpriseId },

      token,
      from: newClientAddress(),
    });

  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
    const ctx = fixtureContext(server, db);
    const [adminA, memberA, adminB, memberB] = await Promise.all(
      Array.from({ length: 4 }, () => insertAccount(db, { password: PASSWORD })),
    );
    const companyA = await createCompany(ctx, {
      products: ['settcntr', 'esguard'],
      people: [
        { userId: adminA!.id, role: 'admin' },
        { userId: memberA!.id, role: 'member' },
      ],
    });
    const companyB = await createCompany(ctx, {
      products: ['settcntr', 'mgguard'],
      people: [
        { userId: adminB!.id, role: 'admin' },
        { userId: memberB!.id, role: 'member' },
      ],
    });
    Object.assign(a, companyA, {
      memberId: memberA!.id,
      adminToken: await signIn(server, adminA!.account, PASSWORD),
      memberToken: await signIn(server, memberA!.account, PASSWORD),
    });
    for (const token of [a.adminToken, a.memberToken]) expect((await enter(token, a.enterpriseId)).json.code).toBe(0);

    // B's administrator makes B's rows the way the settings centre does
    const tokenB = await signIn(server, adminB!.account, PASSWORD);
    expect((await enter(tokenB, companyB.enterpriseId)).json.code).toBe(0);
    const department = await call(contract.createDepartment, tokenB, { name: 'B Research' });
    expect(department.json.code, department.text).toBe(0);
    const invitation = await call(contract.createInvitation, tokenB, {
      kind: 'member',
      departmentId: department.json.data.id,
    });
    expect(invitation.json.code, invitation.text).toBe(0);
    const branding = await call(contract.savePersonalization, tokenB, {
      platformName: 'B Platform',
      platformNameCn: 'B 平台',
      platformNameEn: 'B Platform',
      languageType: 'en-US',
    });
    expect(branding.json.code, branding.text).toBe(0);
    Object.assign(b, companyB, {
      adminId: adminB!.id,
      memberId: memberB!.id,
      departmentId: department.json.data.id,
      invitationId: invitation.json.data.invitationId,
    });
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  /**
   * Every enterprise call of the settings centre and the portal that names a row, with B's ids, and
   * what A's administrator gets: B's rows are not this company's (1000404; an invitation's department
   * is a refused field, 1000400), and B is no company of theirs (1000403). A's member gets 1000403 for all.
   */
  const attempts = (): {
    name: string;
    call: CallDeclaration;
    query?: QueryValues;
    body?: unknown;
    admin: number;
  }[] => [
    { name: 'enter B', call: contract.enterEnterprise, query: { enterpriseId: b.enterpriseId }, admin: 1000403 },
    {
      name: 'demote B admin',
      call: contract.updateMember,
      body: { userId: b.adminId, role: 'member' },
      admin: 1000404,
    },
    {
      name: 'promote B member',
      call: contract.updateMember,
      body: { userId: b.memberId, role: 'admin' },
      admin: 1000404,
    },
    {
      name: 'move B member',
      call: contract.updateMember,
      body: { userId: b.memberId, departmentId: a.defaultDepartmentId },
      admin: 1000404,
    },
    {
      name: "move A's member into a B department",
      call: contract.updateMember,
      body: { userId: a.memberId, departmentId: b.departmentId },
      admin: 1000404,
    },
    { name: 'remove B member', call: contract.removeMember, body: { userId: b.memberId }, admin: 1000404 },
    { name: 'remove B admin', call: contract.removeMember, body: { userId: b.adminId }, admin: 1000404 },
    {
      name: 'create a member in a B department',
      call: contract.createMember,
      body: {
        account: `intruder${b.enterpriseId}`,
        nickname: 'Intruder',
        password: PASSWORD,
        departmentId: b.departmentId,
      },
      admin: 1000404,
    },
    {
      name: 'create under a B department',
      call: contract.createDepartment,
      body: { name: 'Intrusion', parentId: b.departmentId },
      admin: 1000404,
    },
    {
      name: 'rename a B department',
      call: contract.renameDepartment,
      body: { id: b.departmentId, name: 'Taken over' },
      admin: 1000404,
    },
    {
      name: "rename B's default department",
      call: contract.renameDepartment,
      body: { id: b.defaultDepartmentId, name: 'Taken over' },
      admin: 1000404,
    },
    {
      name: 'delete a B department',
      call: contract.deleteDepartment,
      body: { id: b.departmentId },
      admin: 1000404,
    },
    {
      name: 'invite into a B department',
      call: contract.createInvitation,
      body: { kind: 'member', departmentId: b.departmentId },
      admin: 1000400,
    },
    {
      name: 'revoke a B invitation',
      call: contract.revokeInvitation,
      body: { id: b.invitationId },
      admin: 1000404,
    },
  ];

  it.each(['admin', 'member'] as const)(
    "refuses A's %s every call against B's members, departments, invitations and company, and B stays as it was",
    async (who) => {
      const token = who === 'admin' ? a.adminToken : a.memberToken;
      const people = [b.adminId, b.memberId];
      const before = await snapshot(db, b.enterpriseId, people);
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const attempt of attempts()) {
        const reply = await server.call(attempt.call, {
          query: attempt.query,
          token,
          body: attempt.body,
          from: newClientAddress(),
        });
        answers[attempt.name] = reply.json?.code;
        expected[attempt.name] = who === 'admin' ? attempt.admin : 1000403;
      }
      console.log(`[${ENGINE}] A's ${who} against B:`, answers);
      expect(answers).toEqual(expected);
      expect(await snapshot(db, b.enterpriseId, people)).toEqual(before);
    },
  );

  it("shows A's people nothing of B: lists, branding, portal, whatever the cookies say", async () => {
    const before = await snapshot(db, b.enterpriseId, [b.adminId, b.memberId]);
    // the web app's company cookie is no way into B: the session's own company answers
    const cookies = { cookie: `enterpriseId=${b.enterpriseId}; token=${a.adminToken}` };
    const get = (declaration: CallDeclaration, query?: QueryValues) =>
      server.call(declaration, { query, token: a.adminToken, headers: cookies, from: newClientAddress() });

    const members = await get(contract.members, { pageSize: 100 });
    expect(members.json.code).toBe(0);
    const memberIds = members.json.data.items.map((m: { userId: number }) => m.userId);
    expect(memberIds).not.toContain(b.adminId);
    expect(memberIds).not.toContain(b.memberId);
    const departments = await get(contract.departments);
    expect(departments.json.data.map((d: { id: number }) => d.id)).not.toContain(b.departmentId);
    expect(departments.json.data.map((d: { id: number }) => d.id)).not.toContain(b.defaultDepartmentId);
    const invitations = await get(contract.invitations);
    expect(invitations.json.data.items.map((i: { id: number }) => i.id)).not.toContain(b.invitationId);

    // with a session, the branding is the session's company's even when B's domain is asked for
    const branding = await get(contract.personalization, { domain: b.domain });
    expect(branding.json.data.platformName).not.toBe('B Platform');
    const save = await server.call(contract.savePersonalization, {
      token: a.adminToken,
      headers: cookies,
      body: {
        platformName: 'A Platform',
        platformNameCn: 'A 平台',
        platformNameEn: 'A Platform',
        languageType: 'de-DE',
      },
      from: newClientAddress(),
    });
    expect(save.json.code).toBe(0);

    const portal = await get(contract.portalInfo);
    expect(portal.json.data.enterpriseId).toBe(a.enterpriseId);
    expect(portal.json.data.enterpriseProduct.map((e: { enterpriseId: number }) => e.enterpriseId)).toEqual([
      a.enterpriseId,
    ]);
    const role = await get(contract.portalAdmin);
    expect(role.json.data).toEqual({ isAdmin: true, role: 'admin' });

    expect(await snapshot(db, b.enterpriseId, [b.adminId, b.memberId])).toEqual(before);
    // and A's own rows did not take in anything of B's
    const intruders = await db.db
      .selectFrom('memberships')
      .select('user_id')
      .where('enterprise_id', '=', a.enterpriseId)
      .where((eb) => eb.or([eb('user_id', 'in', [b.adminId, b.memberId]), eb('department_id', '=', b.departmentId)]))
      .execute();
    expect(intruders).toEqual([]);
  });
});
