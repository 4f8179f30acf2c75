import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { call } from '../support/http.ts';
import { DAY, auditOf, eventsOf, newSite, share, siteBody, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

describe(`sites of a company (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('registers a site with a public id, lists it, and records site.created and an audit row', async () => {
    const a = await siteCompany(t.app);
    const made = await call(t.app, contract.createSite, {
      token: a.token,
      body: siteBody({ name: '  Shenzhen Bay PV  ', ratedEnergyKwh: 10_000 }),
    });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({
      siteId: expect.stringMatching(/^site_[A-Za-z0-9_-]{22}$/),
      name: 'Shenzhen Bay PV',
      kind: 'pv',
      timeZone: 'Asia/Shanghai',
      ratedPowerKw: 5000,
      ratedEnergyKwh: 10_000,
      productCodes: ['esguard'],
      retiredAt: null,
    });
    const list = await call(t.app, contract.sites, { token: a.token });
    expect(list.data.items.map((s: { siteId: string }) => s.siteId)).toEqual([made.data.siteId]);
    expect((await eventsOf(t.app, a, 'site.created')).map((e) => e.data)).toEqual([
      { siteId: made.data.siteId, name: 'Shenzhen Bay PV', kind: 'pv', products: ['esguard'] },
    ]);
    expect(await auditOf(t.app, a, 'site.create')).toHaveLength(1);
  });

  it('refuses bad input with catalogue codes, in the language of the request, and writes nothing', async () => {
    const a = await siteCompany(t.app);
    const bad = (body: Record<string, unknown>) =>
      call(t.app, contract.createSite, { token: a.token, body: siteBody(body), headers: { cookie: 'langCode=de-DE' } });
    const zone = await bad({ timeZone: 'Mars/Olympus' });
    expect([zone.code, zone.data.fields]).toEqual([ErrorCode.BadRequest, { timeZone: 'validation.timeZoneInvalid' }]);
    expect((await bad({ name: ' ' })).data.fields).toEqual({ name: 'validation.siteNameRequired' });
    expect((await bad({ kind: 'nuclear' })).data.fields).toEqual({ kind: 'validation.invalidValue' });
    expect((await bad({ ratedPowerKw: -1 })).data.fields).toEqual({ ratedPowerKw: 'validation.invalidValue' });
    expect((await bad({ productCodes: [] })).data.fields).toEqual({ productCodes: 'validation.invalidValue' });
    const notHeld = await bad({ productCodes: ['mgguard'] });
    expect([notHeld.code, notHeld.msg]).toEqual([ErrorCode.SiteProductNotHeld, translate('de-DE', 'errors.1009242')]);
    await newSite(t.app, a, { name: 'Taken' });
    expect((await bad({ name: 'Taken' })).code).toBe(ErrorCode.SiteNameTaken);
    expect((await call(t.app, contract.sites, { token: a.token })).data.items).toHaveLength(1);
  });

  it('pages by cursor and finds by part of the name or region, ignoring case', async () => {
    const a = await siteCompany(t.app);
    const ids = [];
    for (const [name, region] of [
      ['Alpha Storage', 'Shenzhen'],
      ['Beta PV', 'Guangzhou'],
      ['Gamma Microgrid', 'shenzhen east'],
    ])
      ids.push(await newSite(t.app, a, { name, region }));
    const first = await call(t.app, contract.sites, { token: a.token, query: { pageSize: 2 } });
    expect(first.data.items.map((s: { siteId: string }) => s.siteId)).toEqual(ids.slice(0, 2));
    const second = await call(t.app, contract.sites, {
      token: a.token,
      query: { pageSize: 2, cursor: first.data.nextCursor ?? undefined },
    });
    expect([second.data.items.map((s: { siteId: string }) => s.siteId), second.data.nextCursor]).toEqual([
      ids.slice(2),
      null,
    ]);
    const found = await call(t.app, contract.sites, { token: a.token, query: { keyword: 'SHENZHEN' } });
    expect(found.data.items.map((s: { name: string }) => s.name)).toEqual(['Alpha Storage', 'Gamma Microgrid']);
    const forged = await call(t.app, contract.sites, { token: a.token, query: { cursor: 'WzFdx' } });
    expect([forged.code, forged.data.fields]).toEqual([ErrorCode.BadRequest, { cursor: 'validation.invalidValue' }]);
  });

  it('edits what the request sets, and answers another company as if the site did not exist', async () => {
    const a = await siteCompany(t.app);
    const other = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const changed = await call(t.app, contract.updateSite, {
      token: a.token,
      body: { siteId, region: 'CN-SH', ratedPowerKw: null },
    });
    expect(changed.data).toMatchObject({ region: 'CN-SH', ratedPowerKw: null, kind: 'pv' });
    expect((await eventsOf(t.app, a, 'site.changed')).map((e) => e.data)).toEqual([
      { siteId, fields: ['region', 'ratedPowerKw'] },
    ]);
    const unknown = `site_${'A'.repeat(22)}`;
    for (const id of [siteId, unknown]) {
      const update = await call(t.app, contract.updateSite, { token: other.token, body: { siteId: id, region: 'x' } });
      expect(update.code).toBe(ErrorCode.NotFound);
      expect((await call(t.app, contract.site, { token: other.token, query: { siteId: id } })).code).toBe(
        ErrorCode.NotFound,
      );
      expect((await call(t.app, contract.retireSite, { token: other.token, body: { siteId: id } })).code).toBe(
        ErrorCode.NotFound,
      );
    }
  });

  it('retiring ends every grant on the site at once, in every company it touches, and frees the name', async () => {
    const a = await siteCompany(t.app);
    const b = await siteCompany(t.app);
    const c = await siteCompany(t.app);
    const siteId = await newSite(t.app, a, { name: 'Retiring' });
    const [toB] = await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'technician',
      mayShare: true,
      endsAt: new Date(t.app.ctx.now() + 30 * DAY).toISOString(),
    });
    const on = await call(t.app, contract.shareOn, {
      token: b.token,
      body: {
        grantIds: [toB!.grantId],
        domain: c.domain,
        template: 'operator',
        endsAt: new Date(t.app.ctx.now() + 10 * DAY).toISOString(),
      },
    });
    expect(on.code, on.msg).toBe(0);
    const retired = await call(t.app, contract.retireSite, { token: a.token, body: { siteId } });
    expect(retired.data.retiredAt).not.toBeNull();
    const ended = [toB!.grantId, on.data.grants[0]!.grantId];
    for (const company of [a, b, c]) {
      expect((await eventsOf(t.app, company, 'site.retired')).map((e) => e.data)).toEqual([
        { siteId, endedGrants: ended },
      ]);
      expect(await auditOf(t.app, company, 'site.retire')).toHaveLength(1);
    }
    const detail = await call(t.app, contract.site, { token: a.token, query: { siteId } });
    expect(detail.data.grants.map((g: { status: string }) => g.status)).toEqual(['retired', 'retired']);
    const shared = await call(t.app, contract.sharedWithUs, { token: c.token });
    expect(shared.data.items.map((i: { grant: { status: string } }) => i.grant.status)).toEqual(['retired']);
    // retired: not changed, not shared again; retiring twice is harmless
    expect((await call(t.app, contract.updateSite, { token: a.token, body: { siteId, region: 'x' } })).code).toBe(
      ErrorCode.SiteRetired,
    );
    const again = await call(t.app, contract.shareSites, {
      token: a.token,
      body: { siteIds: [siteId], domain: b.domain, template: 'auditor' },
    });
    expect(again.code).toBe(ErrorCode.SiteRetired);
    expect((await call(t.app, contract.retireSite, { token: a.token, body: { siteId } })).code).toBe(0);
    expect(await eventsOf(t.app, a, 'site.retired')).toHaveLength(1);
    await newSite(t.app, a, { name: 'Retiring' });
    const old = await call(t.app, contract.sites, { token: a.token, query: { status: 'retired' } });
    expect(old.data.items.map((s: { siteId: string }) => s.siteId)).toEqual([siteId]);
  });

  it('an API key with sites.manage manages the sites but never shares them', async () => {
    const a = await siteCompany(t.app);
    const b = await siteCompany(t.app);
    const made = await call(t.app, contract.createApiKey, {
      token: a.token,
      body: { name: 'Asset register', scopes: ['sites.manage'] },
    });
    expect(made.code, made.msg).toBe(0);
    const key = made.data.key as string;
    const created = await call(t.app, contract.createSite, { token: key, body: siteBody() });
    expect(created.code, created.msg).toBe(0);
    const shared = await call(t.app, contract.shareSites, {
      token: key,
      body: { siteIds: [created.data.siteId], domain: b.domain, template: 'auditor' },
    });
    expect([shared.status, shared.code]).toEqual([200, ErrorCode.ApiKeyCallRefused]);
  });
});
