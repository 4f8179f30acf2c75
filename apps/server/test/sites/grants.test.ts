import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { PASSWORD } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { DAY, type SiteCompany, auditOf, eventsOf, newSite, share, shareOn, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

describe(`grants of sites between companies (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const at = (ms: number) => new Date(t.app.ctx.now() + ms).toISOString();
  const chainOf = async (owner: SiteCompany, siteId: string) => {
    const reply = await call(t.app, contract.site, { token: owner.token, query: { siteId } });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.grants as {
      grantId: string;
      parentGrantId: string | null;
      depth: number;
      grantee: { domain: string };
      template: string;
      status: string;
    }[];
  };
  const mailTo = async (email: string) => {
    await t.app.messenger.idle();
    const reply = await call(t.app, contract.devOutbox, { query: { to: email } });
    return reply.data as { text: string; subject: string }[];
  };

  /** A owns a site and shares it with B as O&M until 30 days, with share-on. */
  async function chainAB() {
    const [a, b, c] = [await siteCompany(t.app), await siteCompany(t.app), await siteCompany(t.app)];
    const siteId = await newSite(t.app, a, { name: 'Dongguan Storage' });
    const [toB] = await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'technician',
      endsAt: at(30 * DAY),
      mayShare: true,
    });
    return { a, b, c, siteId, toB: toB! };
  }

  it('the owner shares with another company by domain; its administrators are told and see it', async () => {
    const { a, b, siteId, toB } = await chainAB();
    expect(toB).toMatchObject({ grantId: expect.stringMatching(/^sgr_/), siteId, status: 'active', depth: 1 });
    const mail = await mailTo(b.admin.email!);
    expect(mail[0]!.subject).toBe(translate('zh-CN', 'mail.siteSharedSubject'));
    expect(mail[0]!.text).toContain('Dongguan Storage');
    const shared = await call(t.app, contract.sharedWithUs, { token: b.token });
    expect(shared.data.items).toEqual([
      expect.objectContaining({
        grant: expect.objectContaining({ grantId: toB.grantId, template: 'technician', mayShare: true }),
        site: expect.objectContaining({ siteId, name: 'Dongguan Storage' }),
        owner: { name: expect.any(String), domain: a.domain },
      }),
    ]);
    for (const company of [a, b]) {
      expect((await eventsOf(t.app, company, 'site_grant.created')).map((e) => e.data.grantId)).toEqual([toB.grantId]);
      expect(await auditOf(t.app, company, 'site-grant.create')).toHaveLength(1);
    }
  });

  it('a holder shares on never wider, and every refusal has its code and changes nothing', async () => {
    const { a, b, c, siteId, toB } = await chainAB();
    const d = await siteCompany(t.app);
    const tryOn = (company: SiteCompany, body: Record<string, unknown>) =>
      call(t.app, contract.shareOn, {
        token: company.token,
        body: { grantIds: [toB.grantId], domain: c.domain, template: 'operator', endsAt: at(10 * DAY), ...body },
        headers: { cookie: 'langCode=ja-JP' },
      });
    const wider = await tryOn(b, { template: 'installer' });
    expect([wider.code, wider.msg]).toEqual([ErrorCode.GrantWider, translate('ja-JP', 'errors.1009246')]);
    expect((await tryOn(b, { endsAt: at(31 * DAY) })).code).toBe(ErrorCode.GrantEndsLater);
    expect((await tryOn(b, { endsAt: null })).code).toBe(ErrorCode.GrantEndsLater);
    expect((await tryOn(b, { endsAt: at(-DAY) })).code).toBe(ErrorCode.GrantTimesInvalid);
    expect((await tryOn(b, { domain: 'no-such-company' })).code).toBe(ErrorCode.GrantCompanyUnknown);
    expect((await tryOn(b, { domain: a.domain })).code).toBe(ErrorCode.GrantHolderRefused);
    expect((await tryOn(b, { domain: b.domain })).code).toBe(ErrorCode.GrantHolderRefused);
    expect((await tryOn(b, { template: 'captain' })).data.fields).toEqual({ template: 'validation.invalidValue' });
    // another company cannot use B's grant: as if it did not exist
    expect((await tryOn(d, {})).code).toBe(ErrorCode.NotFound);
    expect(await chainOf(a, siteId)).toHaveLength(1);

    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
    });
    // C may not share on: B did not allow it
    const fromC = await call(t.app, contract.shareOn, {
      token: c.token,
      body: { grantIds: [toC!.grantId], domain: d.domain, template: 'operator', endsAt: at(5 * DAY) },
    });
    expect(fromC.code).toBe(ErrorCode.GrantNoShareRight);
    // no share back: the owner and a holder already have it
    expect(
      (
        await call(t.app, contract.shareSites, {
          token: a.token,
          body: { siteIds: [siteId], domain: c.domain, template: 'auditor' },
        })
      ).code,
    ).toBe(ErrorCode.GrantHolderRefused);
    const chain = await chainOf(a, siteId);
    expect(chain.map((g) => [g.grantee.domain, g.depth, g.parentGrantId, g.status])).toEqual([
      [b.domain, 1, null, 'active'],
      [c.domain, 2, toB.grantId, 'active'],
    ]);
    for (const company of [a, b, c])
      expect((await eventsOf(t.app, company, 'site_grant.created')).map((e) => e.data.grantId)).toContain(toC!.grantId);
  });

  it('no cycle: a company above in the chain never gets the site back, even by another path', async () => {
    const { b, c, toB } = await chainAB();
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
      mayShare: true,
    });
    const back = await call(t.app, contract.shareOn, {
      token: c.token,
      body: { grantIds: [toC!.grantId], domain: b.domain, template: 'operator', endsAt: at(5 * DAY) },
    });
    expect(back.code).toBe(ErrorCode.GrantHolderRefused);
  });

  it('a revoke ends the grant and every grant made from it, in every company, and is recorded once', async () => {
    const { a, b, c, siteId, toB } = await chainAB();
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
    });
    const revoked = await call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB.grantId } });
    expect(revoked.data).toEqual({ ended: [toB.grantId, toC!.grantId] });
    expect((await chainOf(a, siteId)).map((g) => g.status)).toEqual(['revoked', 'ended']);
    for (const company of [a, b, c]) {
      expect((await eventsOf(t.app, company, 'site_grant.revoked')).map((e) => e.data)).toEqual([
        { grantId: toB.grantId, siteId, reason: 'revoked', endedGrants: [toB.grantId, toC!.grantId] },
      ]);
      expect(await auditOf(t.app, company, 'site-grant.revoke')).toHaveLength(1);
    }
    // each log tells it in words: the action, the site, the link and how much ended
    const csv = await t.app.inject({
      method: 'GET',
      url: `${contract.auditEventsCsv.path}?action=site-grant.revoke`,
      headers: { authorization: `Bearer ${c.token}`, cookie: 'langCode=en-US' },
    });
    expect(csv.payload).toContain('Revoked a site grant');
    expect(csv.payload).toContain(`Site: Dongguan Storage · Grant ${toB.grantId}: `);
    expect(csv.payload).toContain('ended 2 grants');
    // nothing can be shared on from under a revoked grant
    const d = await siteCompany(t.app);
    const late = await call(t.app, contract.shareOn, {
      token: b.token,
      body: { grantIds: [toB.grantId], domain: d.domain, template: 'operator', endsAt: at(5 * DAY) },
    });
    expect(late.code).toBe(ErrorCode.GrantNotActive);
    expect((await call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB.grantId } })).data).toEqual({
      ended: [],
    });
    expect(await eventsOf(t.app, a, 'site_grant.revoked')).toHaveLength(1);
    // the owner may share with B again once B no longer holds it
    await share(t.app, a, { siteIds: [siteId], domain: b.domain, template: 'auditor' });
  });

  it('the owner revokes any link; the grantor its own; the holder leaves; others find nothing', async () => {
    const { a, b, c, toB } = await chainAB();
    const d = await siteCompany(t.app);
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
      mayShare: true,
    });
    const [toD] = await shareOn(t.app, c, {
      grantIds: [toC!.grantId],
      domain: d.domain,
      template: 'technician',
      endsAt: at(5 * DAY),
    });
    const outsider = await siteCompany(t.app);
    expect(
      (await call(t.app, contract.revokeGrant, { token: outsider.token, body: { grantId: toC!.grantId } })).code,
    ).toBe(ErrorCode.NotFound);
    expect((await call(t.app, contract.leaveGrant, { token: b.token, body: { grantId: toC!.grantId } })).code).toBe(
      ErrorCode.NotFound,
    );
    const left = await call(t.app, contract.leaveGrant, { token: c.token, body: { grantId: toC!.grantId } });
    expect(left.data).toEqual({ ended: [toC!.grantId, toD!.grantId] });
    const events = await eventsOf(t.app, d, 'site_grant.revoked');
    expect(events.map((e) => e.data.reason)).toEqual(['left']);
    expect(await auditOf(t.app, c, 'site-grant.leave')).toHaveLength(1);
    // the owner revokes the first link: only B's grant was still live
    expect((await call(t.app, contract.revokeGrant, { token: a.token, body: { grantId: toB.grantId } })).data).toEqual({
      ended: [toB.grantId],
    });
  });

  it('a chain is at most 8 grants deep', async () => {
    const { toB, b } = await chainAB();
    let holder = b;
    let grantId = toB.grantId;
    let end = 29 * DAY;
    for (let depth = 2; depth <= 8; depth++) {
      const next = await siteCompany(t.app);
      const [made] = await shareOn(t.app, holder, {
        grantIds: [grantId],
        domain: next.domain,
        template: 'technician',
        endsAt: at(end),
        mayShare: true,
      });
      expect(made).toMatchObject({ depth });
      [holder, grantId, end] = [next, made!.grantId, end - DAY];
    }
    const ninth = await siteCompany(t.app);
    const refused = await call(t.app, contract.shareOn, {
      token: holder.token,
      body: { grantIds: [grantId], domain: ninth.domain, template: 'technician', endsAt: at(end) },
    });
    expect(refused.code).toBe(ErrorCode.GrantDepthLimit);
  });

  it('an expired grant above a live one ends it: it cannot be shared on and shows ended', async () => {
    const { a, b, c, siteId, toB } = await chainAB();
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
    });
    await call(t.app, contract.updateGrant, { token: a.token, body: { grantId: toB.grantId, endsAt: at(2 * DAY) } });
    t.clock.advance(3 * DAY);
    a.token = await tokenFor(t.app, a.admin.account, PASSWORD);
    expect((await chainOf(a, siteId)).map((g) => g.status)).toEqual(['expired', 'ended']);
    const shared = await call(t.app, contract.sharedWithUs, {
      token: await tokenFor(t.app, c.admin.account, PASSWORD),
    });
    expect(shared.data.items[0]!.grant).toMatchObject({ grantId: toC!.grantId, status: 'ended' });
    const d = await siteCompany(t.app);
    const fromB = await call(t.app, contract.shareOn, {
      token: await tokenFor(t.app, b.admin.account, PASSWORD),
      body: { grantIds: [toB.grantId], domain: d.domain, template: 'operator', endsAt: at(DAY) },
    });
    expect(fromB.code).toBe(ErrorCode.GrantNotActive);
    // after expiry the owner may give the site to B again: the expired grant no longer holds
    await share(t.app, a, { siteIds: [siteId], domain: b.domain, template: 'auditor' });
  });

  it('a grant past its start time waits; a changed end is recorded in the chain below', async () => {
    const { a, b, c, toB } = await chainAB();
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      startsAt: at(DAY),
      endsAt: at(10 * DAY),
    });
    expect(toC).toMatchObject({ status: 'pending' });
    const later = await call(t.app, contract.updateGrant, {
      token: b.token,
      body: { grantId: toC!.grantId, endsAt: at(31 * DAY) },
    });
    expect(later.code).toBe(ErrorCode.GrantEndsLater);
    const changed = await call(t.app, contract.updateGrant, {
      token: b.token,
      body: { grantId: toC!.grantId, endsAt: at(20 * DAY) },
    });
    expect(changed.code, changed.msg).toBe(0);
    for (const company of [a, b, c])
      expect((await eventsOf(t.app, company, 'site_grant.changed')).map((e) => e.data.endsAt)).toEqual([
        changed.data.endsAt,
      ]);
    // only the company that made a grant changes it
    expect(
      (
        await call(t.app, contract.updateGrant, {
          token: c.token,
          body: { grantId: toC!.grantId, endsAt: at(5 * DAY) },
        })
      ).code,
    ).toBe(ErrorCode.NotFound);
  });

  it('200 tries of another company on real and made-up ids learn nothing: the same answer each time', async () => {
    const { a, b, c, siteId, toB } = await chainAB();
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: at(10 * DAY),
    });
    const outsider = await siteCompany(t.app);
    const madeUp = (prefix: string, n: number) => `${prefix}_${String(n).padStart(22, 'Q')}`;
    const tries: [CallDeclaration, { body?: unknown; query?: Record<string, string> }][] = [];
    for (let n = 0; n < 20; n++) {
      const sites = [siteId, madeUp('site', n)];
      const grants = [toB.grantId, toC!.grantId, madeUp('sgr', n)];
      for (const id of sites) {
        tries.push([contract.site, { query: { siteId: id } }]);
        tries.push([contract.updateSite, { body: { siteId: id, name: 'Mine' } }]);
        tries.push([contract.retireSite, { body: { siteId: id } }]);
        tries.push([contract.assignments, { query: { siteId: id } }]);
      }
      for (const id of grants) {
        tries.push([contract.revokeGrant, { body: { grantId: id } }]);
        tries.push([contract.leaveGrant, { body: { grantId: id } }]);
      }
    }
    tries.push([contract.shareSites, { body: { siteIds: [siteId], domain: outsider.domain, template: 'auditor' } }]);
    tries.push([contract.shareOn, { body: { grantIds: [toB.grantId], domain: a.domain, template: 'auditor' } }]);
    expect(tries.length).toBeGreaterThanOrEqual(200);
    const answers = new Set<string>();
    for (const [declaration, request] of tries) {
      const reply = await call(t.app, declaration, { token: outsider.token, ...request });
      answers.add(JSON.stringify([reply.status, reply.code, reply.msg, reply.data]));
    }
    expect([...answers]).toEqual([
      JSON.stringify([404, ErrorCode.NotFound, translate('zh-CN', 'errors.1000404'), null]),
    ]);
    expect((await chainOf(a, siteId)).map((g) => g.status)).toEqual(['active', 'active']);
  });

  it('sharing needs a fresh proof of the person', async () => {
    const a = await siteCompany(t.app);
    const b = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    t.clock.advance((FRESH_PROOF_MINUTES + 1) * 60_000);
    const stale = await call(t.app, contract.shareSites, {
      token: a.token,
      body: { siteIds: [siteId], domain: b.domain, template: 'auditor' },
    });
    expect(stale.code).toBe(ErrorCode.ReauthenticationRequired);
    expect(await chainOf(a, siteId)).toEqual([]);
  });
});
