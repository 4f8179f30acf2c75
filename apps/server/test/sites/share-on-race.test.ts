import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from '../support/http.ts';
import { DAY, eventsOf, newSite, share, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const ROUNDS = 20;

/**
 * A share-on and a revoke of the grant it comes from, sent at once: on PostgreSQL the two run on two
 * connections at the same time. Whichever commits first, no grant is ever made under a grant already
 * revoked, and a revoke that follows the share-on ends the new grant with its parent and tells its
 * holder.
 */
describe(`a share-on raced against a revoke of its parent (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it(`leaves no live grant under a revoked one, ${ROUNDS} rounds`, async () => {
    const a = await siteCompany(t.app);
    const b = await siteCompany(t.app);
    const outcomes = { shareOnFirst: 0, revokeFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const c = await siteCompany(t.app);
      const siteId = await newSite(t.app, a);
      const [toB] = await share(t.app, a, {
        siteIds: [siteId],
        domain: b.domain,
        template: 'installer',
        mayShare: true,
        endsAt: new Date(t.app.ctx.now() + 30 * DAY).toISOString(),
      });
      const [on, revoke] = await Promise.all([
        call(t.app, contract.shareOn, {
          token: b.token,
          body: {
            grantIds: [toB!.grantId],
            domain: c.domain,
            template: 'technician',
            endsAt: new Date(t.app.ctx.now() + 10 * DAY).toISOString(),
          },
        }),
        call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB!.grantId } }),
      ]);
      expect(revoke.code, revoke.msg).toBe(0);
      if (on.code === 0) {
        outcomes.shareOnFirst++;
        const toC = on.data.grants[0]!.grantId;
        expect(revoke.data.ended).toEqual([toB!.grantId, toC]);
        expect((await eventsOf(t.app, c, 'site_grant.revoked')).map((e) => e.data.endedGrants)).toEqual([
          [toB!.grantId, toC],
        ]);
      } else {
        outcomes.revokeFirst++;
        expect(on.code).toBe(ErrorCode.GrantNotActive);
        expect(revoke.data.ended).toEqual([toB!.grantId]);
      }
      const detail = await call(t.app, contract.site, { token: a.token, query: { siteId } });
      expect(detail.data.grants.filter((g: { status: string }) => g.status === 'active')).toEqual([]);
    }
    // no grant was written after the grant above it had been revoked
    const late = await t.app.ctx.db
      .selectFrom('site_grants as child')
      .innerJoin('site_grants as parent', 'parent.id', 'child.parent_grant_id')
      .select('child.public_id')
      .where((eb) => eb('parent.revoked_at', '<=', eb.ref('child.created_at')))
      .execute();
    expect(late).toEqual([]);
    expect(outcomes.shareOnFirst + outcomes.revokeFirst).toBe(ROUNDS);
  });
});
