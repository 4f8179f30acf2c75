import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { EARLY_INPUT_SCRIPT } from '@portal/shared/early-input-script';
import { type TestApp, startTestApp } from './support/test-app.ts';
import { PAGE, temporaryWebDist } from './support/web-dist.ts';

const EVERY_ANSWER = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
};
const PAGE_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(';').map((part) => {
      const [name, ...values] = part.trim().split(' ');
      return [name!, values.join(' ')];
    }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  const dist = temporaryWebDist({ 'index.html': PAGE });
  beforeAll(async () => {
    t = await startTestApp({}, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  it('gives the web app page its policy and the page-only headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers).toMatchObject(EVERY_ANSWER);
    for (const name of PAGE_ONLY) expect(page.headers[name], name).toBeDefined();
    const policy = directives(page.headers['content-security-policy']);
    expect(policy).toMatchObject({
      'default-src': "'self'",
      // files of its own, and the prerendered screens' one inline script, named by its hash
      'script-src': `'self' 'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
    });
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('gives API answers, successes and failures alike, the protective headers and no page policy', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: contract.health.path }),
      await t.app.inject({ method: 'GET', url: contract.currentUser.path }),
      await t.app.inject({ method: 'GET', url: `${API_PREFIX}/no/such/call` }),
      await t.app.inject({
        method: 'POST',
        url: contract.login.path,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const [index, answer] of answers.entries()) {
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.headers).toMatchObject(EVERY_ANSWER);
      for (const name of PAGE_ONLY) expect(answer.headers[name], `answer ${index}: ${name}`).toBeUndefined();
    }
  });

  it('gives the API browser a policy of its own, and its files none', async () => {
    const docs = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/` });
    expect(docs.headers['content-type']).toContain('text/html');
    expect(directives(docs.headers['content-security-policy'])).toMatchObject({
      'script-src': "'self'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
    });
    // the scripts the page loads are its own; none of them is inline
    expect(docs.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const script = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers).toMatchObject(EVERY_ANSWER);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });
});
