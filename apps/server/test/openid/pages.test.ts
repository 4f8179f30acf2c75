import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, DEFAULT_THEME_MODE, LANGUAGES, type Language, THEME_MODES } from '@portal/shared/constants';
import { COOKIE_LANG, COOKIE_THEME } from '@portal/shared/cookies';
import { translate } from '@portal/shared/locales/catalog';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  browse,
  productTokens,
  registerClient,
  signedInMember,
  startWithClient,
} from '../support/openid.ts';
import { ENGINE } from '../support/test-app.ts';

/** The language, theme and visible text of one of the provider's pages. */
function read(html: string) {
  const visible = html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<details>[\s\S]*?<\/details>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
  return {
    lang: html.match(/<html lang="([^"]+)"/)?.[1],
    theme: html.match(/<html[^>]* data-theme="([^"]+)"/)?.[1],
    colorScheme: html.match(/<meta name="color-scheme" content="([^"]+)"/)?.[1],
    heading: html.match(/<h1>([\s\S]*?)<\/h1>/)?.[1],
    visible,
    detail: html.match(/<details>([\s\S]*?)<\/details>/)?.[1],
  };
}

/** Chinese characters or Japanese kana: none belong on a page in a European language. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The sign-out confirmation, the signed-out page and the error page are the provider's own (the library's
 * callbacks, not the web app): they are drawn in the language and theme the portal's cookies say, like
 * every other page of the portal, and name the product and the platform as the rest of the portal does.
 */
describe(`the provider's own pages in the person's language and theme (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let client: TestClient;
  let partner: TestClient;
  /** The provider's session cookies of a browser signed in to both products. */
  let session: string;
  beforeAll(async () => {
    ({ t, client } = await startWithClient({ environment: 'qa' }));
    partner = await registerClient(t, { productCode: 'seop', firstParty: false, name: 'Sunrise Monitoring' });
    session = (await signedInBrowser()).header();
  });
  afterAll(async () => t?.close());

  /** A browser signed in to the portal and, through the provider, to the product and the partner's app. */
  async function signedInBrowser(): Promise<CookieJar> {
    const { token } = await signedInMember(t, ['esguard', 'seop']);
    const jar = new CookieJar();
    await productTokens(t, client, token, { jar });
    await productTokens(t, partner, token, { jar, consent: true });
    return jar;
  }

  const cookies = (lang?: Language, theme?: string) =>
    [lang && `${COOKIE_LANG}=${lang}`, theme && `${COOKIE_THEME}=${theme}`].filter(Boolean).join('; ');

  /** The confirmation a product's "sign out" shows in the signed-in browser with the portal's `cookie`s. */
  async function signOutPage(clientId: string, cookie: string) {
    const response = await fetch(`${t.issuer}/oidc/session/end?client_id=${encodeURIComponent(clientId)}`, {
      headers: { cookie: [session, cookie].filter(Boolean).join('; ') },
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  it('the sign-out confirmation without cookies: Chinese and dark, the product and the platform by name', async () => {
    const page = read(await signOutPage(client.clientId, ''));
    expect(page).toMatchObject({ lang: DEFAULT_LANGUAGE, theme: DEFAULT_THEME_MODE, colorScheme: DEFAULT_THEME_MODE });
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    expect(DEFAULT_THEME_MODE).toBe('dark');
    expect(page.visible).toContain('要退出储能管家和智慧能源云平台吗？');
    // not the CLI's name of the client, nor a second name of the portal
    expect(page.visible).not.toContain('esguard');
    expect(page.visible).not.toContain('能源云平台门户');
  });

  it('the sign-out confirmation in each language and theme the cookies name, in the portal words', async () => {
    for (const lang of LANGUAGES) {
      for (const theme of THEME_MODES) {
        const page = read(await signOutPage(client.clientId, cookies(lang, theme)));
        expect(page, `${lang} ${theme}`).toMatchObject({ lang, theme, colorScheme: theme });
        expect(page.visible).toContain(translate(lang, 'products.esguard.name'));
        expect(page.visible).toContain(translate(lang, 'common.platformTitle'));
        // the buttons say what the portal's own menu says
        expect(page.visible).toContain(translate(lang, 'web.layout.logout'));
        expect(page.visible).not.toContain('esguard');
        if (lang !== 'zh-CN' && lang !== 'ja-JP') expect(page.visible).not.toMatch(CJK);
      }
    }
  });

  it("without a language cookie follows the browser's language, as every portal page does", async () => {
    const asBrowser = async (acceptLanguage: string, cookie = '') => {
      const response = await fetch(`${t.issuer}/oidc/session/end?client_id=${encodeURIComponent(client.clientId)}`, {
        headers: { cookie: [session, cookie].filter(Boolean).join('; '), 'accept-language': acceptLanguage },
      });
      return read(await response.text()).lang;
    };
    expect(await asBrowser('en-GB,en;q=0.9')).toBe('en-US');
    expect(await asBrowser('de')).toBe('de-DE');
    expect(await asBrowser('fr-FR')).toBe('zh-CN');
    expect(await asBrowser('en-GB', cookies('ja-JP'))).toBe('ja-JP');
  });

  it('an unknown theme or language in the cookies falls back to the defaults', async () => {
    const page = read(await signOutPage(client.clientId, `${COOKIE_LANG}=xx-XX; ${COOKIE_THEME}=sepia`));
    expect(page).toMatchObject({ lang: 'zh-CN', theme: 'dark' });
  });

  it('a third-party client is named by its own name, not the product it serves', async () => {
    const page = read(await signOutPage(partner.clientId, cookies('en-US', 'light')));
    expect(page.visible).toContain('Sunrise Monitoring');
    expect(page.visible).not.toContain(translate('en-US', 'products.seop.name'));
  });

  it('a client registered without a name goes by the name of its product, not an id of the command line', async () => {
    const unnamed = await registerClient(t, { productCode: 'mgguard', firstParty: false, environment: 'qa' });
    const page = read(await signOutPage(unnamed.clientId, ''));
    expect(page.visible).toContain('要退出微网管家和智慧能源云平台吗？');
    expect(page.visible).not.toContain('mgguard');
  });

  it('oidcc-rp-initiated-logout: the signed-out page after the confirmation, in the language and theme', async () => {
    const jar = await signedInBrowser();
    jar.set(COOKIE_LANG, 'de-DE');
    jar.set(COOKIE_THEME, 'light');
    const confirmation = await browse(jar, `${t.issuer}/oidc/session/end?client_id=${client.clientId}`);
    const html = await confirmation.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)![1]!;
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)![1]!;
    let response = await browse(jar, new URL(action, t.issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    while (response.status === 302 || response.status === 303) {
      response = await browse(jar, new URL(response.headers.get('location')!, t.issuer).href);
    }
    expect(response.status).toBe(200);
    const page = read(await response.text());
    expect(page).toMatchObject({ lang: 'de-DE', theme: 'light', colorScheme: 'light' });
    expect(page.heading).toBe('Sie haben sich abgemeldet.');
    expect(page.visible).not.toMatch(CJK);
  });

  /** The error page of an authorization request that cannot go back to the product. */
  async function errorPage(params: Record<string, string>, cookie: string) {
    const url = new URL(`${t.issuer}/oidc/auth`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...params,
    }))
      url.searchParams.set(name, value);
    const response = await fetch(url, { headers: { cookie } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    return read(await response.text());
  }

  it('an error explains itself in the language and theme, the OAuth code kept as a small detail', async () => {
    const wrongRedirect = { client_id: client.clientId, redirect_uri: 'http://127.0.0.1:9/elsewhere' };
    const zh = await errorPage(wrongRedirect, '');
    expect(zh).toMatchObject({ lang: 'zh-CN', theme: 'dark' });
    expect(zh.heading).toBe('无法返回产品');
    expect(zh.visible).not.toMatch(/[A-Za-z]{4,}/);
    expect(zh.detail).toContain('invalid_redirect_uri');

    const en = await errorPage(wrongRedirect, cookies('en-US', 'light'));
    expect(en).toMatchObject({ lang: 'en-US', theme: 'light' });
    expect(en.heading).toBe('The portal cannot go back to this product');
    expect(en.visible).not.toMatch(CJK);
    expect(en.visible).not.toContain('invalid_redirect_uri');

    const unknown = await errorPage({ client_id: 'no-such-product', redirect_uri: 'http://127.0.0.1:9/cb' }, '');
    expect(unknown.heading).toBe('门户不认识这个应用');
    expect(unknown.detail).toContain('invalid_client');

    const headings = new Set<string | undefined>();
    for (const lang of LANGUAGES) {
      const page = await errorPage(wrongRedirect, cookies(lang));
      expect(page.lang).toBe(lang);
      expect(page.visible).not.toContain('redirect_uri');
      if (lang !== 'zh-CN' && lang !== 'ja-JP') expect(page.visible).not.toMatch(CJK);
      headings.add(page.heading);
    }
    // a heading of its own in each of the six languages
    expect(headings.size).toBe(LANGUAGES.length);
  });
});
