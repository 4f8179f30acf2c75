import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesOf, isGrantActive, sitesOf } from '../../src/libraries/sites/decisions.ts';
import { createCompany, createUser } from '../support/fixtures.ts';
import { insertAssignment, insertGrant, insertSite } from '../support/site-rows.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;

describe(`site decisions (${ENGINE})`, () => {
  let t: TestApp;
  const at = Date.UTC(2026, 11, 1);
  let ownerAdmin: number;
  let ownerMember: number;
  let bPerson: number;
  let cPerson: number;
  let cColleague: number;
  let owner: { enterpriseId: number; defaultDepartmentId: number };
  let b: { enterpriseId: number; defaultDepartmentId: number };
  let c: { enterpriseId: number; defaultDepartmentId: number };
  let site: { id: number; publicId: string };
  let ab: number;
  let bc: number;

  const caps = async (userId: number, siteId = site.id, when = at, product: 'esguard' | 'mgguard' = 'esguard') =>
    [...(await capabilitiesOf(t.app.ctx.db, { userId, siteId, product, at: when }))].sort();

  beforeAll(async () => {
    t = await startTestApp();
    const app = t.app;
    const users = await Promise.all([0, 1, 2, 3, 4].map(async () => (await createUser(app)).id));
    [ownerAdmin, ownerMember, bPerson, cPerson, cColleague] = users as [number, number, number, number, number];
    owner = await createCompany(app, {
      products: ['esguard', 'mgguard'],
      members: [{ userId: ownerAdmin, role: 'admin' }, { userId: ownerMember }],
    });
    b = await createCompany(app, { products: ['esguard'], members: [{ userId: bPerson }] });
    c = await createCompany(app, {
      products: ['esguard', 'mgguard'],
      members: [{ userId: cPerson }, { userId: cColleague }],
    });
    const db = app.ctx.db;
    site = await insertSite(db, { enterpriseId: owner.enterpriseId, products: ['esguard', 'mgguard'], at });
    ab = await insertGrant(db, {
      siteId: site.id,
      grantor: owner.enterpriseId,
      grantee: b.enterpriseId,
      template: 'installer',
      startsAt: at - HOUR,
      endsAt: at + 10 * HOUR,
    });
    bc = await insertGrant(db, {
      siteId: site.id,
      grantor: b.enterpriseId,
      grantee: c.enterpriseId,
      parentId: ab,
      template: 'technician',
      startsAt: at - HOUR,
      endsAt: at + 5 * HOUR,
    });
    await insertAssignment(db, { grantId: ab, userId: bPerson, template: 'installer', at });
    // wider than the grant: the decision keeps it within the grant's template whatever the row says
    await insertAssignment(db, { grantId: bc, userId: cPerson, template: 'installer', at, endsAt: at + 2 * HOUR });
    await insertAssignment(db, { grantId: bc, departmentId: c.defaultDepartmentId, template: 'operator', at });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives the owner's administrators owner, and its members only their assignments", async () => {
    expect(await caps(ownerAdmin)).toEqual(['audit', 'configure', 'finance', 'operate', 'share', 'view']);
    expect(await caps(ownerMember)).toEqual([]);
    const assignment = await insertAssignment(t.app.ctx.db, {
      siteId: site.id,
      userId: ownerMember,
      template: 'auditor',
      at,
    });
    expect(await caps(ownerMember)).toEqual(['audit', 'view']);
    await t.app.ctx.db.deleteFrom('site_assignments').where('id', '=', assignment).execute();
  });

  it('follows a chain, each assignment within its grant, by user or by department', async () => {
    expect(await caps(bPerson)).toEqual(['configure', 'operate', 'view']);
    expect(await caps(cPerson)).toEqual(['operate', 'view']);
    expect(await caps(cColleague)).toEqual(['operate', 'view']);
  });

  it('lists the sites of a person reached only by their department, or only as an administrator', async () => {
    const db = t.app.ctx.db;
    // no assignment names either of them: the first reaches the site through a grant by department,
    // the second owns it by administering its company
    const byDepartment = await sitesOf(db, {
      userId: cColleague,
      enterpriseId: c.enterpriseId,
      product: 'esguard',
      at,
      limit: 10,
    });
    expect(byDepartment.map((s) => [s.siteId, s.template])).toEqual([[site.id, 'operator']]);
    const asAdministrator = await sitesOf(db, { userId: ownerAdmin, product: 'esguard', at, limit: 10 });
    expect(asAdministrator.map((s) => [s.siteId, s.template])).toEqual([[site.id, 'owner']]);
  });

  it('keeps a grant within every grant above it, whatever its own template says', async () => {
    const db = t.app.ctx.db;
    await db.updateTable('site_grants').set({ template: 'technician' }).where('id', '=', ab).execute();
    await db.updateTable('site_grants').set({ template: 'installer' }).where('id', '=', bc).execute();
    expect(await caps(cPerson)).toEqual(['operate', 'view']);
    await db.updateTable('site_grants').set({ template: 'installer' }).where('id', '=', ab).execute();
    await db.updateTable('site_grants').set({ template: 'technician' }).where('id', '=', bc).execute();
  });

  it('ends each way to the millisecond: the assignment, then the child grant, then the parent', async () => {
    // the person's own assignment ends, the department's goes on
    expect(await caps(cPerson, site.id, at + 2 * HOUR)).toEqual(['operate', 'view']);
    expect(await caps(cPerson, site.id, at + 5 * HOUR - 1)).toEqual(['operate', 'view']);
    expect(await caps(cPerson, site.id, at + 5 * HOUR)).toEqual([]);
    expect(await caps(bPerson, site.id, at + 10 * HOUR - 1)).toEqual(['configure', 'operate', 'view']);
    expect(await caps(bPerson, site.id, at + 10 * HOUR)).toEqual([]);
    expect(await caps(bPerson, site.id, at - HOUR - 1)).toEqual([]);
  });

  it('denies below a grant that ended, however long the grant below runs', async () => {
    const db = t.app.ctx.db;
    await db
      .updateTable('site_grants')
      .set({ ends_at: at - 1 })
      .where('id', '=', ab)
      .execute();
    await db.updateTable('site_grants').set({ ends_at: null }).where('id', '=', bc).execute();
    expect(await caps(cPerson)).toEqual([]);
    expect(await isGrantActive(db, bc, at)).toBe(false);
    await db
      .updateTable('site_grants')
      .set({ ends_at: at + 10 * HOUR })
      .where('id', '=', ab)
      .execute();
    expect(await isGrantActive(db, bc, at)).toBe(true);
    await db.updateTable('site_grants').set({ revoked_at: at }).where('id', '=', ab).execute();
    expect(await caps(cPerson)).toEqual([]);
    expect(await caps(cPerson, site.id, at - 1)).toEqual(['operate', 'view']);
    expect(await isGrantActive(db, bc, at)).toBe(false);
    await db.updateTable('site_grants').set({ revoked_at: null }).where('id', '=', ab).execute();
    await db
      .updateTable('site_grants')
      .set({ ends_at: at + 5 * HOUR })
      .where('id', '=', bc)
      .execute();
  });

  it('needs the product on the site and held by every company on the chain', async () => {
    // B does not hold mgguard: C's grant through B gives nothing for it, the owner's admin still has it
    expect(await caps(cPerson, site.id, at, 'mgguard')).toEqual([]);
    expect(await caps(ownerAdmin, site.id, at, 'mgguard')).toHaveLength(6);
    const other = await insertSite(t.app.ctx.db, { enterpriseId: owner.enterpriseId, products: ['mgguard'], at });
    expect(await caps(ownerAdmin, other.id)).toEqual([]);
  });

  it('gives nothing on a retired site, nor to a person removed from the company', async () => {
    const db = t.app.ctx.db;
    await db.updateTable('sites').set({ retired_at: at }).where('id', '=', site.id).execute();
    expect(await caps(ownerAdmin)).toEqual([]);
    expect(await caps(cPerson)).toEqual([]);
    expect(await isGrantActive(db, ab, at)).toBe(false);
    await db.updateTable('sites').set({ retired_at: null }).where('id', '=', site.id).execute();
    await db
      .deleteFrom('memberships')
      .where('enterprise_id', '=', c.enterpriseId)
      .where('user_id', '=', cColleague)
      .execute();
    expect(await caps(cColleague)).toEqual([]);
    expect(await caps(cPerson)).toEqual(['operate', 'view']);
  });

  it("lists a person's sites through one company, with the widest way, its end, paged by id", async () => {
    const db = t.app.ctx.db;
    const sites = await sitesOf(db, {
      userId: cPerson,
      enterpriseId: c.enterpriseId,
      product: 'esguard',
      at,
      limit: 10,
    });
    expect(sites).toEqual([
      {
        siteId: site.id,
        publicId: site.publicId,
        name: expect.any(String),
        // the department's way gives as much and lasts longer than the person's own
        template: 'operator',
        endsAt: at + 5 * HOUR,
        capabilities: ['view', 'operate'],
      },
    ]);
    // through the owner company the person has nothing
    expect(
      await sitesOf(db, { userId: cPerson, enterpriseId: owner.enterpriseId, product: 'esguard', at, limit: 10 }),
    ).toEqual([]);
    const more = [];
    for (let i = 0; i < 4; i++) {
      more.push(await insertSite(db, { enterpriseId: owner.enterpriseId, products: ['esguard'], at }));
    }
    const all = [site.id, ...more.map((s) => s.id)];
    const pages: number[][] = [];
    let after: number | undefined;
    for (;;) {
      const page = await sitesOf(db, {
        userId: ownerAdmin,
        enterpriseId: owner.enterpriseId,
        product: 'esguard',
        at,
        limit: 2,
        after,
      });
      if (page.length === 0) break;
      pages.push(page.map((s) => s.siteId));
      expect(page.every((s) => s.template === 'owner' && s.endsAt === null)).toBe(true);
      after = page[page.length - 1]!.siteId;
    }
    expect(pages.flat()).toEqual(all);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
  });
});
