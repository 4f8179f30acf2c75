import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { AnswerOf } from '@portal/shared/api/contract/define';
import { ACCOUNT_PREFIX, API_PREFIX, FRONT_PREFIX } from '@portal/shared/api/contract/prefixes';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

type Membership = AnswerOf<typeof contract.portalInfo>['enterpriseProduct'][number];

describe(`portal calls (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('lists the companies with only the products each has rights to, in catalogue order, and the current company', async () => {
    const user = await createUser(t.app);
    const first = await createCompany(t.app, {
      products: ['settcntr', 'esguard', 'mgguard'],
      members: [{ userId: user.id, role: 'admin' }],
    });
    const second = await createCompany(t.app, { products: ['saas-es-actuary'], members: [{ userId: user.id }] });
    await createCompany(t.app, { products: ['seop'] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    const info = await call(t.app, contract.portalInfo, { token });
    expect(info.code).toBe(0);
    expect(info.data.enterpriseId).toBe(first.enterpriseId);
    expect(info.data.enterpriseProduct).toHaveLength(2);
    const [a, b] = info.data.enterpriseProduct as [Membership, Membership];
    expect(a).toMatchObject({ enterpriseId: first.enterpriseId, role: 'admin', domain: first.domain });
    expect(a.productList.map((p: { productCode: string }) => p.productCode)).toEqual([
      'esguard',
      'mgguard',
      'settcntr',
    ]);
    expect(a.productList[0]).toMatchObject({ name: '储能管家', entryPath: '/es' });
    expect(b).toMatchObject({ enterpriseId: second.enterpriseId, role: 'member' });
    expect(b.productList).toEqual([expect.objectContaining({ productCode: 'saas-es-actuary', entryPath: '/cesuan' })]);
    expect(info.data.userinfo).toMatchObject({ userId: user.id, nickname: expect.any(String) });
    // not production: the settings centre's webhook form says plain http is taken
    expect(info.data.production).toBe(false);
  });

  it('names products in the language of the langCode cookie', async () => {
    const user = await createUser(t.app);
    await createCompany(t.app, { products: ['mgguard'], members: [{ userId: user.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const info = await call(t.app, contract.portalInfo, { token, headers: { cookie: 'langCode=de-DE' } });
    expect(info.data.enterpriseProduct[0]!.productList[0]!.name).not.toBe('微网管家');
    const english = await call(t.app, contract.portalInfo, { token, headers: { cookie: 'langCode=en-US' } });
    expect(english.data.enterpriseProduct[0]!.productList[0]!.name).toBe('Microgrid Manager');
  });

  it('switches the current company, remembered for the next sign-in; refuses a company the user is not in with 1000403 and redirect-page 001', async () => {
    const user = await createUser(t.app);
    const first = await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const second = await createCompany(t.app, { products: ['mgguard'], members: [{ userId: user.id, role: 'admin' }] });
    const foreign = await createCompany(t.app, { products: ['seop'] });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    expect((await call(t.app, contract.portalAdmin, { token })).data).toEqual({
      isAdmin: false,
      role: 'member',
    });
    const entered = await call(t.app, contract.enterEnterprise, {
      query: { enterpriseId: second.enterpriseId },
      token,
    });
    expect(entered).toMatchObject({ code: 0, data: { enterpriseId: second.enterpriseId } });
    expect((await call(t.app, contract.portalInfo, { token })).data.enterpriseId).toBe(second.enterpriseId);
    expect((await call(t.app, contract.portalAdmin, { token })).data).toEqual({
      isAdmin: true,
      role: 'admin',
    });

    const refused = await call(t.app, contract.enterEnterprise, {
      query: { enterpriseId: foreign.enterpriseId },
      token,
    });
    expect([refused.status, refused.code, refused.headers['redirect-page']]).toEqual([403, 1000403, '001']);
    expect((await call(t.app, contract.portalInfo, { token })).data.enterpriseId).toBe(second.enterpriseId);

    const again = await tokenFor(t.app, user.account, PASSWORD);
    expect((await call(t.app, contract.portalInfo, { token: again })).data.enterpriseId).toBe(second.enterpriseId);
    expect(first.enterpriseId).not.toBe(second.enterpriseId);

    const bad = await call(t.app, contract.enterEnterprise, { query: { enterpriseId: 'abc' }, token });
    expect(bad.code).toBe(1000400);
  });

  it('gives a user without a company an empty list and no admin role', async () => {
    const user = await createUser(t.app);
    const token = await tokenFor(t.app, user.account, PASSWORD);
    const info = await call(t.app, contract.portalInfo, { token });
    expect(info.data).toMatchObject({ enterpriseId: null, enterpriseProduct: [] });
    expect((await call(t.app, contract.portalAdmin, { token })).data).toEqual({
      isAdmin: false,
      role: null,
    });
  });

  it('requires a session on every portal call', async () => {
    for (const [declaration, query] of [
      [contract.portalInfo, {}],
      [contract.enterEnterprise, { enterpriseId: 1 }],
      [contract.portalAdmin, {}],
    ] as const) {
      expect(await call(t.app, declaration, { query })).toMatchObject({ status: 401, code: 1000401 });
    }
  });

  it('after the cut-off date lets an uncertified account reach only the allowed calls (1009130 elsewhere)', async () => {
    const user = await createUser(t.app, { phoneCertified: false });
    await createCompany(t.app, { products: ['esguard'], members: [{ userId: user.id }] });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await call(t.app, contract.portalInfo, { token })).code).toBe(1009130);
    expect((await call(t.app, contract.portalAdmin, { token })).code).toBe(1009130);
    const current = await call(t.app, contract.currentUser, { token });
    expect([current.code, current.data.phoneCertified]).toEqual([0, false]);
    expect((await call(t.app, contract.logout, { token })).code).toBe(0);
  });

  it('answers unknown API paths with a 404 envelope and documents every call at /api/docs', async () => {
    expect(await call(t.app, 'GET', `${API_PREFIX}/nothing/here`)).toMatchObject({ status: 404, code: 1000404 });
    const docs = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    const paths = Object.keys(docs.json().paths);
    // the calls the platform's other products already make: their paths never change
    const platformPaths = [
      ...[
        '/user/login',
        '/user/logout',
        '/user/current',
        '/user/saveLangCode',
        '/user/queryUserCertified',
        '/user/phoneAuth',
        '/user/allowModifyPassword',
        '/sendSms',
        '/send-email',
        '/checkCode',
        '/email/checkCode',
        '/user/forgetPasswd',
        '/personalSignUpCheck',
        '/admin/signup',
        '/user/boundEnterpriseSignUp',
        '/user/boundEnterprise',
        '/user/signUp',
        '/user/ownerEnterpriseSignup',
        '/portal/info',
        '/portal/enterprise/enter',
        '/portal/user/admin',
      ].map((p) => `${FRONT_PREFIX}${p}`),
      ...['/user/updatenickname', '/user/updatephone', '/user/updateEmail', '/user/updatepwd'].map(
        (p) => `${ACCOUNT_PREFIX}${p}`,
      ),
      `${API_PREFIX}/referral/info/{id}`,
      `${API_PREFIX}/settcntr/admin/v4/enterprise/personalization/query`,
    ];
    for (const path of platformPaths) {
      expect(paths, path).toContain(path);
      const operation = Object.values(docs.json().paths[path])[0] as { responses: { 200: { content?: unknown } } };
      expect(operation.responses[200].content, `${path} documents its response`).toBeDefined();
    }
    expect(docs.json().paths[contract.login.path].post.requestBody).toBeDefined();
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp({ MAIN_DOMAIN: 'energy.example.com' }, dist);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for every app route, with the main domain, and assets with long caching', async () => {
    for (const url of [
      '/',
      '/login?referralId=x',
      '/home',
      '/register-common-admin',
      '/es?productId=1',
      '/no/such/page',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta name="portal:main-domain" content="energy.example.com">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await t.app.inject({ method: 'GET', url: `${API_PREFIX}/unknown` })).json().code).toBe(1000404);
    expect((await t.app.inject({ method: 'POST', url: '/home' })).json().code).toBe(1000404);
    const headers = (await t.app.inject({ method: 'GET', url: '/' })).headers;
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });
});
