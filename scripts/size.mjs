// The JavaScript a browser fetches before the sign-in page is interactive (the form itself is in the
// prerendered HTML; React has hydrated it once this has run), from the web build's manifest: the
// entry and its static imports, the start-up modules below (the sign-in route and the default
// language) with theirs, and whatever the first visit's document (the prerendered zh-CN sign-in page,
// else index.html) loads or preloads. Prints each file raw, gzip and brotli, and fails above the
// budget, measured as sent: the .br beside a file (the server serves it to browsers that accept
// brotli), the file itself when the build made none, each with its response's headers.
//
// The headers: with --server <url> (a started server serving this build, e.g. the browser tests'
// http://localhost:8181), each file is requested with Accept-Encoding: br and its status line and
// headers are counted as HTTP/1.1 sends them; without it, each response is counted at
// HEADER_BYTES, taken from such a response of the server.
//
// Usage: node scripts/size.mjs [dist folder, default apps/web/dist] [--server <url>]
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What the sign-in screen may send at most: a phone on a slow network shows the form in time. Above
 * it the script fails, so that the first screen cannot grow back.
 */
// 200 kB with the headers of its responses (met since the web app calls through
// views of the contract without their schemas, and the first screen's modules are one chunk)
const BUDGET_BYTES = 200 * 1024;

/**
 * Loaded at start through a dynamic import: the app (src/start.tsx, which the entry imports once the
 * prerendered page has painted), the sign-in route (if it has a chunk of its own) and the default
 * language's pack (zh-CN, the language of a first visit), whose import runs before the first render.
 */
const START_MODULES = ['src/start.tsx', 'src/features/login/login-page.tsx', 'src/lib/language-packs/zh-CN.ts'];

/**
 * One response's status line and headers as the server sends them over HTTP/1.1: 624 bytes for
 * `/assets/index-*.js` with Accept-Encoding: br (cache-control, vary, request id, etag, last-modified,
 * content type, length and encoding, the security headers, date, keep-alive), measured on
 * 2026-11-25. Under HTTP/2 a proxy's header compression sends less.
 */
const HEADER_BYTES = 624;

const args = process.argv.slice(2);
const serverAt = args.indexOf('--server');
const server = serverAt === -1 ? null : args.splice(serverAt, 2)[1];
const dist = resolve(args[0] ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build -w @portal/web).`);
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const js = new Set();
const css = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
for (const key of [...entries, ...START_MODULES]) visit(key);

// What the first visit's document asks for, in case the build preloads or links anything besides the entry.
const prerendered = join(dist, 'prerendered/login/zh-CN-dark.html');
const documentFile = existsSync(prerendered) ? 'prerendered/login/zh-CN-dark.html' : 'index.html';
const html = readFileSync(join(dist, documentFile), 'utf8');
for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
  const url = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
  if (!url || /^[a-z]+:/i.test(url)) continue;
  if (url.endsWith('.js')) js.add(url);
  else if (url.endsWith('.css')) css.add(url);
}

/** The status line and headers of the server's answer for a path, in bytes. */
function headerBytes(path) {
  if (!server) return Promise.resolve(HEADER_BYTES);
  return new Promise((done, fail) => {
    request(new URL(path, server), { headers: { 'accept-encoding': 'br' } }, (response) => {
      response.resume();
      let bytes = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      }
      done(bytes);
    })
      .on('error', fail)
      .end();
  });
}

async function sizes(file) {
  const body = readFileSync(join(dist, file));
  const gzip = gzipSync(body, { level: 9 }).length;
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
  const precompressed = join(dist, `${file}.br`);
  // the server compresses the HTML documents itself, once at start, as hard as brotli goes
  const sent = existsSync(precompressed)
    ? readFileSync(precompressed).length
    : file.endsWith('.html')
      ? brotli
      : body.length;
  // the prerendered sign-in page is sent at /login
  const headers = await headerBytes(file === documentFile && file !== 'index.html' ? '/login' : `/${file}`);
  return { file, raw: body.length, gzip, brotli, headers, wire: sent + headers };
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function report(title, files) {
  const rows = (await Promise.all([...files].map(sizes))).sort((a, b) => b.raw - a.raw);
  const total = rows.reduce(
    (sum, row) => ({
      raw: sum.raw + row.raw,
      gzip: sum.gzip + row.gzip,
      brotli: sum.brotli + row.brotli,
      headers: sum.headers + row.headers,
      wire: sum.wire + row.wire,
    }),
    { raw: 0, gzip: 0, brotli: 0, headers: 0, wire: 0 },
  );
  const width = Math.max(title.length, ...rows.map((row) => row.file.length));
  const line = (name, row) =>
    `${name.padEnd(width)}  ${kB(row.raw).padStart(10)}  ${kB(row.gzip).padStart(10)}  ${kB(row.brotli).padStart(10)}  ${kB(row.headers).padStart(10)}  ${kB(row.wire).padStart(10)}`;
  console.log(
    `${title.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}  ${'brotli'.padStart(10)}  ${'headers'.padStart(10)}  ${'sent'.padStart(10)}`,
  );
  for (const row of rows) console.log(line(row.file, row));
  console.log(line(`${rows.length} files`, total));
  return total;
}

await report(`The document (${documentFile})`, [documentFile]);
console.log();
const total = await report('JavaScript of the sign-in screen', js);
console.log();
await report('CSS of the sign-in screen', css);
console.log();

const headersFrom = server ? `as ${server} sends them` : `${HEADER_BYTES} B each`;
const verdict = `${kB(total.wire)} of JavaScript sent, headers included (${headersFrom}; budget ${kB(BUDGET_BYTES)})`;
if (total.wire > BUDGET_BYTES) {
  console.error(`Over the budget: ${verdict}.`);
  process.exit(1);
}
console.log(`Within the budget: ${verdict}.`);
