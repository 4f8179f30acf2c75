import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { type TestApp, startTestApp } from './support/test-app.ts';
import { temporaryWebDist } from './support/web-dist.ts';

// a script that compresses well, as the built ones do, and is well above any threshold
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
// written beside the script as the build writes them, but not what compressing SCRIPT gives: proof
// that the server sends the file on disk instead of compressing anew
const SCRIPT_BR = brotliCompressSync(`${SCRIPT}// br\n`);
const SCRIPT_GZ = gzipSync(`${SCRIPT}// gz\n`);

describe('compressed answers', () => {
  let t: TestApp;
  const dist = temporaryWebDist({
    'index.html': `<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div><!-- ${'padding '.repeat(200)}--></body></html>`,
    'assets/app-1234.js': SCRIPT,
    'assets/app-1234.js.br': SCRIPT_BR,
    'assets/app-1234.js.gz': SCRIPT_GZ,
    // incompressible and without compressed siblings, as the build leaves images
    'assets/logo-1234.png': randomBytes(4096),
  });
  beforeAll(async () => {
    t = await startTestApp({ MAIN_DOMAIN: 'energy.example.com' }, dist.dir);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends an asset as the build compressed it: brotli, else gzip, else as it is', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}// br\n`);

    const gzip = await get('/assets/app-1234.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${SCRIPT}// gz\n`);

    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/app-1234.js', acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.body, acceptEncoding).toBe(SCRIPT);
    }
    for (const answer of [br, gzip, await get('/assets/app-1234.js')]) {
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file the build did not compress as it is, even to a client that accepts compression', async () => {
    const image = await get('/assets/logo-1234.png', 'br, gzip');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });

  it('sends index.html with the hardest brotli once it is made, without holding the start up for it', async () => {
    const plain = await get('/home');
    const hardest = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    let sent = (await get('/home', 'br')).rawPayload;
    for (let tries = 0; tries < 40 && !sent.equals(hardest); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent = (await get('/home', 'br')).rawPayload;
    }
    expect(sent.equals(hardest)).toBe(true);
  });

  it('sends index.html compressed when the client accepts it, with the main domain in every encoding', async () => {
    const br = await get('/home', 'gzip, br');
    const gzip = await get('/home', 'gzip');
    const plain = await get('/home');
    expect([br, gzip, plain].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    const pages = [brotliDecompressSync(br.rawPayload).toString(), gunzipSync(gzip.rawPayload).toString(), plain.body];
    expect(new Set(pages).size).toBe(1);
    expect(plain.body).toContain('<meta name="portal:main-domain" content="energy.example.com">');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    for (const page of [br, gzip, plain]) {
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // its language follows the cookie and the browser's (the one rule of every page)
      expect(page.headers.vary).toBe('accept-encoding, accept-language, cookie');
    }
  });

  it('compresses a large API answer and leaves a small one as it is', async () => {
    const docs = await get(`${API_PREFIX}/docs/json`, 'gzip, br');
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBe('3.1.0');

    const gzip = await get(`${API_PREFIX}/docs/json`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toBe('3.1.0');

    expect((await get(`${API_PREFIX}/docs/json`)).headers['content-encoding']).toBeUndefined();

    const health = await get(contract.health.path, 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().data.status).toBe('alive');
  });

  it('does not decode request bodies: an encoded JSON body is refused as before', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: contract.login.path,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ account: 'nobody', password: 'x' })),
    });
    expect(response.json().code).not.toBe(0);
    expect(response.statusCode).toBe(400);
  });
});
