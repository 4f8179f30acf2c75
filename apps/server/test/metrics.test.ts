import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { ConfigError, loadConfig } from '../src/config.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, signInWithPassword } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const TOKEN = randomBytes(24).toString('base64url');

/** The value of the sample of `name` whose labels include `labels`, or 0 when there is none yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return 0;
}

/** A port nobody listens on, as the operating system hands one out. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`metrics (${ENGINE})`, () => {
  describe('without METRICS_PORT or METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => t?.close());

    it('do not exist: /metrics is an unknown path', async () => {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect([response.statusCode, response.json().code]).toEqual([404, 1000404]);
    });
  });

  describe('with METRICS_TOKEN, on the main port', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(async () => t?.close());

    const scrape = async () => {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.body;
    };

    it('refuse a request without the token or with another one, with 401 and the envelope', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
        const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect([response.statusCode, response.json().code], authorization).toEqual([401, 1000401]);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.body).not.toContain('portal_');
      }
    });

    it('count sign-ins by method and outcome', async () => {
      const user = await createUser(t.app);
      const disabled = await createUser(t.app, { disabled: true });
      const before = await scrape();
      const count = (text: string, method: string, outcome: string) =>
        sample(text, 'portal_sign_ins_total', { method, outcome });

      expect((await signInWithPassword(t.app, 'account', user.account, 'Wrong-pass1')).code).toBe(1009117);
      expect((await signInWithPassword(t.app, 'account', 'nobody-here', PASSWORD)).code).toBe(1009117);
      expect((await signInWithPassword(t.app, 'account', user.account, PASSWORD)).code).toBe(0);
      expect((await signInWithPassword(t.app, 'account', disabled.account, PASSWORD)).code).toBe(1008117);
      const byCode = { loginType: 'code', identifierType: 'phone', identifier: user.phone, code: '000000' };
      expect((await call(t.app, contract.login, { body: byCode })).code).toBe(1009104);

      const after = await scrape();
      expect(count(after, 'password', 'failure') - count(before, 'password', 'failure')).toBe(2);
      expect(count(after, 'password', 'success') - count(before, 'password', 'success')).toBe(1);
      expect(count(after, 'password', 'disabled') - count(before, 'password', 'disabled')).toBe(1);
      expect(count(after, 'code', 'failure') - count(before, 'code', 'failure')).toBe(1);
    });

    it('count codes sent by channel, and the refusal of a second code within the minute by its limit', async () => {
      const user = await createUser(t.app);
      const before = await scrape();
      const ip = '127.0.9.1';
      expect((await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' }, ip })).code).toBe(0);
      const again = await call(t.app, contract.sendSms, { body: { phone: user.phone, scene: 'login' }, ip });
      expect(again.status).toBe(429);
      expect((await call(t.app, contract.sendEmail, { body: { email: user.email, scene: 'login' }, ip })).code).toBe(0);
      // the development outbox receives them, just after the answers
      await t.app.messenger.idle();

      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(delta('portal_codes_sent_total', { channel: 'sms' })).toBe(1);
      expect(delta('portal_codes_sent_total', { channel: 'email' })).toBe(1);
      expect(delta('portal_throttled_total', { limit: 'code-target' })).toBe(1);
      expect(sample(after, 'portal_message_delivery_failures_total')).toBe(0);
    });

    it('count the sign-in wait of an account after its failures as a throttle refusal', async () => {
      const user = await createUser(t.app);
      const before = await scrape();
      let reply;
      for (let i = 0; i < 10 && reply?.code !== 1000429; i++) {
        reply = await signInWithPassword(t.app, 'account', user.account, 'Wrong-pass1');
      }
      expect(reply?.code).toBe(1000429);
      const after = await scrape();
      expect(
        sample(after, 'portal_throttled_total', { limit: 'sign-in-wait' }) -
          sample(before, 'portal_throttled_total', { limit: 'sign-in-wait' }),
      ).toBe(1);
      expect(
        sample(after, 'portal_sign_ins_total', { method: 'password', outcome: 'throttled' }) -
          sample(before, 'portal_sign_ins_total', { method: 'password', outcome: 'throttled' }),
      ).toBe(1);
    });

    it("time requests by their route's pattern, never by the path that holds an invitation id", async () => {
      const invitationId = randomBytes(32).toString('base64url');
      const params = { id: invitationId };
      expect((await call(t.app, contract.referralInfo, { params })).status).toBe(200);
      expect((await call(t.app, contract.referralInfo, { params, query: { referralId: invitationId } })).status).toBe(
        200,
      );
      await call(t.app, 'GET', `${API_PREFIX}/no-such-call/${invitationId}`);

      const text = await scrape();
      expect(text).not.toContain(invitationId);
      expect(
        sample(text, 'portal_http_request_duration_seconds_count', {
          method: 'GET',
          route: contract.referralInfo.path,
          status_code: '200',
        }),
      ).toBe(2);
      expect(
        sample(text, 'portal_http_request_duration_seconds_bucket', {
          route: contract.referralInfo.path,
          le: '+Inf',
        }),
      ).toBe(2);
      expect(
        sample(text, 'portal_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it("report the database's connections, the event loop's delay and the process", async () => {
      await call(t.app, contract.readiness);
      const text = await scrape();
      expect(sample(text, 'portal_db_connections')).toBeGreaterThanOrEqual(1);
      if (ENGINE === 'postgres') {
        expect(text).toMatch(/^portal_db_connections_idle \d+$/m);
        expect(text).toMatch(/^portal_db_waiting_queries 0$/m);
      } else {
        expect(sample(text, 'portal_db_connections')).toBe(1);
        expect(text).not.toContain('portal_db_waiting_queries');
      }
      for (const name of ['nodejs_eventloop_lag_seconds', 'process_cpu_seconds_total', 'process_resident_memory_bytes'])
        expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    });

    it('are counted per app: a second app in the same process starts from zero', async () => {
      const other = await startTestApp({ METRICS_TOKEN: TOKEN });
      try {
        const response = await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(sample(response.body, 'portal_sign_ins_total')).toBe(0);
        expect(sample(await scrape(), 'portal_sign_ins_total', { outcome: 'failure' })).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    });
  });

  describe('with METRICS_PORT', () => {
    it('answer on a listener of their own, and not on the main port', async () => {
      const port = await freePort();
      const t = await startTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
      try {
        await t.app.ready();
        await signInWithPassword(t.app, 'account', 'nobody-here', PASSWORD);
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = await response.text();
        expect(sample(text, 'portal_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(1);
        expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);

        const main = await t.app.inject({ url: '/metrics' });
        expect([main.statusCode, main.json().code]).toEqual([404, 1000404]);
      } finally {
        await t.close();
      }
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });

    it('ask for the token there too when METRICS_TOKEN is set', async () => {
      const port = await freePort();
      const t = await startTestApp({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' });
      try {
        await t.app.ready();
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
        const authorized = await fetch(`http://127.0.0.1:${port}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(authorized.status).toBe(200);
      } finally {
        await t.close();
      }
    });
  });

  it('refuse a port or a token that cannot work, naming the variable', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' })).toMatchObject({
      metricsPort: null,
      metricsToken: null,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })).toMatchObject({
      metricsPort: 9464,
      metricsToken: TOKEN,
    });
    // several processes: the primary serves METRICS_PORT, summed over them
    expect(
      loadConfig({
        METRICS_PORT: '9464',
        WEB_CONCURRENCY: '2',
        DATABASE_URL: 'postgres://db/portal',
        REDIS_URL: 'redis://cache',
      }),
    ).toMatchObject({ metricsPort: 9464, metricsToken: null, webConcurrency: 2 });
    for (const [env, message] of [
      [{ METRICS_PORT: 'metrics' }, /METRICS_PORT/],
      [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
      [{ METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT/],
      [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 32/],
      [{ METRICS_TOKEN: `${TOKEN} with spaces` }, /METRICS_TOKEN/],
      [
        {
          METRICS_TOKEN: TOKEN,
          WEB_CONCURRENCY: '2',
          DATABASE_URL: 'postgres://db/portal',
          REDIS_URL: 'redis://cache',
        },
        /METRICS_TOKEN needs WEB_CONCURRENCY=1: it serves \/metrics on the main port/,
      ],
      [
        {
          METRICS_PORT: '9464',
          METRICS_TOKEN: TOKEN,
          WEB_CONCURRENCY: '2',
          DATABASE_URL: 'postgres://db/portal',
          REDIS_URL: 'redis://cache',
        },
        /METRICS_TOKEN needs WEB_CONCURRENCY=1/,
      ],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
