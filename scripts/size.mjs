// The JavaScript a browser fetches before the sign-in form exists, from the web build's manifest:
// the entry and its static imports, the start-up modules below (the sign-in route and the default
// language) with theirs, and whatever index.html preloads. Prints each file raw, gzip and brotli,
// and fails above the budget (225 kB), measured as sent: the .br beside a file (the server serves it to
// browsers that accept brotli), the file itself when the build made none.
//
// Usage: node scripts/size.mjs [dist folder, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What the sign-in screen may send at most: a phone on a slow network shows the form in time. Above
 * it the script fails, so that the first screen cannot grow back.
 */
// 225 kB since the calls of the first screen carry their declarations (schemas and codes); the
// prerendered sign-in page is to bring the first screen back under 200 kB
const BUDGET_BYTES = 225 * 1024;

/**
 * Loaded at start through a dynamic import: the sign-in route (if it has a chunk of its own) and
 * the default language's pack (zh-CN, the language of a first visit), whose import runs before the
 * first render.
 */
const START_MODULES = ['src/features/login/login-page.tsx', 'src/lib/language-packs/zh-CN.ts'];

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
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

// What index.html itself asks for, in case the build preloads or links anything besides the entry.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
  const url = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
  if (!url || /^[a-z]+:/i.test(url)) continue;
  if (url.endsWith('.js')) js.add(url);
  else if (url.endsWith('.css')) css.add(url);
}

function sizes(file) {
  const body = readFileSync(join(dist, file));
  const gzip = gzipSync(body, { level: 9 }).length;
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
  const precompressed = join(dist, `${file}.br`);
  const wire = existsSync(precompressed) ? readFileSync(precompressed).length : body.length;
  return { file, raw: body.length, gzip, brotli, wire };
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function report(title, files) {
  const rows = [...files].map(sizes).sort((a, b) => b.raw - a.raw);
  const total = rows.reduce(
    (sum, row) => ({
      raw: sum.raw + row.raw,
      gzip: sum.gzip + row.gzip,
      brotli: sum.brotli + row.brotli,
      wire: sum.wire + row.wire,
    }),
    { raw: 0, gzip: 0, brotli: 0, wire: 0 },
  );
  const width = Math.max(title.length, ...rows.map((row) => row.file.length));
  const line = (name, row) =>
    `${name.padEnd(width)}  ${kB(row.raw).padStart(10)}  ${kB(row.gzip).padStart(10)}  ${kB(row.brotli).padStart(10)}  ${kB(row.wire).padStart(10)}`;
  console.log(
    `${title.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}  ${'brotli'.padStart(10)}  ${'sent'.padStart(10)}`,
  );
  for (const row of rows) console.log(line(row.file, row));
  console.log(line(`${rows.length} files`, total));
  return total;
}

const total = report('JavaScript of the sign-in screen', js);
console.log();
report('CSS of the sign-in screen', css);
console.log();

const verdict = `${kB(total.wire)} of JavaScript sent (budget ${kB(BUDGET_BYTES)})`;
if (total.wire > BUDGET_BYTES) {
  console.error(`Over the budget: ${verdict}.`);
  process.exit(1);
}
console.log(`Within the budget: ${verdict}.`);
