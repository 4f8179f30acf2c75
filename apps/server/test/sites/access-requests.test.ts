import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUESTS_OPEN_PER_PERSON, ACCESS_REQUESTS_PAGE_SIZE_DEFAULT } from '@portal/shared/api/access-requests';
import { contract } from '@portal/shared/api/contract';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { expirePassedAccessRequests } from '../../src/libraries/sites/access-requests.ts';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { type SiteCompany, auditOf, eventsOf, newSite, share, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;

describe(`requests for a site (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** A technician of a company of their own (esguard, no settings centre), signed in. */
  async function technician() {
    const person = await createUser(t.app, { nickname: 'Field Technician' });
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['settcntr', 'esguard'],
      members: [{ userId: admin.id, role: 'admin' }, { userId: person.id }],
    });
    return {
      person,
      admin,
      company,
      token: await tokenFor(t.app, person.account, PASSWORD),
      adminToken: await tokenFor(t.app, admin.account, PASSWORD),
    };
  }
  type Technician = Awaited<ReturnType<typeof technician>>;

  const ask = (who: { token: string }, body: Record<string, unknown>) =>
    call(t.app, contract.requestSiteAccess, { token: who.token, body });
  const asked = async (who: Technician, siteId: string, overrides: Record<string, unknown> = {}) => {
    const reply = await ask(who, {
      siteId,
      template: 'technician',
      hours: 4,
      reason: 'Inverter fault at night',
      ...overrides,
    });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data as { requestId: string; status: string; widens: string | null };
  };
  const approve = (owner: SiteCompany, body: Record<string, unknown>) =>
    call(t.app, contract.approveAccessRequest, { token: owner.token, body });
  const mailTo = async (email: string) => {
    await t.app.messenger.idle();
    return (await call(t.app, contract.devOutbox, { query: { to: email } })).data as {
      subject: string;
      text: string;
    }[];
  };
  const chainOf = async (owner: SiteCompany, siteId: string) =>
    (await call(t.app, contract.site, { token: owner.token, query: { siteId } })).data.grants as {
      grantee: { domain: string };
      template: string;
      status: string;
      endsAt: string | null;
    }[];

  it('a technician asks for 4 hours; the owner sees it, approves 2 hours; a grant ends by itself', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a, { name: 'Huizhou Storage' });
    const c = await technician();
    const request = await asked(c, siteId);
    expect(request).toMatchObject({ status: 'open', widens: null, requestId: expect.stringMatching(/^arq_/) });

    const list = await call(t.app, contract.accessRequests, { token: a.token });
    expect(list.data.openCount).toBe(1);
    expect(list.data.items[0]).toMatchObject({
      requestId: request.requestId,
      site: { siteId, name: 'Huizhou Storage' },
      requester: { name: 'Field Technician', company: { domain: c.company.domain } },
      template: 'technician',
      hours: 4,
      reason: 'Inverter fault at night',
    });
    const told = await mailTo(a.admin.email!);
    expect(told.map((m) => m.subject)).toContain(translate('zh-CN', 'mail.accessRequestedSubject'));

    const approved = await approve(a, { requestId: request.requestId, hours: 2 });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data).toMatchObject({ status: 'approved', grant: { template: 'technician' } });
    const endsAt = Date.parse(approved.data.grant!.endsAt);
    expect(endsAt - t.app.ctx.now()).toBeLessThanOrEqual(2 * HOUR);
    expect(endsAt - t.app.ctx.now()).toBeGreaterThan(2 * HOUR - 60_000);
    expect((await chainOf(a, siteId)).map((g) => [g.grantee.domain, g.status])).toEqual([[c.company.domain, 'active']]);
    const mine = await call(t.app, contract.myAccessRequests, { token: c.token });
    expect(mine.data.items[0]).toMatchObject({ requestId: request.requestId, status: 'approved' });
    expect((await mailTo(c.person.email!)).map((m) => m.subject)).toContain(
      translate('zh-CN', 'mail.accessApprovedSubject'),
    );

    // both companies hear of it and log it
    const ownerSide = { ...a };
    const requesterSide = { ...a, token: c.adminToken };
    for (const side of [ownerSide, requesterSide]) {
      expect((await eventsOf(t.app, side, 'access_request.created')).map((e) => e.data.requestId)).toContain(
        request.requestId,
      );
      expect((await eventsOf(t.app, side, 'access_request.approved')).at(-1)!.data).toMatchObject({
        requestId: request.requestId,
        grantTemplate: 'technician',
      });
      expect(await auditOf(t.app, side, 'access-request.approve')).toHaveLength(1);
      expect(await auditOf(t.app, side, 'access-request.create')).toHaveLength(1);
    }
    expect((await call(t.app, contract.accessRequests, { token: a.token })).data.openCount).toBe(0);

    t.clock.advance(2 * HOUR);
    expect((await chainOf(a, siteId))[0]!.status).toBe('expired');
  });

  it('a site that does not exist and sites the person may not ask for answer alike', async () => {
    const a = await siteCompany(t.app, ['settcntr', 'esguard', 'mgguard']);
    const c = await technician();
    const retired = await newSite(t.app, a);
    await call(t.app, contract.retireSite, { token: a.token, body: { siteId: retired } });
    // on a product the technician's company does not hold
    const otherProduct = await newSite(t.app, a, { productCodes: ['mgguard'] });
    const own = await call(t.app, contract.createSite, {
      token: c.adminToken,
      body: { name: 'Own Plant', kind: 'pv', region: 'CN', timeZone: 'UTC', productCodes: ['esguard'] },
    });
    const answers = [];
    for (const siteId of ['site_AAAAAAAAAAAAAAAAAAAAAA', retired, otherProduct, own.data.siteId]) {
      const reply = await ask(c, { siteId, template: 'technician', hours: 4, reason: 'Look' });
      answers.push({ code: reply.code, msg: reply.msg, data: reply.data });
    }
    expect(answers[0]!.code).toBe(ErrorCode.NotFound);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('refuses an approval longer or wider than asked, from a stale session, or after a refusal or expiry', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    const first = await asked(c, siteId);
    expect((await approve(a, { requestId: first.requestId, hours: 5 })).code).toBe(
      ErrorCode.AccessRequestApprovalWider,
    );
    expect((await approve(a, { requestId: first.requestId, template: 'installer' })).code).toBe(
      ErrorCode.AccessRequestApprovalWider,
    );
    const refused = await call(t.app, contract.refuseAccessRequest, {
      token: a.token,
      body: { requestId: first.requestId },
    });
    expect(refused.code, refused.msg).toBe(0);
    expect((await approve(a, { requestId: first.requestId })).code).toBe(ErrorCode.AccessRequestNotOpen);
    expect((await mailTo(c.person.email!)).map((m) => m.subject)).toContain(
      translate('zh-CN', 'mail.accessRefusedSubject'),
    );

    // another company's administrator finds no such request
    const stranger = await siteCompany(t.app);
    const second = await asked(c, siteId);
    expect((await approve(stranger, { requestId: second.requestId })).code).toBe(ErrorCode.NotFound);

    t.clock.advance((FRESH_PROOF_MINUTES + 1) * 60_000);
    expect((await approve(a, { requestId: second.requestId })).code).toBe(ErrorCode.ReauthenticationRequired);

    t.clock.advance(24 * HOUR);
    const fresh = { ...a, token: await tokenFor(t.app, a.admin.account, PASSWORD) };
    expect((await approve(fresh, { requestId: second.requestId })).code).toBe(ErrorCode.AccessRequestNotOpen);
    const again = { ...c, token: await tokenFor(t.app, c.person.account, PASSWORD) };
    const mine = await call(t.app, contract.myAccessRequests, { token: again.token });
    expect(mine.data.items.map((r) => r.status)).toEqual(['expired', 'refused']);
    // an expired request no longer stands in the way of a new one
    await asked(again, siteId);
  });

  it('closes a request nobody decided within its day, once: access_request.expired in both companies, the person told', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a, { name: 'Quiet Plant' });
    const c = await technician();
    const request = await asked(c, siteId);
    const expiredOf = async (company: { token: string }) =>
      (await eventsOf(t.app, company as SiteCompany, 'access_request.expired')).filter(
        (event) => event.data.requestId === request.requestId,
      );
    // not yet: a request is open for its day
    await expirePassedAccessRequests(t.app.ctx);
    expect(await expiredOf(a)).toHaveLength(0);

    t.clock.advance(24 * HOUR + 1);
    // two sweeps at once, as two processes would run them: one closes it
    await Promise.all([expirePassedAccessRequests(t.app.ctx), expirePassedAccessRequests(t.app.ctx)]);
    await expirePassedAccessRequests(t.app.ctx);
    const owner = { token: await tokenFor(t.app, a.admin.account, PASSWORD) };
    expect(await expiredOf(owner)).toHaveLength(1);
    expect(await expiredOf({ token: await tokenFor(t.app, c.admin.account, PASSWORD) })).toHaveLength(1);
    expect((await expiredOf(owner))[0]!.data).toMatchObject({ siteId, template: 'technician', hours: 4 });
    const told = (await mailTo(c.person.email!)).filter(
      (mail) => mail.subject === translate('zh-CN', 'mail.accessExpiredSubject'),
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.text).toContain('Quiet Plant');
    const again = { ...c, token: await tokenFor(t.app, c.person.account, PASSWORD) };
    const mine = await call(t.app, contract.myAccessRequests, { token: again.token });
    expect(mine.data.items.find((item) => item.requestId === request.requestId)?.status).toBe('expired');
  });

  it('widens a narrower grant for the hours, and the narrower one stays', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    await share(t.app, a, { siteIds: [siteId], domain: c.company.domain, template: 'auditor', endsAt: null });
    expect((await ask(c, { siteId, template: 'auditor', hours: 4, reason: 'Read' })).code).toBe(
      ErrorCode.AccessRequestHeld,
    );
    const request = await asked(c, siteId);
    expect(request.widens).toBe('auditor');
    expect((await ask(c, { siteId, template: 'installer', hours: 4, reason: 'Again' })).code).toBe(
      ErrorCode.AccessRequestPending,
    );
    expect((await approve(a, { requestId: request.requestId, hours: 3 })).code).toBe(0);
    expect((await chainOf(a, siteId)).map((g) => [g.template, g.status])).toEqual([
      ['auditor', 'active'],
      ['technician', 'active'],
    ]);
    t.clock.advance(3 * HOUR);
    expect((await chainOf(a, siteId)).map((g) => [g.template, g.status])).toEqual([
      ['auditor', 'active'],
      ['technician', 'expired'],
    ]);
  });

  it(`takes at most ${ACCESS_REQUESTS_OPEN_PER_PERSON} open requests of a person, of 20 raced`, async () => {
    const a = await siteCompany(t.app);
    const sites = [];
    for (let i = 0; i < 20; i++) sites.push(await newSite(t.app, a));
    const c = await technician();
    const codes = await Promise.all(
      sites.map(async (siteId) => (await ask(c, { siteId, template: 'technician', hours: 4, reason: 'Race' })).code),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(ACCESS_REQUESTS_OPEN_PER_PERSON);
    expect(codes.filter((code) => code === ErrorCode.AccessRequestPersonLimit)).toHaveLength(
      20 - ACCESS_REQUESTS_OPEN_PER_PERSON,
    );
  });

  it("pages the owner's 25 open requests by the cursor, newest first, none twice", async () => {
    const a = await siteCompany(t.app);
    const sites = [];
    for (let i = 0; i < ACCESS_REQUESTS_OPEN_PER_PERSON; i++) sites.push(await newSite(t.app, a));
    const made: string[] = [];
    // five people of five companies, each under their own limit, five sites each: 25 open requests
    for (let i = 0; i < 5; i++) {
      const c = await technician();
      for (const siteId of sites) made.push((await asked(c, siteId)).requestId);
    }
    const list = async (cursor?: string) =>
      (await call(t.app, contract.accessRequests, { token: a.token, query: { status: 'open', cursor } })).data as {
        items: { requestId: string }[];
        openCount: number;
        nextCursor: string | null;
      };
    const first = await list();
    expect(first.items).toHaveLength(ACCESS_REQUESTS_PAGE_SIZE_DEFAULT);
    expect(first.openCount).toBe(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(first.nextCursor!);
    expect(second.items).toHaveLength(25 - ACCESS_REQUESTS_PAGE_SIZE_DEFAULT);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.requestId)).toEqual(made.reverse());
  });

  it('20 approvals of one request raced make exactly one grant', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    const request = await asked(c, siteId);
    const codes = await Promise.all(
      Array.from({ length: 20 }, async () => (await approve(a, { requestId: request.requestId })).code),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.AccessRequestNotOpen)).toHaveLength(19);
    expect(await chainOf(a, siteId)).toHaveLength(1);
  });
});
