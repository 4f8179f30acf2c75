import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHZEN_METADATA_PATH, AUTHZEN_PATHS } from '@portal/shared/api/contract/authzen';
import { CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS } from '../../src/libraries/openid/client-auth-throttle.ts';
import { PASSWORD, createCompany, createUser } from '../support/fixtures.ts';
import { tokenFor } from '../support/http.ts';
import {
  type OpenIdTestApp,
  type TestClient,
  productTokens,
  registerClient,
  startWithClient,
} from '../support/openid.ts';
import { insertAssignment, insertGrant, insertSite } from '../support/site-rows.ts';
import { ENGINE } from '../support/test-app.ts';

const DAY = 86_400_000;

/** The decision point as a product's server calls it: over HTTP, as its own client. */
describe(`AuthZEN decision point (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let postClient: TestClient;
  let otherProduct: TestClient;
  const people = {} as Record<'owner' | 'b' | 'c' | 'cDepartment' | 'stranger', { id: number; account: string }>;
  let companies: Record<'a' | 'b' | 'c', { enterpriseId: number; defaultDepartmentId: number }>;
  let site: { id: number; publicId: string };
  let mgSite: { id: number; publicId: string };
  let foreignSite: { id: number; publicId: string };
  let ab: number;
  let bc: number;

  const basic = (c: TestClient, secret = c.secret!) =>
    `Basic ${Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  /** A call of the decision point; `auth` is the Authorization header (none when null). */
  async function ask(path: string, body: unknown, auth: string | null = basic(client)) {
    const response = await fetch(`${t.issuer}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, json: JSON.parse(text), type: response.headers.get('content-type') };
  }

  const question = (userId: number, siteId: string, action: string) => ({
    subject: { type: 'user', id: String(userId) },
    resource: { type: 'site', id: siteId },
    action: { name: action },
  });
  const decide = async (userId: number, siteId: string, action: string, auth?: string) =>
    (await ask(AUTHZEN_PATHS.evaluation, question(userId, siteId, action), auth)).json.decision as boolean;

  beforeAll(async () => {
    ({ t, client } = await startWithClient({ productCode: 'esguard' }));
    postClient = await registerClient(t, { productCode: 'esguard', secretIn: 'post' });
    otherProduct = await registerClient(t, { productCode: 'mgguard' });
    for (const name of ['owner', 'b', 'c', 'cDepartment', 'stranger'] as const) people[name] = await createUser(t.app);
    companies = {
      a: await createCompany(t.app, {
        products: ['esguard', 'mgguard'],
        members: [{ userId: people.owner.id, role: 'admin' }],
      }),
      b: await createCompany(t.app, { products: ['esguard'], members: [{ userId: people.b.id }] }),
      c: await createCompany(t.app, {
        products: ['esguard'],
        members: [{ userId: people.c.id }, { userId: people.cDepartment.id }],
      }),
    };
    const stranger = await createCompany(t.app, {
      products: ['esguard'],
      members: [{ userId: people.stranger.id, role: 'admin' }],
    });
    const db = t.app.ctx.db;
    const now = t.app.ctx.now();
    site = await insertSite(db, { enterpriseId: companies.a.enterpriseId, products: ['esguard'], at: now });
    mgSite = await insertSite(db, { enterpriseId: companies.a.enterpriseId, products: ['mgguard'], at: now });
    foreignSite = await insertSite(db, { enterpriseId: stranger.enterpriseId, products: ['esguard'], at: now });
    ab = await insertGrant(db, {
      siteId: site.id,
      grantor: companies.a.enterpriseId,
      grantee: companies.b.enterpriseId,
      template: 'installer',
      startsAt: now - DAY,
      endsAt: now + 30 * DAY,
    });
    bc = await insertGrant(db, {
      siteId: site.id,
      grantor: companies.b.enterpriseId,
      grantee: companies.c.enterpriseId,
      parentId: ab,
      template: 'technician',
      startsAt: now - DAY,
      endsAt: now + 20 * DAY,
    });
    await insertAssignment(db, { grantId: ab, userId: people.b.id, template: 'installer', at: now });
    await insertAssignment(db, { grantId: bc, userId: people.c.id, template: 'technician', at: now });
    await insertAssignment(db, {
      grantId: bc,
      departmentId: companies.c.defaultDepartmentId,
      template: 'operator',
      at: now,
    });
  });
  afterAll(async () => t?.close());

  it('publishes its metadata at the well-known address', async () => {
    const response = await fetch(`${t.issuer}${AUTHZEN_METADATA_PATH}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      policy_decision_point: t.issuer,
      access_evaluation_endpoint: `${t.issuer}/access/v1/evaluation`,
      access_evaluations_endpoint: `${t.issuer}/access/v1/evaluations`,
      search_resource_endpoint: `${t.issuer}/access/v1/search/resource`,
    });
  });

  it('answers true for a capability held through a chain, false for one not held', async () => {
    const answer = await ask(AUTHZEN_PATHS.evaluation, question(people.c.id, site.publicId, 'operate'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ decision: true });
    expect(await decide(people.c.id, site.publicId, 'configure')).toBe(false);
    expect(await decide(people.b.id, site.publicId, 'configure')).toBe(true);
    expect(await decide(people.owner.id, site.publicId, 'share')).toBe(true);
    expect(await decide(people.stranger.id, site.publicId, 'view')).toBe(false);
  });

  it('takes client_secret_post and a client-credentials token, each as the token endpoint takes them', async () => {
    const posted = await ask(
      AUTHZEN_PATHS.evaluation,
      {
        ...question(people.c.id, site.publicId, 'view'),
        client_id: postClient.clientId,
        client_secret: postClient.secret,
      },
      null,
    );
    expect(posted.json).toEqual({ decision: true });
    // a client registered for client_secret_post does not authenticate with the header
    expect(
      (await ask(AUTHZEN_PATHS.evaluation, question(people.c.id, site.publicId, 'view'), basic(postClient))).status,
    ).toBe(401);

    const { access_token } = await oidc.clientCredentialsGrant(client.config, {});
    const response = await oidc.fetchProtectedResource(
      client.config,
      access_token,
      new URL(`${t.issuer}${AUTHZEN_PATHS.evaluation}`),
      'POST',
      JSON.stringify(question(people.c.id, site.publicId, 'view')),
      new Headers({ 'content-type': 'application/json' }),
    );
    expect(await response.json()).toEqual({ decision: true });
  });

  it('refuses a call without a client, with a wrong secret or a token that is none: 1009260', async () => {
    const body = question(people.c.id, site.publicId, 'view');
    for (const auth of [
      null,
      basic(client, 'wrong-secret'),
      'Bearer not-a-token',
      basic(otherProduct).replace('Basic', 'Digest'),
    ]) {
      const answer = await ask(AUTHZEN_PATHS.evaluation, body, auth);
      expect(answer.status, String(auth)).toBe(401);
      expect(answer.json.code).toBe(1009260);
    }
    // a person's session is no client
    const session = await tokenFor(t.app, people.c.account, PASSWORD);
    expect((await ask(AUTHZEN_PATHS.evaluation, body, `Bearer ${session}`)).json.code).toBe(1009260);
  });

  it('evaluates a batch with its evaluation semantic', async () => {
    const batch = (semantic?: string) => ({
      subject: { type: 'user', id: String(people.c.id) },
      resource: { type: 'site', id: site.publicId },
      evaluations: [{ action: { name: 'view' } }, { action: { name: 'configure' } }, { action: { name: 'operate' } }],
      ...(semantic ? { options: { evaluations_semantic: semantic } } : {}),
    });
    const decisions = async (semantic?: string) =>
      (await ask(AUTHZEN_PATHS.evaluations, batch(semantic))).json.evaluations.map(
        (e: { decision: boolean }) => e.decision,
      );
    expect(await decisions()).toEqual([true, false, true]);
    expect(await decisions('execute_all')).toEqual([true, false, true]);
    expect(await decisions('deny_on_first_deny')).toEqual([true, false]);
    expect(await decisions('permit_on_first_permit')).toEqual([true]);
    // each evaluation may name its own subject and resource
    const mixed = await ask(AUTHZEN_PATHS.evaluations, {
      action: { name: 'view' },
      evaluations: [
        { subject: { type: 'user', id: String(people.b.id) }, resource: { type: 'site', id: site.publicId } },
        { subject: { type: 'user', id: String(people.b.id) }, resource: { type: 'site', id: foreignSite.publicId } },
      ],
    });
    expect(mixed.json).toEqual({ evaluations: [{ decision: true }, { decision: false }] });
    // without evaluations: one evaluation, answered as one
    expect((await ask(AUTHZEN_PATHS.evaluations, question(people.c.id, site.publicId, 'view'))).json).toEqual({
      decision: true,
    });
    // an evaluation missing a member that the request does not give either
    const incomplete = await ask(AUTHZEN_PATHS.evaluations, {
      subject: { type: 'user', id: String(people.c.id) },
      evaluations: [{ action: { name: 'view' } }],
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.code).toBe(1000400);
  });

  it("answers about the client's own product only", async () => {
    // the esguard site for the mgguard client, and the mgguard site for the esguard client
    expect(await decide(people.owner.id, site.publicId, 'view', basic(otherProduct))).toBe(false);
    expect(await decide(people.owner.id, mgSite.publicId, 'view')).toBe(false);
    expect(await decide(people.owner.id, mgSite.publicId, 'view', basic(otherProduct))).toBe(true);
  });

  it('denies a missing site, another company’s and another product’s in the very same answer', async () => {
    const missing = `site_${randomBytes(16).toString('base64url')}`;
    const answers = await Promise.all(
      [missing, foreignSite.publicId, mgSite.publicId, 'site_x', site.publicId].map(async (id) => {
        const action = id === site.publicId ? 'configure' : 'view';
        const { status, text, type } = await ask(AUTHZEN_PATHS.evaluation, question(people.c.id, id, action));
        return { status, text, type };
      }),
    );
    expect(answers[0]).toEqual({ status: 200, text: '{"decision":false}', type: 'application/json; charset=utf-8' });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('searches the sites a person may act on, a page at a time', async () => {
    const db = t.app.ctx.db;
    const more = [];
    for (let i = 0; i < 4; i++)
      more.push(
        await insertSite(db, { enterpriseId: companies.a.enterpriseId, products: ['esguard'], at: t.app.ctx.now() }),
      );
    const pages: string[][] = [];
    let token: string | undefined;
    for (let i = 0; i < 10; i++) {
      const { json } = await ask(AUTHZEN_PATHS.searchResource, {
        subject: { type: 'user', id: String(people.owner.id) },
        action: { name: 'configure' },
        resource: { type: 'site' },
        page: { limit: 2, ...(token ? { token } : {}) },
      });
      pages.push(json.results.map((r: { type: string; id: string }) => `${r.type}:${r.id}`));
      expect(json.page.count).toBe(json.results.length);
      token = json.page.next_token;
      if (!token) break;
    }
    expect(pages.flat()).toEqual([site, ...more].map((s) => `site:${s.publicId}`));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    // through a grant, with the action's capability only
    const search = async (userId: number, action: string) =>
      (
        await ask(AUTHZEN_PATHS.searchResource, {
          subject: { type: 'user', id: String(userId) },
          action: { name: action },
          resource: { type: 'site' },
        })
      ).json;
    expect(await search(people.c.id, 'operate')).toEqual({
      results: [{ type: 'site', id: site.publicId }],
      page: { next_token: '', count: 1 },
    });
    expect((await search(people.c.id, 'configure')).results).toEqual([]);
    const forged = await ask(AUTHZEN_PATHS.searchResource, {
      subject: { type: 'user', id: String(people.owner.id) },
      action: { name: 'view' },
      resource: { type: 'site' },
      page: { token: 'not-a-token' },
    });
    expect(forged.status).toBe(400);
  });

  it('puts the sites of the token’s company in the tokens and userinfo, and none ended in a refresh', async () => {
    const portal = await tokenFor(t.app, people.c.account, PASSWORD);
    const tokens = await productTokens(t, client, portal);
    const sub = String(people.c.id);
    const expected = [
      {
        id: site.publicId,
        name: expect.any(String),
        // the person's own assignment and the department's give as much; the chain ends with C's grant
        template: expect.stringMatching(/^(technician|operator)$/),
        until: expect.any(Number),
      },
    ];
    const info = await oidc.fetchUserInfo(client.config, tokens.access_token, sub);
    expect(info.sites).toEqual(expected);
    expect(info.sites_truncated).toBeUndefined();
    expect((await oidc.tokenIntrospection(client.config, tokens.access_token)).sites).toEqual(expected);
    const bcEnds = (
      await t.app.ctx.db.selectFrom('site_grants').select('ends_at').where('id', '=', bc).executeTakeFirstOrThrow()
    ).ends_at!;
    expect((info.sites as { until: number }[])[0]!.until).toBe(Math.floor(bcEnds / 1000));

    // the owner revokes B's grant: C's grant below it ends with it
    await t.app.ctx.db.updateTable('site_grants').set({ revoked_at: t.app.ctx.now() }).where('id', '=', ab).execute();
    const refreshed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect((await oidc.tokenIntrospection(client.config, refreshed.access_token)).sites).toEqual([]);
    expect((await oidc.fetchUserInfo(client.config, refreshed.access_token, sub)).sites).toEqual([]);
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(false);
    await t.app.ctx.db.updateTable('site_grants').set({ revoked_at: null }).where('id', '=', ab).execute();
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(true);
  });

  it('bounds the sites of a token, and says so past the bound', async () => {
    const admin = await createUser(t.app);
    const { enterpriseId } = await createCompany(t.app, {
      products: ['esguard'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    for (let i = 0; i < 51; i++)
      await insertSite(t.app.ctx.db, { enterpriseId, products: ['esguard'], at: t.app.ctx.now() });
    const tokens = await productTokens(t, client, await tokenFor(t.app, admin.account, PASSWORD));
    const introspected = await oidc.tokenIntrospection(client.config, tokens.access_token);
    expect((introspected.sites as unknown[]).length).toBe(50);
    expect(introspected.sites_truncated).toBe(true);
  });

  it('denies below a grant that ended, and a person no longer in the company', async () => {
    const db = t.app.ctx.db;
    // B's grant ended; C's below it still runs by its own dates
    await db
      .updateTable('site_grants')
      .set({ ends_at: t.app.ctx.now() - 1 })
      .where('id', '=', ab)
      .execute();
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(false);
    await db
      .updateTable('site_grants')
      .set({ ends_at: t.app.ctx.now() + 30 * DAY })
      .where('id', '=', ab)
      .execute();
    expect(await decide(people.cDepartment.id, site.publicId, 'view')).toBe(true);
    await db
      .deleteFrom('memberships')
      .where('enterprise_id', '=', companies.c.enterpriseId)
      .where('user_id', '=', people.cDepartment.id)
      .execute();
    expect(await decide(people.cDepartment.id, site.publicId, 'view')).toBe(false);
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(true);
  });

  it('ends a grant to the second: true before its end, false from the first request after', async () => {
    const db = t.app.ctx.db;
    const ends = t.app.ctx.now() + 60_000;
    await db.updateTable('site_grants').set({ ends_at: ends }).where('id', '=', bc).execute();
    t.clock.advance(58_500);
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(true);
    t.clock.advance(ends - t.app.ctx.now());
    expect(await decide(people.c.id, site.publicId, 'view')).toBe(false);
    expect(await decide(people.b.id, site.publicId, 'view')).toBe(true);
  });

  it('counts wrong secrets under the limits of the token endpoint, and lets a right one through', async () => {
    const body = question(people.b.id, site.publicId, 'view');
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS + 1; i++)
      statuses.push((await ask(AUTHZEN_PATHS.evaluation, body, basic(client, `wrong-${i}`))).status);
    expect(statuses.at(-1)).toBe(429);
    const over = await fetch(`${t.issuer}${AUTHZEN_PATHS.evaluation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(client, 'wrong-again') },
      body: JSON.stringify(body),
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { code: number }).code).toBe(1000429);
    expect((await ask(AUTHZEN_PATHS.evaluation, body)).json).toEqual({ decision: true });
  });
});
