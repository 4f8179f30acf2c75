import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('redirects a configured product to its location, keeping the query string', async () => {
    const es = await configured.app.inject({ method: 'GET', url: '/es?productId=1&from=home' });
    expect(es.statusCode).toBe(302);
    expect(es.headers.location).toBe('https://es.energy.example.com/?productId=1&from=home');
    const bare = await configured.app.inject({ method: 'GET', url: '/es' });
    expect([bare.statusCode, bare.headers.location]).toEqual([302, 'https://es.energy.example.com/']);
    // the location's own query stays first and its fragment last
    const mg = await configured.app.inject({ method: 'GET', url: '/mg?productId=2' });
    expect(mg.headers.location).toBe('https://mg.energy.example.com/app?tenant=portal&productId=2#/start');
    const head = await configured.app.inject({ method: 'HEAD', url: '/es?productId=1' });
    expect(head.statusCode).toBe(302);
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
