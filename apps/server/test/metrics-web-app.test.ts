import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './support/test-app.ts';
import { PAGE, temporaryWebDist } from './support/web-dist.ts';

/** Without METRICS_PORT or METRICS_TOKEN, beside a built web app whose history fallback answers
 *  any other unknown path with its page. */
describe('/metrics with the metrics off and the web app built', () => {
  let t: TestApp;
  const dist = temporaryWebDist({ 'index.html': PAGE });
  beforeAll(async () => {
    t = await startTestApp({}, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  it('answers 404 with the envelope, not the page', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/metrics' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const withQuery = await t.app.inject({ url: '/metrics?name[]=up' });
    expect([withQuery.statusCode, withQuery.json().code]).toEqual([404, 1000404]);
  });

  it("still gives the page's own paths, the neighbours of /metrics among them, the page", async () => {
    for (const url of ['/settings', '/metrics-dashboard']) {
      const response = await t.app.inject({ url });
      expect([response.statusCode, response.headers['content-type']], url).toEqual([200, 'text/html; charset=utf-8']);
    }
  });
});
