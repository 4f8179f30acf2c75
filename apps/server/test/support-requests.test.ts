import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { SUPPORT_REQUESTS_OPEN_PER_COMPANY } from '@portal/shared/api/support';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { expirePassedSupportRequests } from '../src/libraries/support/support-requests.ts';
import { addSupportStaff } from '../src/libraries/support/support-staff.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { type SiteCompany, auditOf, eventsOf, newSite, siteCompany } from './support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const HOUR = 3_600_000;

/**
 * Support requests (docs/support-access.md#requests): a support person asks a company by its domain,
 * its administrators are told and approve (the company's grant, once) or refuse, and the support
 * person is told either way.
 */
describe(`support requests the company approves (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  /** A support person of the support company, signed in. */
  async function supportPerson(nickname = 'Sam Support') {
    const person = await createUser(t.app, { nickname });
    const own = await createCompany(t.app, { products: ['settcntr'], members: [{ userId: person.id }] });
    await addSupportStaff(t.app.ctx, own.domain, person.account);
    return { ...person, ownDomain: own.domain, token: await tokenFor(t.app, person.account, PASSWORD) };
  }
  type Support = Awaited<ReturnType<typeof supportPerson>>;

  const ask = (who: { token: string }, body: Record<string, unknown>) =>
    call(t.app, contract.requestSupportAccess, { token: who.token, body });
  const asked = async (who: Support, company: SiteCompany, overrides: Record<string, unknown> = {}) => {
    const reply = await ask(who, { domain: company.domain, hours: 4, reason: 'Meter readings missing', ...overrides });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data;
  };
  const approve = (company: SiteCompany, body: Record<string, unknown>) =>
    call(t.app, contract.approveSupportRequest, { token: company.token, body });
  const mailTo = async (email: string) => {
    await t.app.messenger.idle();
    return ((await call(t.app, contract.devOutbox, { query: { to: email } })).data as { subject: string }[]).map(
      (mail) => mail.subject,
    );
  };

  it('asks by domain; the administrators are told and see it; an approval of fewer hours opens the window', async () => {
    const company = await siteCompany(t.app);
    const siteId = await newSite(t.app, company, { name: 'Harbour Storage' });
    const support = await supportPerson();
    const request = await asked(support, company, { siteIds: [siteId] });
    expect(request).toMatchObject({
      requestId: expect.stringMatching(/^srq_/),
      status: 'open',
      company: { domain: company.domain },
      requester: { userId: support.id, name: 'Sam Support' },
      hours: 4,
      sites: [{ siteId, name: 'Harbour Storage' }],
    });
    expect(Date.parse(request.expiresAt) - Date.parse(request.createdAt)).toBe(24 * HOUR);
    expect(await mailTo(company.admin.email!)).toContain(translate('zh-CN', 'mail.supportRequestedSubject'));
    expect((await call(t.app, contract.supportRequests, { token: company.token })).data.items).toEqual([request]);
    expect((await ask(support, { domain: company.domain, hours: 1, reason: 'Again' })).code).toBe(
      ErrorCode.SupportRequestPending,
    );

    expect((await approve(company, { requestId: request.requestId, hours: 5 })).code).toBe(
      ErrorCode.SupportRequestApprovalLonger,
    );
    const approved = await approve(company, { requestId: request.requestId, hours: 2 });
    expect(approved.code, approved.msg).toBe(0);
    expect(Date.parse(approved.data.endsAt) - Date.parse(approved.data.startsAt)).toBe(2 * HOUR);
    expect(approved.data.sites).toEqual([{ siteId, name: 'Harbour Storage' }]);
    expect((await call(t.app, contract.supportAccess, { token: company.token })).data.access).toEqual(approved.data);
    expect((await call(t.app, contract.supportRequests, { token: company.token })).data.items).toEqual([]);
    expect(await mailTo(support.email!)).toContain(translate('zh-CN', 'mail.supportApprovedSubject'));
    const mine = await call(t.app, contract.mySupportRequests, { token: support.token });
    expect(mine.data).toMatchObject({ staff: true, items: [{ status: 'approved', accessId: approved.data.id }] });
    // the support enters the window the approval opened
    const entered = await call(t.app, contract.enterAsSupport, {
      token: support.token,
      body: { enterpriseId: company.enterpriseId },
    });
    expect(entered.code, entered.msg).toBe(0);

    // the company's log and events
    expect((await eventsOf(t.app, company, 'support_access.requested')).map((e) => e.data)).toEqual([
      expect.objectContaining({ requestId: request.requestId, supportUserId: support.id, hours: 4, siteIds: [siteId] }),
    ]);
    expect(await eventsOf(t.app, company, 'support_access.granted')).toHaveLength(1);
    expect((await auditOf(t.app, company, 'support-request.create'))[0]!.detail).toMatchObject({
      requestId: request.requestId,
      supportName: 'Sam Support',
    });
    expect((await auditOf(t.app, company, 'support-access.grant'))[0]!.detail).toMatchObject({
      requestId: request.requestId,
      hours: 2,
    });
  });

  it('an unknown company, one of a person who is no support staff, and the own support company answer alike', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const stranger = { token: company.token };
    const answers = [];
    for (const [who, domain] of [
      [support, 'no-such-company'],
      [stranger, company.domain],
      [support, support.ownDomain],
    ] as const) {
      const reply = await ask(who, { domain, hours: 2, reason: 'Help' });
      answers.push({ code: reply.code, msg: reply.msg, data: reply.data });
    }
    expect(answers[0]!.code).toBe(ErrorCode.SupportRequestUnavailable);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await call(t.app, contract.mySupportRequests, { token: company.token })).data).toEqual({
      staff: false,
      items: [],
    });
  });

  it('refuses; a decided request is not approved; an open window stops an approval; a stale proof too', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const first = await asked(support, company);
    const refused = await call(t.app, contract.refuseSupportRequest, {
      token: company.token,
      body: { requestId: first.requestId },
    });
    expect(refused.code, refused.msg).toBe(0);
    expect(await mailTo(support.email!)).toContain(translate('zh-CN', 'mail.supportRefusedSubject'));
    expect((await approve(company, { requestId: first.requestId })).code).toBe(ErrorCode.SupportRequestNotOpen);
    expect((await eventsOf(t.app, company, 'support_access.refused'))[0]!.data).toMatchObject({
      requestId: first.requestId,
      supportUserId: support.id,
    });
    expect(await auditOf(t.app, company, 'support-request.refuse')).toHaveLength(1);

    // another company's administrator finds no such request
    const second = await asked(support, company);
    const other = await siteCompany(t.app);
    expect((await approve(other, { requestId: second.requestId })).code).toBe(ErrorCode.NotFound);
    // a window granted meanwhile stands in the way, and the request stays open
    expect((await call(t.app, contract.grantSupportAccess, { token: company.token, body: { hours: 1 } })).code).toBe(0);
    expect((await approve(company, { requestId: second.requestId })).code).toBe(ErrorCode.SupportAccessActive);
    expect((await call(t.app, contract.revokeSupportAccess, { token: company.token, body: {} })).code).toBe(0);
    t.clock.advance((FRESH_PROOF_MINUTES + 1) * 60_000);
    expect((await approve(company, { requestId: second.requestId })).code).toBe(ErrorCode.ReauthenticationRequired);
    const fresh = { ...company, token: await tokenFor(t.app, company.admin.account, PASSWORD) };
    expect((await approve(fresh, { requestId: second.requestId })).code).toBe(0);
    expect((await approve(fresh, { requestId: second.requestId })).code).toBe(ErrorCode.SupportRequestNotOpen);
    expect(await eventsOf(t.app, fresh, 'support_access.granted')).toHaveLength(2);
  });

  it('a request past its day is expired: not approved, and the person may ask again', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const request = await asked(support, company);
    t.clock.advance(24 * HOUR);
    const fresh = { ...company, token: await tokenFor(t.app, company.admin.account, PASSWORD) };
    expect((await approve(fresh, { requestId: request.requestId })).code).toBe(ErrorCode.SupportRequestNotOpen);
    expect((await call(t.app, contract.supportAccess, { token: fresh.token })).data.access).toBeNull();
    expect((await call(t.app, contract.supportRequests, { token: fresh.token })).data.items).toEqual([]);
    const again = { ...support, token: await tokenFor(t.app, support.account, PASSWORD) };
    const next = await asked(again, company);
    // the new request closed the old one first, and the person was told
    expect(await mailTo(support.email!)).toContain(translate('zh-CN', 'mail.supportExpiredSubject'));
    const mine = await call(t.app, contract.mySupportRequests, { token: again.token });
    expect(mine.data.items.map((item) => [item.requestId, item.status])).toEqual([
      [next.requestId, 'open'],
      [request.requestId, 'expired'],
    ]);
  });

  it('closes a request nobody decided within its day once, and tells the support person once', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const request = await asked(support, company);
    const expiredMail = translate('zh-CN', 'mail.supportExpiredSubject');
    expect(await expirePassedSupportRequests(t.app.ctx)).toBe(0);
    t.clock.advance(24 * HOUR + 1);
    // two sweeps at once, as two processes would run them: one closes it
    const closed = await Promise.all([expirePassedSupportRequests(t.app.ctx), expirePassedSupportRequests(t.app.ctx)]);
    expect(closed.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    await expirePassedSupportRequests(t.app.ctx);
    expect((await mailTo(support.email!)).filter((subject) => subject === expiredMail)).toHaveLength(1);
    const again = { ...support, token: await tokenFor(t.app, support.account, PASSWORD) };
    const mine = await call(t.app, contract.mySupportRequests, { token: again.token });
    expect(mine.data.items.find((item) => item.requestId === request.requestId)?.status).toBe('expired');
  });

  it('20 approvals of one request raced open exactly one window', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const request = await asked(support, company);
    const codes = await Promise.all(
      Array.from({ length: 20 }, async () => (await approve(company, { requestId: request.requestId })).code),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.SupportRequestNotOpen)).toHaveLength(19);
    expect(await eventsOf(t.app, company, 'support_access.granted')).toHaveLength(1);
  });

  it(`takes at most ${SUPPORT_REQUESTS_OPEN_PER_COMPANY} open requests to a company, of more raced`, async () => {
    const company = await siteCompany(t.app);
    const people = [];
    for (let i = 0; i < SUPPORT_REQUESTS_OPEN_PER_COMPANY + 3; i++) people.push(await supportPerson(`Support ${i}`));
    const codes = await Promise.all(
      people.map(async (who) => (await ask(who, { domain: company.domain, hours: 1, reason: 'Race' })).code),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(SUPPORT_REQUESTS_OPEN_PER_COMPANY);
    expect(codes.filter((code) => code === ErrorCode.SupportRequestCompanyLimit)).toHaveLength(3);
  });

  it('a support session acting in a company may not approve or refuse', async () => {
    const company = await siteCompany(t.app);
    const support = await supportPerson();
    const request = await asked(support, company);
    expect((await approve(company, { requestId: request.requestId, hours: 1 })).code).toBe(0);
    expect(
      (
        await call(t.app, contract.enterAsSupport, {
          token: support.token,
          body: { enterpriseId: company.enterpriseId },
        })
      ).code,
    ).toBe(0);
    const acting = { ...company, token: support.token };
    for (const [declaration, body] of [
      [contract.approveSupportRequest, { requestId: request.requestId }],
      [contract.refuseSupportRequest, { requestId: request.requestId }],
      [contract.requestSupportAccess, { domain: company.domain, hours: 1, reason: 'x' }],
    ] as const) {
      const refused = await call(t.app, declaration, { token: acting.token, body: body as never });
      expect([declaration.path, refused.code]).toEqual([declaration.path, ErrorCode.SupportRefused]);
    }
  });
});
