import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { AUTHZEN_PATHS } from '@portal/shared/api/contract/authzen';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { runCli } from '../src/cli.ts';
import { addSupportStaff } from '../src/libraries/support/support-staff.ts';
import { deleteSupportStaff } from '../src/queries/support.ts';
import { BACKCHANNEL_LOGOUT_EVENT, BackchannelReceiver } from './support/backchannel-receiver.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { type OpenIdTestApp, type TestClient, authorize, redeem, startWithClient } from './support/openid.ts';
import { newSite, siteCompany } from './support/sites.ts';
import { ENGINE } from './support/test-app.ts';

/**
 * The platform's support acts in a company only with its consent, in its own name: the company's
 * administrator grants a window, a support person enters, the products see `act`, the security stays
 * the company's, and the window's revoke or end signs the support out of the portal and the products.
 */
describe(`support access with the company's consent (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let receiver: BackchannelReceiver;
  let client: TestClient;

  beforeAll(async () => {
    receiver = await BackchannelReceiver.start();
    ({ t, client } = await startWithClient({ backchannelLogoutUri: receiver.uri }));
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A customer company with its administrator, and a support person of the support company. */
  async function setting() {
    const admin = await createUser(t.app);
    const company = await createCompany(t.app, {
      products: ['esguard', 'settcntr'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const support = await createUser(t.app, { nickname: 'Sam Support' });
    const supportCompany = await createCompany(t.app, { products: ['settcntr'], members: [{ userId: support.id }] });
    await addSupportStaff(t.app.ctx, supportCompany.domain, support.account);
    return {
      company,
      admin: { ...admin, token: await tokenFor(t.app, admin.account, PASSWORD) },
      support: { ...support, token: await tokenFor(t.app, support.account, PASSWORD) },
    };
  }

  async function signInToProduct(portalToken: string) {
    const authorization = await authorize(t, client, portalToken);
    expect(authorization.callback.searchParams.get('code'), authorization.callback.href).toBeTruthy();
    return redeem(client, authorization);
  }

  /** The operator's command line on the test's database, answering in JSON. */
  async function portal(...args: string[]) {
    const { PORT: _port, PUBLIC_URL: _publicUrl, ...environment } = process.env;
    const database = t.testDb.config;
    let stdout = '';
    let stderr = '';
    const exitCode = await runCli([...args, '--json'], {
      env: {
        ...environment,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        PUBLIC_URL: t.issuer,
        LOG_LEVEL: 'silent',
      },
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stderr += text) },
    });
    return { exitCode, out: JSON.parse(stdout || stderr) as Record<string, unknown> };
  }

  it('grant, enter, act in every token, security refused with its code, revoke signs the support out', async () => {
    const { company, admin, support } = await setting();
    const enter = () =>
      call(t.app, contract.enterAsSupport, { token: support.token, body: { enterpriseId: company.enterpriseId } });

    // no consent yet: the company cannot be entered, and it is not offered
    expect((await enter()).code).toBe(ErrorCode.SupportAccessUnavailable);
    expect((await call(t.app, contract.supportCompanies, { token: support.token })).data.companies).toEqual([]);

    const granted = await call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 2 } });
    expect(granted.code).toBe(0);
    const until = granted.data.endsAt;
    expect(Date.parse(until) - Date.parse(granted.data.startsAt)).toBe(2 * 3_600_000);
    const again = await call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 1 } });
    expect(again.code).toBe(ErrorCode.SupportAccessActive);
    // a member of the company who is no support staff enters nothing
    expect(
      (await call(t.app, contract.enterAsSupport, { token: admin.token, body: { enterpriseId: company.enterpriseId } }))
        .code,
    ).toBe(ErrorCode.SupportAccessUnavailable);

    expect((await call(t.app, contract.supportCompanies, { token: support.token })).data.companies).toEqual([
      { enterpriseId: company.enterpriseId, name: expect.any(String), until },
    ]);
    const entered = await enter();
    expect(entered).toMatchObject({
      code: 0,
      data: { supportName: 'Sam Support', supportUserId: support.id, enterpriseId: company.enterpriseId, until },
    });
    expect((await call(t.app, contract.supportSession, { token: support.token })).data.support).toEqual(entered.data);
    expect((await call(t.app, contract.supportSession, { token: admin.token })).data.support).toBeNull();

    // the product's ID token, its access token and a refresh carry who acts, and until when
    const tokens = await signInToProduct(support.token);
    const act = { sub: String(support.id) };
    const actUntil = Math.floor(Date.parse(until) / 1000);
    expect(tokens.claims()).toMatchObject({
      sub: String(support.id),
      act,
      act_until: actUntil,
      company_id: String(company.enterpriseId),
      company_role: 'support',
    });
    const introspected = await oidc.tokenIntrospection(client.config, tokens.access_token);
    expect(introspected).toMatchObject({ active: true, act, act_until: actUntil });
    const refreshed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect(decodeJwt(refreshed.id_token!)).toMatchObject({ act, company_role: 'support' });

    // the settings centre reads, but what is the company's own is refused with its code
    expect((await call(t.app, contract.members, { token: support.token })).code).toBe(0);
    for (const [declaration, body] of [
      [contract.saveSecurity, { requireTwoStep: true }],
      [contract.createApiKey, { name: 'mine', scopes: ['members.read'] }],
      [contract.revokeSupportAccess, {}],
      [contract.approveAccessRequest, { requestId: `arq_${'a'.repeat(22)}`, hours: 1 }],
      [contract.refuseAccessRequest, { requestId: `arq_${'a'.repeat(22)}` }],
      [contract.updatePassword, { oldPassword: PASSWORD, newPassword: 'Other2027x' }],
    ] as const) {
      const refused = await call(t.app, declaration, { token: support.token, body: body as never });
      expect([declaration.path, refused.code]).toEqual([declaration.path, ErrorCode.SupportRefused]);
    }
    expect((await call(t.app, contract.security, { token: admin.token })).data.requireTwoStep).toBe(false);

    // what the support may do is done in its own name: the company's record says "support X in this company"
    const created = await call(t.app, contract.createDepartment, { token: support.token, body: { name: 'Helped' } });
    expect(created.code).toBe(0);
    const audit = await call(t.app, contract.auditEvents, { token: admin.token, query: {} });
    const rows = (
      audit.data.items as { action: string; actor: { userId: number | null; support?: true } | null }[]
    ).map((e) => [e.action, e.actor]);
    const bySupport = { userId: support.id, nickname: 'Sam Support', support: true };
    expect(rows).toEqual(
      expect.arrayContaining([
        ['support-access.grant', { userId: admin.id, nickname: expect.any(String) }],
        ['support-access.enter', bySupport],
        ['department.create', bySupport],
      ]),
    );

    // the early revoke: the portal session ends at once, the product is told within 5 s
    const sid = tokens.claims()!.sid as string;
    expect((await call(t.app, contract.revokeSupportAccess, { token: admin.token, body: {} })).code).toBe(0);
    expect((await call(t.app, contract.portalInfo, { token: support.token })).code).toBe(ErrorCode.Unauthorized);
    const logout = await receiver.waitFor(sid, 5_000);
    expect(logout?.claims).toMatchObject({ sub: String(support.id), sid });
    expect(logout!.claims.events).toHaveProperty([BACKCHANNEL_LOGOUT_EVENT]);
    await expect
      .poll(async () => (await oidc.tokenIntrospection(client.config, refreshed.access_token)).active, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(false);
    expect((await call(t.app, contract.revokeSupportAccess, { token: admin.token, body: {} })).code).toBe(
      ErrorCode.SupportAccessUnavailable,
    );
    const events = await call(t.app, contract.companyEvents, { token: admin.token, query: {} });
    expect((events.data.items as { type: string }[]).map((e) => e.type)).toEqual(
      expect.arrayContaining(['support_access.granted', 'support_access.entered', 'support_access.ended']),
    );
  });

  it("the window's end signs the support out of the portal and the product within 5 s, with no one acting", async () => {
    const { company, admin, support } = await setting();
    expect((await call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 1 } })).code).toBe(0);
    const body = { enterpriseId: company.enterpriseId };
    expect((await call(t.app, contract.enterAsSupport, { token: support.token, body })).code).toBe(0);
    const tokens = await signInToProduct(support.token);
    const sid = tokens.claims()!.sid as string;

    t.clock.advance(3_600_000 + 1_000);
    expect((await call(t.app, contract.portalInfo, { token: support.token })).code).toBe(ErrorCode.Unauthorized);
    const logout = await receiver.waitFor(sid, 5_000);
    expect(logout?.claims).toMatchObject({ sub: String(support.id), sid });
    // a new window may be granted once the old one has ended, with a fresh proof
    const fresh = await tokenFor(t.app, admin.account, PASSWORD);
    expect((await call(t.app, contract.grantSupportAccess, { token: fresh, body: { hours: 1 } })).code).toBe(0);
  });

  it('the operator names the support staff: only a member of the support company, listed, removed', async () => {
    const person = await createUser(t.app, { nickname: 'Named Support' });
    const outsider = await createUser(t.app);
    const { domain } = await createCompany(t.app, { members: [{ userId: person.id }] });
    expect(await portal('support', 'add', '--enterprise', domain, '--person', outsider.account)).toEqual({
      exitCode: 1,
      out: { error: `${outsider.account} is no member of ${domain}` },
    });
    const added = await portal('support', 'add', '--enterprise', domain, '--person', person.account);
    expect(added).toMatchObject({ exitCode: 0, out: { staff: { userId: person.id, name: 'Named Support', domain } } });
    const listed = await portal('support', 'list');
    expect(listed.out.staff).toContainEqual(expect.objectContaining({ userId: person.id }));
    expect((await portal('support', 'remove', '--person', person.account)).exitCode).toBe(0);
    expect((await portal('support', 'list')).out.staff).not.toContainEqual(
      expect.objectContaining({ userId: person.id }),
    );
    expect((await portal('support', 'add', '--person', person.account)).exitCode).toBe(2);
  });

  it("the operator's removal of a support person ends their sessions in companies and their products at once", async () => {
    const { company, admin, support } = await setting();
    expect((await call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 2 } })).code).toBe(0);
    const body = { enterpriseId: company.enterpriseId };
    expect((await call(t.app, contract.enterAsSupport, { token: support.token, body })).code).toBe(0);
    const tokens = await signInToProduct(support.token);
    const sid = tokens.claims()!.sid as string;
    // a second support person in the same window stays
    const colleague = (await setting()).support;
    expect((await call(t.app, contract.enterAsSupport, { token: colleague.token, body })).code).toBe(0);

    expect((await portal('support', 'remove', '--person', support.account)).exitCode).toBe(0);
    // the portal session is refused at once, and the product was told before the command ended
    expect((await call(t.app, contract.portalInfo, { token: support.token })).code).toBe(ErrorCode.Unauthorized);
    const logout = await receiver.waitFor(sid, 5_000);
    expect(logout?.claims).toMatchObject({ sub: String(support.id), sid });
    await expect
      .poll(async () => (await oidc.tokenIntrospection(client.config, tokens.access_token)).active, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(false);
    expect((await call(t.app, contract.portalInfo, { token: colleague.token })).code).toBe(0);
    expect((await call(t.app, contract.supportAccess, { token: admin.token })).data.access).not.toBeNull();

    const audit = await call(t.app, contract.auditEvents, { token: admin.token, query: {} });
    const removed = (audit.data.items as { action: string; actor: unknown }[]).filter(
      (e) => e.action === 'support-access.staff-removed',
    );
    expect(removed).toHaveLength(1);
    expect(removed[0]!.actor).toBeNull();
    // removed again: nobody to remove, and nothing more recorded
    expect((await portal('support', 'remove', '--person', support.account)).exitCode).toBe(1);

    // a session whose entry raced the removal (written after it revoked the others) lets nobody in
    expect(await deleteSupportStaff(t.app.ctx.db, colleague.id)).toBe(true);
    expect((await call(t.app, contract.portalInfo, { token: colleague.token })).code).toBe(ErrorCode.Unauthorized);
  });

  /** The decision point's answer for the product's client: whether the person may `action` the site. */
  async function decide(userId: number, siteId: string, action: string): Promise<boolean> {
    const response = await fetch(`${t.issuer}${AUTHZEN_PATHS.evaluation}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret!)}`).toString('base64')}`,
      },
      body: JSON.stringify({
        subject: { type: 'user', id: String(userId) },
        resource: { type: 'site', id: siteId },
        action: { name: action },
      }),
    });
    return ((await response.json()) as { decision: boolean }).decision;
  }

  it('a window for some of the sites: the support reads only those, under the "support" template', async () => {
    const { company, admin, support } = await setting();
    const owner = { ...company, admin, token: admin.token };
    const [first, second, third] = [
      await newSite(t.app, owner),
      await newSite(t.app, owner),
      await newSite(t.app, owner),
    ];
    const foreign = await newSite(t.app, await siteCompany(t.app));
    const grant = (siteIds: string[]) =>
      call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 2, siteIds } });

    // another company's site, and one that does not exist, answer alike; nothing is granted
    expect((await grant([first!, foreign])).code).toBe(ErrorCode.NotFound);
    expect((await grant([`site_${'x'.repeat(22)}`])).code).toBe(ErrorCode.NotFound);
    const retired = await newSite(t.app, owner);
    expect((await call(t.app, contract.retireSite, { token: admin.token, body: { siteId: retired } })).code).toBe(0);
    expect((await grant([retired])).code).toBe(ErrorCode.SiteRetired);
    expect((await call(t.app, contract.supportAccess, { token: admin.token })).data.access).toBeNull();

    const granted = await grant([second!, first!, first!]);
    expect([granted.code, granted.msg]).toEqual([0, expect.anything()]);
    expect((granted.data.sites as { siteId: string }[]).map((one) => one.siteId).sort()).toEqual(
      [first, second].sort(),
    );
    expect((await call(t.app, contract.supportAccess, { token: admin.token })).data.access).toEqual(granted.data);
    const [event] = (
      await call(t.app, contract.companyEvents, { token: admin.token, query: { type: 'support_access.granted' } })
    ).data.items as unknown as { data: { siteIds: string[] } }[];
    expect(event!.data.siteIds.sort()).toEqual([first, second].sort());

    // before entering, the support person holds nothing on the company's sites
    expect(await decide(support.id, first!, 'view')).toBe(false);
    const body = { enterpriseId: company.enterpriseId };
    expect((await call(t.app, contract.enterAsSupport, { token: support.token, body })).code).toBe(0);
    const until = Math.floor(Date.parse(granted.data.endsAt) / 1000);

    // the launcher, the token's `sites` claim and the decisions: the two sites, read-only plus audit
    const launcher = await call(t.app, contract.portalSites, { token: support.token });
    expect(
      (launcher.data.sites as { siteId: string; template: string }[]).map((one) => [one.siteId, one.template]).sort(),
    ).toEqual(
      [
        [first, 'support'],
        [second, 'support'],
      ].sort(),
    );
    const tokens = await signInToProduct(support.token);
    const claimed = tokens.claims()!.sites as { id: string; template: string; until: number | null }[];
    expect(claimed.map((one) => one.id).sort()).toEqual([first, second].sort());
    expect(claimed.every((one) => one.template === 'support' && one.until === until)).toBe(true);
    expect(await decide(support.id, first!, 'view')).toBe(true);
    expect(await decide(support.id, second!, 'audit')).toBe(true);
    expect(await decide(support.id, first!, 'operate')).toBe(false);
    expect(await decide(support.id, first!, 'configure')).toBe(false);
    expect(await decide(support.id, third!, 'view')).toBe(false);
    expect(await decide(support.id, foreign, 'view')).toBe(false);

    // the revoke ends the rights with the session
    expect((await call(t.app, contract.revokeSupportAccess, { token: admin.token, body: {} })).code).toBe(0);
    expect(await decide(support.id, first!, 'view')).toBe(false);

    // a window that names no site is for all of them
    const fresh = await tokenFor(t.app, admin.account, PASSWORD);
    const whole = await call(t.app, contract.grantSupportAccess, { token: fresh, body: { hours: 1 } });
    expect([whole.code, whole.data.sites]).toEqual([0, []]);
    const again = await tokenFor(t.app, support.account, PASSWORD);
    expect((await call(t.app, contract.enterAsSupport, { token: again, body })).code).toBe(0);
    expect(await decide(support.id, third!, 'view')).toBe(true);
    expect(await decide(support.id, third!, 'share')).toBe(false);
  });

  it('a stale session must prove it is the administrator again before it grants', async () => {
    const { admin } = await setting();
    t.clock.advance(11 * 60_000);
    const reply = await call(t.app, contract.grantSupportAccess, { token: admin.token, body: { hours: 1 } });
    expect(reply.code).toBe(ErrorCode.ReauthenticationRequired);
  });
});
