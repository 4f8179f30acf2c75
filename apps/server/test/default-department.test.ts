import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ListedMigrations, migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/libraries/company/demo-seed.ts';
import { createInvitation } from '../src/libraries/company/invitations.ts';
import { grantProducts } from '../src/libraries/company/product-rights.ts';
import { call, tokenFor } from './support/http.ts';
import { accountFields, newCompany, newPhone, ticketFor } from './support/registration-flow.ts';
import { ENGINE, type TestApp, createTestDatabase, startTestApp } from './support/test-app.ts';

interface Department {
  id: number;
  isDefault: boolean;
  memberCount: number;
}

/** Every member of a company is in a department, so the default department's count is its list. */
describe(`every member in a department (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** The default department as the settings centre counts it, and the members it lists in it. */
  async function defaultDepartmentOf(token: string) {
    const departments = await call(t.app, contract.departments, { token });
    expect(departments.code, departments.msg).toBe(0);
    const department = (departments.data as Department[]).find((d) => d.isDefault)!;
    const members = await call(t.app, contract.members, { query: { pageSize: 100 }, token });
    const items = members.data.items as { userId: number; departmentId: number | null }[];
    expect(items.filter((m) => m.departmentId === null)).toEqual([]);
    return { ...department, listed: items.filter((m) => m.departmentId === department.id).map((m) => m.userId) };
  }

  it('the demo administrator is counted in the default department that lists them', async () => {
    expect((await seedDemo(t.app.ctx)).created).toBe(true);
    const token = await tokenFor(t.app, 'admin', DEMO_PASSWORD);
    const department = await defaultDepartmentOf(token);
    expect(department.listed).toHaveLength(1);
    expect(department.memberCount).toBe(department.listed.length);
  });

  it('after an admin sign-up, and the members it creates and invites, count and list agree', async () => {
    const link = await createInvitation(t.app.ctx, { kind: 'admin', enterpriseId: null });
    const domain = `dept${Date.now() % 1_000_000}`;
    const enterprise = newCompany({ domain });
    const ticket = await ticketFor(t.app, newPhone());
    const signUp = await call(t.app, contract.adminSignUp, {
      body: { referralId: link.id, ticket, ...accountFields('Founder'), enterprise },
    });
    expect(signUp.code, signUp.msg).toBe(0);
    await grantProducts(t.app.ctx, domain, ['settcntr']);
    const token = signUp.data.token as string;
    const afterSignUp = await defaultDepartmentOf(token);
    expect([afterSignUp.memberCount, afterSignUp.listed.length]).toEqual([1, 1]);

    const created = await call(t.app, contract.createMember, {
      token,
      body: { account: 'dept.staff', nickname: 'Staff', password: 'Staff2026x' },
    });
    expect(created.code, created.msg).toBe(0);
    const member = await createInvitation(t.app.ctx, { kind: 'member', enterpriseId: signUp.data.enterpriseId });
    const joined = await call(t.app, contract.memberSignUp, {
      body: { referralId: member.id, ticket: await ticketFor(t.app, newPhone()), ...accountFields('Joiner') },
    });
    expect(joined.code, joined.msg).toBe(0);
    const department = await defaultDepartmentOf(token);
    expect(department.listed).toHaveLength(3);
    expect(department.memberCount).toBe(department.listed.length);
  });
});

describe(`migration 0005 places members without a department (${ENGINE})`, () => {
  it("moves them into their company's default department and leaves the others where they are", async () => {
    const testDb = await createTestDatabase();
    try {
      const { db, engine } = testDb.database;
      // rows as the tables were before 0005, which the current schema types no longer describe
      const old = db as unknown as Kysely<any>;
      const migrator = new Migrator({ db, provider: new ListedMigrations(engine) });
      expect((await migrator.migrateTo('0004-retention-indexes')).error).toBeUndefined();
      const enterprise = async (domain: string) => {
        const row = await old
          .insertInto('enterprises')
          .values({
            kind: 'common',
            abbreviation: domain,
            full_name: domain,
            credit_code: domain,
            domain,
            parent_enterprise_id: null,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const department = (name: string, isDefault: number) =>
          old
            .insertInto('departments')
            .values({ enterprise_id: row.id, name, parent_id: null, is_default: isDefault, created_at: 0 })
            .returning('id')
            .executeTakeFirstOrThrow();
        return { id: row.id, defaultId: (await department('all', 1)).id, otherId: (await department('sales', 0)).id };
      };
      const a = await enterprise('alpha');
      const b = await enterprise('beta');
      const user = async (phone: string) =>
        (
          await old
            .insertInto('users')
            .values({
              nickname: phone,
              phone,
              lang_code: 'zh-CN',
              user_type: 'investors',
              created_at: 0,
              updated_at: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [u1, u2] = [await user('13900000001'), await user('13900000002')];
      // the same person without a department in two companies, and one already placed
      await old
        .insertInto('memberships')
        .values([
          { enterprise_id: a.id, user_id: u1, role: 'admin', department_id: null, joined_at: 0 },
          { enterprise_id: b.id, user_id: u1, role: 'member', department_id: null, joined_at: 0 },
          { enterprise_id: a.id, user_id: u2, role: 'member', department_id: a.otherId, joined_at: 0 },
        ])
        .execute();

      // 0005, then any later ones
      expect((await migrateToLatest(testDb.database))[0]).toBe('0005-members-in-departments');
      const rows = await db
        .selectFrom('memberships')
        .select(['enterprise_id', 'user_id', 'department_id'])
        .orderBy('enterprise_id')
        .orderBy('user_id')
        .execute();
      expect(rows).toEqual([
        { enterprise_id: a.id, user_id: u1, department_id: a.defaultId },
        { enterprise_id: a.id, user_id: u2, department_id: a.otherId },
        { enterprise_id: b.id, user_id: u1, department_id: b.defaultId },
      ]);
      // the schema now refuses a member without a department
      const bare = { enterprise_id: b.id, user_id: u2, role: 'member', joined_at: 0 };
      await expect(
        db
          .insertInto('memberships')
          .values(bare as never)
          .execute(),
      ).rejects.toThrow();
      // the rebuilt table keeps its keys: a second membership in one company is refused
      await expect(
        db
          .insertInto('memberships')
          .values({ enterprise_id: a.id, user_id: u2, role: 'member', department_id: a.defaultId, joined_at: 0 })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await testDb.database.close();
      await testDb.drop();
    }
  });
});
