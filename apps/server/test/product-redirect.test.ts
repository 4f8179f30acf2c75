import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const INDEX = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

describe(`product entry paths (${ENGINE})`, () => {
  let dist: string;
  let configured: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    configured = await startTestApp(
      {
        PRODUCT_URLS: JSON.stringify({
          esguard: 'https://es.energy.example.com/',
          mgguard: 'https://mg.energy.example.com/app?tenant=portal#/start',
        }),
      },
      dist,
    );
    plain = await startTestApp({}, dist);
  });
  afterAll(async () => {
    await configured?.close();
    await plain?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A browser with the session cookie the products share, or with none. */
  const open = (url: string, token?: string, method: 'GET' | 'HEAD' = 'GET') =>
    configured.app.inject({ method, url, ...(token ? { cookies: { [COOKIE_TOKEN]: token } } : {}) });
  const whereTo = async (url: string, token?: string) => {
    const response = await open(url, token);
    return [response.statusCode, response.headers.location];
  };

  /** A signed-in member of a company with the energy storage manager only. */
  async function memberOfStorageCompany() {
    const user = await createUser(configured.app);
    const company = await createCompany(configured.app, { products: ['esguard'], members: [{ userId: user.id }] });
    return { user, company, token: await tokenFor(configured.app, user.account, PASSWORD) };
  }

  it('redirects a configured product to its location for a session whose company has it, keeping the query string', async () => {
    const { token } = await memberOfStorageCompany();
    const es = await open('/es?productId=1&from=home', token);
    expect(es.statusCode).toBe(302);
    expect(es.headers.location).toBe('https://es.energy.example.com/?productId=1&from=home');
    expect(es.headers['cache-control']).toBe('no-store');
    expect(await whereTo('/es', token)).toEqual([302, 'https://es.energy.example.com/']);
    expect((await open('/es?productId=1', token, 'HEAD')).statusCode).toBe(302);
    // the location's own query stays first and its fragment last
    const both = await createUser(configured.app);
    await createCompany(configured.app, { products: ['mgguard'], members: [{ userId: both.id }] });
    const bothToken = await tokenFor(configured.app, both.account, PASSWORD);
    expect(await whereTo('/mg?productId=2', bothToken)).toEqual([
      302,
      'https://mg.energy.example.com/app?tenant=portal&productId=2#/start',
    ]);
  });

  it('sends a browser without a live session to sign in, whatever the product', async () => {
    const { user, token } = await memberOfStorageCompany();
    for (const url of ['/es?productId=1', '/mg?productId=2']) {
      expect(await whereTo(url), url).toEqual([302, '/login']);
      expect(await whereTo(url, 'not-a-session'), url).toEqual([302, '/login']);
    }
    // nor does the session of an account disabled since
    await configured.app.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    expect(await whereTo('/es?productId=1', token)).toEqual([302, '/login']);
  });

  it('sends a session to NoAuth when its current company has no right to the product', async () => {
    const { user, company, token } = await memberOfStorageCompany();
    expect(await whereTo('/mg?productId=2', token)).toEqual([302, '/noAuth']);
    // another company of the user has it: only the current company counts
    const other = await createCompany(configured.app, { products: ['mgguard'], members: [{ userId: user.id }] });
    const enter = (enterpriseId: number) =>
      call(configured.app, contract.enterEnterprise, { query: { enterpriseId }, token });
    expect(await whereTo('/mg?productId=2', token)).toEqual([302, '/noAuth']);
    expect((await enter(other.enterpriseId)).code).toBe(0);
    expect(await whereTo('/mg?productId=2', token)).toEqual([
      302,
      'https://mg.energy.example.com/app?tenant=portal&productId=2#/start',
    ]);
    expect(await whereTo('/es?productId=1', token)).toEqual([302, '/noAuth']);
    expect((await enter(company.enterpriseId)).code).toBe(0);
    expect((await whereTo('/es?productId=1', token))[1]).toBe('https://es.energy.example.com/?productId=1');

    // a person of no company, and a member whose company waits for two-step sign-in to be set up
    const loner = await createUser(configured.app);
    expect(await whereTo('/es', await tokenFor(configured.app, loner.account, PASSWORD))).toEqual([302, '/noAuth']);
    await configured.app.ctx.db
      .updateTable('enterprises')
      .set({ require_two_step: 1 })
      .where('id', '=', company.enterpriseId)
      .execute();
    expect(await whereTo('/es', await tokenFor(configured.app, user.account, PASSWORD))).toEqual([302, '/noAuth']);
  });

  it("serves the web app's page for a product without a location, and for every product without PRODUCT_URLS", async () => {
    for (const [app, url] of [
      [configured, '/seop?productId=3'],
      [configured, '/settings?productId=5'],
      [plain, '/es?productId=1'],
      [plain, '/mg?productId=2'],
    ] as const) {
      const response = await app.app.inject({ method: 'GET', url });
      expect([response.statusCode, response.headers.location], url).toEqual([200, undefined]);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    // only the entry path itself moves: the app's other pages stay
    const below = await configured.app.inject({ method: 'GET', url: '/es/anything' });
    expect([below.statusCode, below.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });
});
