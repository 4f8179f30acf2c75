import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { SITES_MAX, SITE_GRANTS_MAX } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from '../support/http.ts';
import { DAY, newSite, siteBody, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const CONCURRENT = 10;

/** The limits are counted and taken in one step under the owner's lock: of requests racing for the
 *  last place, exactly one takes it. */
describe(`the limits of sites and grants under concurrent requests (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it(`lets exactly one of ${CONCURRENT} concurrent creations take the last site`, async () => {
    const a = await siteCompany(t.app);
    const now = t.app.ctx.now();
    await t.app.ctx.db
      .insertInto('sites')
      .values(
        Array.from({ length: SITES_MAX - 1 }, (_, i) => ({
          public_id: `site_${randomBytes(16).toString('base64url')}`,
          enterprise_id: a.enterpriseId,
          name: `Held ${i}`,
          kind: 'pv' as const,
          region: 'CN-GD',
          time_zone: 'Asia/Shanghai',
          rated_power_kw: null,
          rated_energy_kwh: null,
          product_codes: '["esguard"]',
          retired_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const codes = await Promise.all(
      Array.from(
        { length: CONCURRENT },
        async () => (await call(t.app, contract.createSite, { token: a.token, body: siteBody() })).code,
      ),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.SiteLimit)).toHaveLength(CONCURRENT - 1);
  });

  it('lets exactly one of two concurrent creations take a name', async () => {
    const a = await siteCompany(t.app);
    const codes = await Promise.all(
      [1, 2].map(
        async () =>
          (await call(t.app, contract.createSite, { token: a.token, body: siteBody({ name: 'Same Name' }) })).code,
      ),
    );
    expect(codes.sort()).toEqual([0, ErrorCode.SiteNameTaken]);
  });

  it(`lets exactly one of ${CONCURRENT} concurrent shares take the last grant of a site`, async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const site = await t.app.ctx.db
      .selectFrom('sites')
      .select('id')
      .where('public_id', '=', siteId)
      .executeTakeFirstOrThrow();
    const now = t.app.ctx.now();
    for (let i = 0; i < SITE_GRANTS_MAX - 1; i++) {
      const holder = await siteCompany(t.app);
      await t.app.ctx.db
        .insertInto('site_grants')
        .values({
          public_id: `sgr_${randomBytes(16).toString('base64url')}`,
          site_id: site.id,
          grantor_enterprise_id: a.enterpriseId,
          grantee_enterprise_id: holder.enterpriseId,
          parent_grant_id: null,
          template: 'auditor',
          may_share: 0,
          starts_at: now,
          ends_at: now + 30 * DAY,
          revoked_at: null,
          created_by: a.admin.id,
          created_at: now,
        })
        .execute();
    }
    const grantees = await Promise.all(Array.from({ length: CONCURRENT }, () => siteCompany(t.app)));
    const codes = await Promise.all(
      grantees.map(
        async (grantee) =>
          (
            await call(t.app, contract.shareSites, {
              token: a.token,
              body: { siteIds: [siteId], domain: grantee.domain, template: 'auditor' },
            })
          ).code,
      ),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.GrantLimit)).toHaveLength(CONCURRENT - 1);
  });
});
