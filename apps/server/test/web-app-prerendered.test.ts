import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, THEME_MODES } from '@portal/shared/constants';
import { COOKIE_LANG, COOKIE_THEME, COOKIE_TOKEN } from '@portal/shared/cookies';
import { type TestApp, startTestApp } from './support/test-app.ts';
import { temporaryWebDist } from './support/web-dist.ts';

/** A build's document, telling which one it is. */
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>`;

/** The build's index.html and its prerendered sign-in page in every language and theme. */
function builtFiles(): Record<string, string> {
  const files: Record<string, string> = { 'index.html': page('index') };
  for (const lang of LANGUAGES) {
    for (const mode of THEME_MODES) files[`prerendered/login/${lang}-${mode}.html`] = page(`login ${lang} ${mode}`);
  }
  return files;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the prerendered sign-in page', () => {
  const dist = temporaryWebDist(builtFiles());
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAIN_DOMAIN: 'portal.example' }, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is the one of the language and theme cookies, in each of the 12', async () => {
    for (const lang of LANGUAGES) {
      for (const mode of THEME_MODES) {
        const response = await get('/login?productId=1', { cookie: `${COOKIE_LANG}=${lang}; ${COOKIE_THEME}=${mode}` });
        expect(titleOf(response.body)).toBe(`login ${lang} ${mode}`);
      }
    }
  });

  it("falls back on the browser's language, then the default language and the dark theme", async () => {
    expect(titleOf((await get('/login', { 'accept-language': 'ja,en;q=0.5' })).body)).toBe('login ja-JP dark');
    expect(titleOf((await get('/login')).body)).toBe('login zh-CN dark');
    const unknown = await get('/login', { cookie: `${COOKIE_LANG}=xx; ${COOKIE_THEME}=pink` });
    expect(titleOf(unknown.body)).toBe('login zh-CN dark');
  });

  it('says which headers choose it, and is compressed as the browser accepts', async () => {
    const response = await get('/login', { cookie: `${COOKIE_LANG}=de-DE`, 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(titleOf(brotliDecompressSync(response.rawPayload).toString())).toBe('login de-DE dark');
  });

  it('carries the main domain, as index.html does', async () => {
    const meta = '<meta name="portal:main-domain" content="portal.example"></head>';
    expect((await get('/login')).body).toContain(meta);
    expect((await get('/settings')).body).toContain(meta);
  });

  it('is not sent with a session, whose sign-in page moves on and is drawn by the browser', async () => {
    const response = await get('/login', { cookie: `${COOKIE_TOKEN}=abc; ${COOKIE_LANG}=en-US` });
    expect(titleOf(response.body)).toBe('index');
    expect(response.headers.vary).toBe('accept-encoding, accept-language, cookie');
  });

  it('is no file of its own: the path of the build folder is a page of the app', async () => {
    const response = await get('/prerendered/login/en-US-dark.html');
    expect(titleOf(response.body)).toBe('index');
  });

  it('leaves the other pages to index.html', async () => {
    expect(titleOf((await get('/home', { cookie: `${COOKIE_LANG}=en-US` })).body)).toBe('index');
  });
});

/** The web app's pages a person reaches without a session: the README's address, the sign-in and
 *  recovery pages, invitation links, a product's sign-in screen and the not-found page. */
const PUBLIC_PAGES = [
  '/',
  '/?productId=1',
  '/login',
  '/forget_password',
  '/register-common-admin?code=x',
  '/register-common-ordinary?code=x',
  '/register-owner-enterprise?code=x',
  '/register-invalidity',
  '/authorize?interaction=x',
  '/noAuth',
  '/no-such-page',
];

const languageOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1] ?? /<title>login ([^ ]*) /.exec(html)?.[1];

describe('one language rule for every entry page: the cookie, else the browser, else Chinese', () => {
  const dist = temporaryWebDist({
    ...builtFiles(),
    'index.html': '<!doctype html><html lang="zh-CN" data-theme="dark"><head></head><body></body></html>',
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  const langOn = async (url: string, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.headers.vary).toBe('accept-encoding, accept-language, cookie');
    return languageOf(response.body);
  };

  it.each(PUBLIC_PAGES)('%s follows it', async (url) => {
    expect(await langOn(url, { 'accept-language': 'en-GB,en;q=0.9' })).toBe('en-US');
    expect(await langOn(url, { 'accept-language': 'de-DE,de;q=0.9' })).toBe('de-DE');
    expect(await langOn(url, { 'accept-language': 'de', cookie: `${COOKIE_LANG}=ja-JP` })).toBe('ja-JP');
    expect(await langOn(url, { 'accept-language': 'fr-FR' })).toBe('zh-CN');
    expect(await langOn(url, {})).toBe('zh-CN');
  });

  it('keeps the rest of the document as it was built', async () => {
    const response = await t.app.inject({ url: '/home', headers: { 'accept-language': 'es' } });
    expect(response.body).toContain('<html lang="es-ES" data-theme="dark">');
  });
});

describe('a build without prerendered pages', () => {
  const dist = temporaryWebDist({ 'index.html': page('index') });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  it('gives index.html on the sign-in path', async () => {
    expect(titleOf((await t.app.inject({ url: '/login' })).body)).toBe('index');
  });
});
