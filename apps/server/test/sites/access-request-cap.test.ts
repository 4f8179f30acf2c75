import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_CAP_HOURS_DEFAULT, ACCESS_REQUEST_CAP_HOURS_MAX } from '@portal/shared/api/access-requests';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { type SiteCompany, auditOf, eventsOf, newSite, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;

/** The owner company's cap of access on request (docs/site-grants.md#the-owners-cap). */
describe(`the owner's cap of access on request (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** A technician of another company (esguard), signed in. */
  async function technician() {
    const person = await createUser(t.app, { nickname: 'Cap Technician' });
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['settcntr', 'esguard'],
      members: [{ userId: admin.id, role: 'admin' }, { userId: person.id }],
    });
    return { person, company, token: await tokenFor(t.app, person.account, PASSWORD) };
  }

  const ask = (who: { token: string }, siteId: string, hours: number) =>
    call(t.app, contract.requestSiteAccess, {
      token: who.token,
      body: { siteId, template: 'technician', hours, reason: 'Night shift on the inverters' },
    });
  const saveCap = (owner: { token: string }, body: unknown) =>
    call(t.app, contract.saveAccessRequestCap, { token: owner.token, body });
  const capOf = async (owner: SiteCompany) =>
    (await call(t.app, contract.accessRequestCap, { token: owner.token })).data.capHours;

  it('starts at 7 days; a request past it is refused with the cap, one at it is taken', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    expect(await capOf(a)).toBe(ACCESS_REQUEST_CAP_HOURS_DEFAULT);

    const lookup = await call(t.app, contract.siteAccessLookup, { token: c.token, query: { siteId } });
    expect(lookup.code, lookup.msg).toBe(0);
    expect(lookup.data).toMatchObject({ site: { siteId }, owner: { domain: a.domain }, capHours: 168 });

    const over = await ask(c, siteId, 169);
    expect(over.code).toBe(ErrorCode.AccessRequestOverCap);
    expect(over.data).toEqual({ capHours: 168 });
    expect(over.msg).toBe(translate('zh-CN', 'errors.1009276', { capHours: 168 }));
    expect(over.msg).toContain('168');

    const at = await ask(c, siteId, 168);
    expect(at.code, at.msg).toBe(0);
    expect(at.data).toMatchObject({ hours: 168, status: 'open' });
  });

  it('a cap the owner saves holds its sites to it, with an audit row and an event', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    const saved = await saveCap(a, { capHours: 12 });
    expect(saved.code, saved.msg).toBe(0);
    expect(await capOf(a)).toBe(12);
    // saving the same cap again changes nothing receivers need to hear of, but is logged
    expect((await saveCap(a, { capHours: 12 })).code).toBe(0);
    expect((await eventsOf(t.app, a, 'company.access_request_cap_changed')).map((e) => e.data)).toEqual([
      { capHours: 12 },
    ]);
    const rows = await auditOf(t.app, a, 'access-request.cap');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.detail).toMatchObject({ capHours: 12 });

    expect((await call(t.app, contract.siteAccessLookup, { token: c.token, query: { siteId } })).data.capHours).toBe(
      12,
    );
    const over = await ask(c, siteId, 13);
    expect(over.code).toBe(ErrorCode.AccessRequestOverCap);
    expect(over.data).toEqual({ capHours: 12 });
    // in the language of the request
    const english = await call(t.app, contract.requestSiteAccess, {
      token: c.token,
      body: { siteId, template: 'technician', hours: 13, reason: 'Night shift' },
      headers: { cookie: 'langCode=en-US' },
    });
    expect(english.msg).toBe(translate('en-US', 'errors.1009276', { capHours: 12 }));
    expect((await ask(c, siteId, 12)).code).toBe(0);
  });

  it('refuses a cap out of range, not a whole number, a string with a NUL byte, or of a non-administrator', async () => {
    const a = await siteCompany(t.app);
    for (const capHours of [0, -1, ACCESS_REQUEST_CAP_HOURS_MAX + 1, 1.5, '24\u0000', null]) {
      const reply = await saveCap(a, { capHours });
      expect(reply.code, String(capHours)).toBe(ErrorCode.BadRequest);
      expect(reply.data).toMatchObject({ fields: { capHours: expect.any(String) } });
    }
    expect((await saveCap(a, { capHours: 24, extra: '\u0000' })).code).toBe(ErrorCode.BadRequest);
    expect(await capOf(a)).toBe(ACCESS_REQUEST_CAP_HOURS_DEFAULT);
    for (const capHours of [1, ACCESS_REQUEST_CAP_HOURS_MAX]) expect((await saveCap(a, { capHours })).code).toBe(0);

    // a member who is no administrator, of this company or of another
    const c = await technician();
    const member = await saveCap(c, { capHours: 1 });
    expect(member.code).not.toBe(0);
    expect([ErrorCode.Forbidden, ErrorCode.NotFound]).toContain(member.code);
    expect(await capOf(a)).toBe(ACCESS_REQUEST_CAP_HOURS_MAX);
  });

  it('a request past 30 days is refused by the schema, whatever the cap', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    await saveCap(a, { capHours: ACCESS_REQUEST_CAP_HOURS_MAX });
    const c = await technician();
    expect((await ask(c, siteId, ACCESS_REQUEST_CAP_HOURS_MAX + 1)).code).toBe(ErrorCode.BadRequest);
    expect((await ask(c, siteId, ACCESS_REQUEST_CAP_HOURS_MAX)).code).toBe(0);
  });

  it('an approval of a request made before the cap was lowered is cut to the cap; never longer than asked', async () => {
    const a = await siteCompany(t.app);
    const siteId = await newSite(t.app, a);
    const c = await technician();
    const request = await ask(c, siteId, 100);
    expect(request.code, request.msg).toBe(0);
    expect((await saveCap(a, { capHours: 24 })).code).toBe(0);

    const wider = await call(t.app, contract.approveAccessRequest, {
      token: a.token,
      body: { requestId: request.data.requestId, hours: 101 },
    });
    expect(wider.code).toBe(ErrorCode.AccessRequestApprovalWider);
    const approved = await call(t.app, contract.approveAccessRequest, {
      token: a.token,
      body: { requestId: request.data.requestId, hours: 50 },
    });
    expect(approved.code, approved.msg).toBe(0);
    const left = Date.parse(approved.data.grant!.endsAt) - t.app.ctx.now();
    expect(left).toBeLessThanOrEqual(24 * HOUR);
    expect(left).toBeGreaterThan(24 * HOUR - 60_000);
    const [row] = await auditOf(t.app, a, 'access-request.approve');
    expect(row!.detail).toMatchObject({ cappedAt: 24, asked: { hours: 100 } });
  });

  it('a cap saved while requests are sent: each is checked against one cap (a race on PostgreSQL)', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await siteCompany(t.app);
      const siteId = await newSite(t.app, a);
      const c = await technician();
      const [request, saved] = await Promise.all([ask(c, siteId, 100), saveCap(a, { capHours: 24 })]);
      expect(saved.code, saved.msg).toBe(0);
      expect([0, ErrorCode.AccessRequestOverCap]).toContain(request.code);
      // the owner's log, oldest first: an accepted request was written wholly before the cap
      const log = (await call(t.app, contract.auditEvents, { token: a.token, query: { pageSize: 100 } })).data.items
        .map((item: { action: string }) => item.action)
        .filter((action: string) => action.startsWith('access-request.'))
        .reverse();
      expect(log).toEqual(
        request.code === 0 ? ['access-request.create', 'access-request.cap'] : ['access-request.cap'],
      );
      // and once the cap stands, the same request is refused
      expect((await ask(c, siteId, 100)).code).toBe(ErrorCode.AccessRequestOverCap);
    }
  });
});
