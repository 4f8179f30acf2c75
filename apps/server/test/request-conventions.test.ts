import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { pathOf } from '@portal/shared/api/contract/define';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { type Language, REQUESTS_PER_IP_MINUTE } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, randomLoopback, tokenFor } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const unauthorized = (language: Language) => translate(language, 'errors.1000401');

describe(`request conventions (${ENGINE})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    const user = await createUser(t.app, { langCode: 'ja-JP' });
    token = await tokenFor(t.app, user.account, PASSWORD);
  });
  afterAll(async () => t?.close());

  const current = (headers: Record<string, string>) => call(t.app, contract.currentUser, { headers });

  describe('caching', () => {
    it('forbids caching every /api answer: rejections, personal data, unknown paths', async () => {
      const rejected = await current({});
      expect(rejected.status).toBe(401);
      expect(rejected.headers['cache-control']).toBe('no-store');
      const personal = await call(t.app, contract.currentUser, { token });
      expect(personal.code).toBe(0);
      expect(personal.headers['cache-control']).toBe('no-store');
      const signIn = await call(t.app, contract.login, {
        body: { loginType: 'password', identifierType: 'account', identifier: 'nobody-here', password: PASSWORD },
      });
      expect(signIn.headers['cache-control']).toBe('no-store');
      const unknown = await call(t.app, 'GET', `${API_PREFIX}/no/such/call`);
      expect([unknown.status, unknown.code]).toEqual([404, 1000404]);
      expect(unknown.headers['cache-control']).toBe('no-store');
    });

    it('keeps the caching of an answer that sets its own (the company icon)', async () => {
      const icon = await t.app.inject({
        method: 'GET',
        url: pathOf(brandingCalls.companyIcon, { enterpriseId: 'default' }),
        remoteAddress: randomLoopback(),
      });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toMatch(/max-age=\d+/);
    });
  });

  describe('the Authorization header', () => {
    it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('takes the scheme %s in any case', async (scheme) => {
      const reply = await current({ authorization: `${scheme} ${token}` });
      expect(reply.code, reply.msg).toBe(0);
    });

    it('still takes the bare token of the cookie-sharing products, and nothing else', async () => {
      expect((await current({ authorization: token })).code).toBe(0);
      expect((await current({ authorization: `Basic ${token}` })).code).toBe(1000401);
    });
  });

  describe('per-IP request-rate limit', () => {
    it('counts the IPv6 addresses of one /64 together, another /64 and each IPv4 client apart', async () => {
      const remaining = async (ip: string) =>
        Number((await call(t.app, contract.currentUser, { ip })).headers['x-ratelimit-remaining']);
      expect(await remaining('2001:db8:aa:1::1')).toBe(REQUESTS_PER_IP_MINUTE - 1);
      expect(await remaining('2001:db8:aa:1:ffff:ffff:ffff:fffe')).toBe(REQUESTS_PER_IP_MINUTE - 2);
      expect(await remaining('2001:db8:aa:2::1')).toBe(REQUESTS_PER_IP_MINUTE - 1);
      // IPv4 addresses count one by one, also as a dual-stack listener reports them (IPv4-mapped IPv6)
      expect(await remaining('127.9.9.1')).toBe(REQUESTS_PER_IP_MINUTE - 1);
      expect(await remaining('::ffff:127.9.9.2')).toBe(REQUESTS_PER_IP_MINUTE - 1);
      expect(await remaining('::ffff:127.9.9.3')).toBe(REQUESTS_PER_IP_MINUTE - 1);
      expect(await remaining('127.9.9.3')).toBe(REQUESTS_PER_IP_MINUTE - 2);
    });
  });

  describe('the language of an answer', () => {
    it('answers a malformed cookie like any other request, in the negotiated language', async () => {
      const plain = await current({ cookie: 'langCode=%E0%A4%A' });
      expect([plain.status, plain.code, plain.msg]).toEqual([401, 1000401, unauthorized('zh-CN')]);
      const withBrowser = await current({ cookie: 'theme=dark; langCode=%E0%A4%A', 'accept-language': 'de-DE' });
      expect(withBrowser.msg).toBe(unauthorized('de-DE'));
      const elsewhere = await current({ cookie: 'other=%E0%A4%A; langCode=es-ES' });
      expect(elsewhere.msg).toBe(unauthorized('es-ES'));
    });

    it('takes the language cookie before the browser language', async () => {
      expect((await current({ cookie: 'langCode=it-IT', 'accept-language': 'ja-JP' })).msg).toBe(unauthorized('it-IT'));
      // a cookie naming no language of ours leaves the choice to the browser
      expect((await current({ cookie: 'langCode=fr-FR', 'accept-language': 'ja-JP' })).msg).toBe(unauthorized('ja-JP'));
    });

    it.each([
      ['en-GB', 'en-US'],
      ['en-GB,en;q=0.9', 'en-US'],
      ['de-AT', 'de-DE'],
      ['zh-TW', 'zh-CN'],
      ['es-MX;q=0.8, ja;q=0.9', 'ja-JP'],
      ['fr-FR, it;q=0.5', 'it-IT'],
      ['fr-FR', 'zh-CN'],
      ['*', 'zh-CN'],
      ['', 'zh-CN'],
    ] as const)('negotiates Accept-Language %j as %s', async (header, language) => {
      expect((await current({ 'accept-language': header })).msg).toBe(unauthorized(language));
    });

    it("refines it with the signed-in user's saved language when there is no cookie", async () => {
      const saved = await call(t.app, contract.saveLanguage, {
        token,
        body: { langCode: 'xx' },
        headers: { 'accept-language': 'en-US' },
      });
      expect([saved.code, saved.msg]).toEqual([1000400, translate('ja-JP', 'errors.1000400')]);
      const withCookie = await call(t.app, contract.saveLanguage, {
        token,
        body: { langCode: 'xx' },
        headers: { cookie: 'langCode=en-US' },
      });
      expect(withCookie.msg).toBe(translate('en-US', 'errors.1000400'));
    });
  });
});
