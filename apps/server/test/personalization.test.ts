import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import type { Language } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import { documentedPath } from './support/api-document.ts';
import { PASSWORD, createCompany, createUser } from './support/fixtures.ts';
import { call, tokenFor, urlOf } from './support/http.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const QUERY = contract.personalization.path;
/** The address of a company's icon (or the platform's, `default`) as the branding answers it. */
const iconUrl = (enterpriseId: number | string, version?: number) =>
  urlOf(contract.companyIcon, { params: { enterpriseId }, query: { v: version } });
// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe(`company personalization (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const brand = (
    enterpriseId: number,
    names: { name: string; cn: string; en: string },
    languageType: Language = 'en-US',
  ) =>
    t.app.ctx.db
      .updateTable('personalizations')
      .set({
        platform_name: names.name,
        platform_name_cn: names.cn,
        platform_name_en: names.en,
        language_type: languageType,
      })
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  const query = (options: { token?: string; domain?: string; lang?: string } = {}) =>
    call(t.app, contract.personalization, {
      query: { domain: options.domain },
      token: options.token,
      headers: options.lang ? { cookie: `langCode=${options.lang}` } : {},
    });

  it("answers with the session's current company, following a switch of company", async () => {
    const user = await createUser(t.app);
    const first = await createCompany(t.app, { members: [{ userId: user.id }] });
    const second = await createCompany(t.app, { members: [{ userId: user.id }] });
    await brand(first.enterpriseId, { name: 'First', cn: '第一平台', en: 'First Platform' }, 'zh-CN');
    await brand(second.enterpriseId, { name: 'Second', cn: '第二平台', en: 'Second Platform' });
    const token = await tokenFor(t.app, user.account, PASSWORD);

    const mine = await query({ token, lang: 'zh-CN' });
    expect(mine).toMatchObject({ code: 0 });
    expect(mine.data).toEqual({
      icon: iconUrl(first.enterpriseId, 0),
      customIcon: false,
      platformName: 'First',
      platformNameCn: '第一平台',
      platformNameEn: 'First Platform',
      languageType: 'zh-CN',
      slogan: '第一平台',
    });
    // with a session the domain does not matter
    expect((await query({ token, domain: second.domain })).data.platformName).toBe('First');

    await call(t.app, contract.enterEnterprise, { query: { enterpriseId: second.enterpriseId }, token });
    expect((await query({ token, lang: 'en-US' })).data).toMatchObject({
      platformName: 'Second',
      languageType: 'en-US',
      slogan: 'Second Platform',
    });
  });

  it('answers with the company of the domain without a session, else with the platform defaults', async () => {
    const company = await createCompany(t.app, { domain: 'sunny-grid' });
    await brand(company.enterpriseId, { name: 'Sunny', cn: '阳光电网', en: 'Sunny Grid' });
    const byDomain = await query({ domain: 'Sunny-Grid', lang: 'en-US' });
    expect(byDomain.data).toMatchObject({ platformName: 'Sunny', slogan: 'Sunny Grid' });
    expect(byDomain.data.icon).toBe(iconUrl(company.enterpriseId, 0));

    const defaults = {
      icon: iconUrl('default', 0),
      customIcon: false,
      platformName: '智慧能源云平台',
      platformNameCn: '智慧能源云平台',
      platformNameEn: 'Smart Energy Cloud Platform',
      languageType: 'zh-CN',
      slogan: '智慧能源云平台',
    };
    expect((await query({ domain: 'no-such-company', lang: 'zh-CN' })).data).toEqual(defaults);
    expect((await query({ lang: 'zh-CN' })).data).toEqual(defaults);
    // a user without a company, and a dead token, see the domain's company or the defaults
    const loner = await createUser(t.app);
    const token = await tokenFor(t.app, loner.account, PASSWORD);
    expect((await query({ token, lang: 'zh-CN' })).data).toEqual(defaults);
    expect((await query({ token, domain: 'sunny-grid' })).data.platformName).toBe('Sunny');
    expect((await query({ token: 'x'.repeat(43), domain: 'sunny-grid' })).data.platformName).toBe('Sunny');
  });

  it('derives the slogan from the names and the request language, with fallbacks', async () => {
    const company = await createCompany(t.app);
    const domain = company.domain;
    await brand(company.enterpriseId, { name: 'GE', cn: '绿能', en: 'Green Energy' });
    const slogan = async (lang: string) => (await query({ domain, lang })).data.slogan;
    expect(await slogan('zh-CN')).toBe('绿能');
    expect(await slogan('en-US')).toBe('Green Energy');
    expect(await slogan('ja-JP')).toBe('Green Energy');
    const accept = await call(t.app, contract.personalization, {
      query: { domain },
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect(accept.data.slogan).toBe('Green Energy');

    await brand(company.enterpriseId, { name: 'GE', cn: ' ', en: '' });
    expect(await slogan('zh-CN')).toBe('GE');
    expect(await slogan('de-DE')).toBe('GE');
    await brand(company.enterpriseId, { name: '', cn: '', en: '' });
    for (const lang of ['zh-CN', 'en-US', 'de-DE', 'es-ES', 'it-IT', 'ja-JP'] as const) {
      expect(await slogan(lang)).toBe(translate(lang, 'common.platformTitle'));
    }
    expect((await query({ lang: 'de-DE' })).data.slogan).toBe('Smart-Energy-Cloud-Plattform');

    // the signed-in user's saved language, when there is no cookie
    const user = await createUser(t.app, { langCode: 'en-US' });
    const member = await createCompany(t.app, { members: [{ userId: user.id }] });
    await brand(member.enterpriseId, { name: 'M', cn: '成员平台', en: 'Member Platform' });
    const token = await tokenFor(t.app, user.account, PASSWORD);
    expect((await query({ token })).data.slogan).toBe('Member Platform');
  });

  it('serves the icon: the built-in SVG when the company has none, else its stored image, versioned', async () => {
    const company = await createCompany(t.app);
    const plain = (await query({ domain: company.domain })).data.icon as string;
    const builtIn = await t.app.inject({ method: 'GET', url: plain });
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(builtIn.headers['cache-control']).toBe('public, max-age=86400');
    expect(builtIn.body).toContain('#13a8a8');
    const platform = await t.app.inject({ method: 'GET', url: (await query()).data.icon });
    expect([platform.statusCode, platform.body]).toEqual([200, builtIn.body]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: iconUrl(987654),
    });
    expect(unknown.headers['content-type']).toMatch(/^image\/svg\+xml/);

    await t.app.ctx.db
      .updateTable('personalizations')
      .set({ icon: PNG, icon_type: 'image/png', icon_version: 3 })
      .where('enterprise_id', '=', company.enterpriseId)
      .execute();
    const icon = (await query({ domain: company.domain })).data.icon as string;
    expect(icon).toBe(iconUrl(company.enterpriseId, 3));
    const stored = await t.app.inject({ method: 'GET', url: icon });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(stored.rawPayload, PNG)).toBe(0);
    // an outdated version gets the current image, briefly cacheable
    const outdated = await t.app.inject({ method: 'GET', url: plain });
    expect([outdated.headers['content-type'], outdated.headers['cache-control']]).toEqual([
      'image/png',
      'public, max-age=300',
    ]);
  });

  it('rejects unknown query fields and malformed icon ids with 1000400', async () => {
    expect((await call(t.app, contract.personalization, { query: { enterpriseId: 1 } })).code).toBe(1000400);
    expect((await call(t.app, contract.companyIcon, { params: { enterpriseId: 'abc' } })).code).toBe(1000400);
    // beyond a 32-bit id: refused before PostgreSQL would fail on it
    expect((await call(t.app, contract.companyIcon, { params: { enterpriseId: 9999999999 } })).code).toBe(1000400);
    expect((await call(t.app, contract.companyIcon, { params: { enterpriseId: 1 }, query: { v: 1, x: 2 } })).code).toBe(
      1000400,
    );
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` })).json().paths);
    expect(paths).toContain(QUERY);
    expect(paths).toContain(documentedPath(contract.companyIcon));
  });
});
