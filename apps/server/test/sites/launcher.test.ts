import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { DAY, newSite, share, shareOn, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

describe(`the home's site cards (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const at = (ms: number) => new Date(t.app.ctx.now() + ms).toISOString();
  /** A company like siteCompany's, with a member beside its administrator. */
  async function companyWithMember(nickname: string) {
    const [admin, member] = [await createUser(t.app), await createUser(t.app, { nickname })];
    const company = await createCompany(t.app, {
      products: ['settcntr', 'esguard'],
      members: [{ userId: admin.id, role: 'admin' }, { userId: member.id }],
    });
    return {
      company: { admin, ...company, token: await tokenFor(t.app, admin.account, PASSWORD) },
      member: { id: member.id, token: await tokenFor(t.app, member.account, PASSWORD) },
    };
  }
  const cards = async (token: string) => {
    const answer = await call(t.app, contract.portalSites, { token });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };

  it('show a person the sites shared with them, product · site · until, and drop one the moment its chain ends', async () => {
    const [a, b] = [await siteCompany(t.app), await siteCompany(t.app)];
    const { company: c, member } = await companyWithMember('Field Technician');
    const siteId = await newSite(t.app, a, { name: 'Harbour Storage', productCodes: ['esguard'] });
    const [toB] = await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'technician',
      mayShare: true,
      endsAt: at(30 * DAY),
    });
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB!.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
    });
    const { token } = member;
    // not assigned yet: the company holds the site, the person does not
    expect(await cards(token)).toEqual({ sites: [], truncated: false });
    const assigned = await call(t.app, contract.addAssignment, {
      token: c.token,
      body: { grantId: toC!.grantId, userId: member.id, template: 'operator', endsAt: at(5 * DAY) },
    });
    expect(assigned.code, assigned.msg).toBe(0);

    const { sites } = await cards(token);
    const esguard = (await call(t.app, contract.portalInfo, { token })).data.enterpriseProduct[0]!.productList.find(
      (product: { productCode: string }) => product.productCode === 'esguard',
    );
    expect(sites).toEqual([
      {
        productId: esguard!.id,
        productCode: 'esguard',
        entryPath: '/es',
        siteId,
        siteName: 'Harbour Storage',
        template: 'operator',
        until: assigned.data.endsAt,
      },
    ]);
    // the owner's administrators hold every live site of their company; B's administrator holds a
    // grant but is not assigned to it, so no card
    expect((await cards(a.token)).sites.map((site) => [site.siteId, site.template])).toEqual([[siteId, 'owner']]);
    expect((await cards(b.token)).sites).toEqual([]);

    // A revokes B's grant: C's grant under it ends with it, and so does the card
    expect((await call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB!.grantId } })).code).toBe(0);
    expect((await cards(token)).sites).toEqual([]);
  });

  it('end with the assignment, from the first request after its end', async () => {
    const a = await siteCompany(t.app);
    const { company: b, member } = await companyWithMember('Night Shift');
    const { token } = member;
    const siteId = await newSite(t.app, a, { productCodes: ['esguard'] });
    const [toB] = await share(t.app, a, { siteIds: [siteId], domain: b.domain, template: 'technician' });
    const ends = t.app.ctx.now() + 2000;
    const assigned = await call(t.app, contract.addAssignment, {
      token: b.token,
      body: {
        grantId: toB!.grantId,
        userId: member.id,
        template: 'technician',
        endsAt: new Date(ends).toISOString(),
      },
    });
    expect(assigned.code, assigned.msg).toBe(0);
    expect((await cards(token)).sites.map((site) => site.siteId)).toEqual([siteId]);

    // the real clock runs on between the two: 200 ms before the end, then at it
    t.clock.advance(ends - t.app.ctx.now() - 200);
    expect((await cards(token)).sites).toHaveLength(1);
    t.clock.advance(200);
    expect((await cards(token)).sites).toEqual([]);
  });
});
