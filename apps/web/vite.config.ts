import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import react from '@vitejs/plugin-react';
import { type Plugin, build, defineConfig, runnerImport } from 'vite';
import { compression } from 'vite-plugin-compression2';
// by its path: Vite bundles a relative import into the config, but leaves a package's to Node 20,
// which cannot load TypeScript
import { API_PREFIX } from '../../packages/shared/src/api/contract/prefixes.ts';
import { LANGUAGES, THEME_MODES } from '../../packages/shared/src/constants.ts';
import { EARLY_INPUT_SCRIPT } from '../../packages/shared/src/early-input-script.ts';
import type { PrerenderedScreen, prerenderScreen as PrerenderScreen } from './src/prerender.tsx';

/**
 * What index.html preloads: the app's code, which the entry (src/main.tsx, a few lines) imports at
 * once on a page that is not prerendered, and the default language's pack, a dynamic import that
 * i18next starts only once the app runs. Both are fetched alongside the entry instead of one round
 * trip later. A first visit, without a language cookie, speaks the default language, the one
 * index.html declares. (No inline script can choose by the cookie: the page's policy allows scripts
 * from files only.) A prerendered document moves these into a template (prerenderedDocument).
 */
function preloadStart(): Plugin {
  return {
    name: 'preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const withImports = (chunk: (typeof chunks)[number], found = new Set<string>()): Set<string> => {
          if (found.has(chunk.fileName)) return found;
          found.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = chunks.find((other) => other.fileName === file);
            if (imported) withImports(imported, found);
          }
          return found;
        };
        const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
        const files = new Set<string>();
        for (const module of ['src/start.tsx', `src/lib/language-packs/${lang}.ts`]) {
          const chunk = chunks.find((output) => output.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`no chunk for ${module}`);
          withImports(chunk, files);
        }
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

/**
 * Modules that the build runs in Node, writing their exports into the bundle as the plain data they
 * are:
 * - the web app's view of the contract (src/lib/api-calls.ts: each call's method, path and codes):
 *   the browser gets the calls, not the zod schemas of the declarations they are taken from, nor zod.
 *   The contract stays declared once; what a call sends is checked by the server and by the forms.
 * - the theme's CSS variables (src/lib/theme-variables.ts), computed from antd's design tokens: a
 *   screen without antd's components gets its colours without running antd.
 */
function buildTimeData(): Plugin {
  // src/lib/integration-calls.ts too: the settings centre's own calls, in a module of their own so
  // that they stay out of the first screen's chunk, which has api-calls.ts
  let modules: string[] = [];
  return {
    name: 'build-time-data',
    configResolved(config) {
      modules = ['src/lib/api-calls.ts', 'src/lib/integration-calls.ts', 'src/lib/theme-variables.ts'].map((file) =>
        resolve(config.root, file),
      );
    },
    async load(id) {
      if (!modules.includes(id)) return null;
      const { module: views, dependencies } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'error',
      });
      // a declaration or the theme edited in development reloads the data
      for (const file of dependencies) this.addWatchFile(file);
      return Object.entries(views)
        .map(([name, value]) => {
          const data = JSON.stringify(value);
          if (!isDeepStrictEqual(JSON.parse(data), value)) throw new Error(`${name} of ${id} is not plain data`);
          return `export const ${name} = ${data};`;
        })
        .join('\n');
    },
  };
}

/**
 * antd's ConfigProvider imports its unique tooltips' provider, and with it the popup machinery, for the
 * first screen, which shows no popup: it gets src/lib/unique-tooltips-on-use.tsx instead, which loads
 * that provider when it is first drawn (the file says why it never is).
 */
function popupsOnUse(): Plugin {
  let stand = '';
  return {
    name: 'popups-on-use',
    enforce: 'pre',
    configResolved(config) {
      stand = resolve(config.root, 'src/lib/unique-tooltips-on-use.tsx');
    },
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer?.includes('/antd/es/config-provider/')) return null;
      return stand;
    },
  };
}

/** The screens before sign-in that the server sends drawn: dist/prerendered/<screen>/<lang>-<theme>.html. */
const PRERENDERED = {
  login: { path: '/login', module: 'src/features/login/login-page.tsx' },
  'forget-password': { path: '/forget_password', module: 'src/features/password-reset/forget-password-page.tsx' },
  'register-invalidity': {
    path: '/register-invalidity',
    module: 'src/features/registration/register-invalidity-page.tsx',
  },
} as const;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A module's chunk with its static imports, and their style sheets. */
function chunkFiles(manifest: Manifest, key: string, found = { js: new Set<string>(), css: new Set<string>() }) {
  const chunk = manifest[key];
  if (!chunk || found.js.has(chunk.file)) return found;
  found.js.add(chunk.file);
  for (const file of chunk.css ?? []) found.css.add(file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, found);
  return found;
}

/** A language pack's chunk and its own imports, as the build's manifest names them. */
function packFiles(manifest: Manifest, lang: string): string[] {
  const pack = manifest[`src/lib/language-packs/${lang}.ts`];
  if (!pack) throw new Error(`no chunk for the language pack ${lang}`);
  return [pack.file, ...(pack.imports ?? []).map((key) => manifest[key]!.file)];
}

const PRELOADS = /<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * index.html with a prerendered screen in it, in its language and theme, with the code that hydrates
 * it (its language's pack and the screen's own code with the app's) listed for after the first paint.
 */
function prerenderedDocument(
  template: string,
  manifest: Manifest,
  screen: PrerenderedScreen,
  { module, lang, mode, outDir }: { module: string; lang: string; mode: string; outDir: string },
): string {
  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
  const stylesheet = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
  let html = template;
  for (const file of packFiles(manifest, 'zh-CN')) html = html.replace(preload(file), '');
  // the app's and the screen's styles there before it paints, their code fetched together after it
  const route = chunkFiles(manifest, module, chunkFiles(manifest, 'src/start.tsx'));
  const stylesheets = [...route.css].filter((file) => !html.includes(`/${file}"`)).map(stylesheet);
  const preloads = new Set([
    ...(html.match(PRELOADS) ?? []),
    ...[...packFiles(manifest, lang), ...route.js].map(preload),
  ]);
  return (
    html
      .replaceAll(PRELOADS, '')
      .replace(/<html[^>]*>/, `<html lang="${lang}" data-theme="${mode}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${screen.title}</title>`)
      // in the head, after the charset: its listeners are there before the form is drawn (the
      // server's policy allows this one inline script by its hash)
      .replace(/<meta charset="[^"]*" \/>/i, (meta) => `${meta}<script>${EARLY_INPUT_SCRIPT}</script>`)
      .replace(
        '</title>',
        // before the app's own style sheets, which override antd's, as antd's runtime prepends its
        // styles; in a layer of its own, so that the styles antd's runtime adds once React runs (a
        // theme switched) win over it as unlayered styles do
        `</title><style data-prerendered>@layer prerendered{${screen.variablesCss}${screen.antdCss}}</style>`,
      )
      .replace('</head>', `${[...new Set(stylesheets)].join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${screen.markup}</div>`)
      // in place, in the same order: over HTTP/1.1 a linked sheet waited behind the scripts' preloads
      // for one of the six connections, and the first paint waited for it (Slow 4G: LCP 2.1 s against
      // the bare page's 1.7 s). A disabled link (which the browser does not fetch) names each sheet,
      // so that the loader of a chunk that needs it finds it there: fetched and applied again, it had
      // the browser work out every element's style anew while the page hydrated.
      .replace(
        /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
        (_, file: string) =>
          `<style>${readFileSync(join(outDir, file), 'utf8')}</style><link rel="stylesheet" href="/${file}" disabled>`,
      )
      // painted first, fetched after: the inline script puts the template's preloads in the head once
      // the page is on screen. Fetched beside the document, the code was compiled and run before the
      // first paint whenever it arrived first, and held the form back on a slow phone.
      .replace('</head>', () => `<template data-after-paint>${[...preloads].join('')}</template></head>`)
  );
}

/**
 * After the browser build, the screens before sign-in are rendered to HTML for each language and
 * theme, with antd's styles extracted, so that they paint before any JavaScript runs (start.tsx
 * hydrates them). The prerender is a server build of src/prerender.tsx, run in Node and thrown away.
 */
function prerenderScreens(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'prerender-screens',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // inside the package, so that Node finds the packages the server build leaves out
      mkdirSync(join(root, 'node_modules'), { recursive: true });
      const serverOut = mkdtempSync(join(root, 'node_modules', '.prerender-'));
      try {
        await build({
          root,
          configFile: fileURLToPath(import.meta.url),
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender.tsx',
            outDir: serverOut,
            emptyOutDir: true,
            manifest: false,
            copyPublicDir: false,
          },
        });
        const { prerenderScreen } = (await import(pathToFileURL(join(serverOut, 'prerender.js')).href)) as {
          prerenderScreen: typeof PrerenderScreen;
        };
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        for (const [name, { path, module }] of Object.entries(PRERENDERED)) {
          mkdirSync(join(outDir, 'prerendered', name), { recursive: true });
          for (const lang of LANGUAGES) {
            for (const mode of THEME_MODES) {
              const screen = await prerenderScreen(path, lang, mode);
              const html = prerenderedDocument(template, manifest, screen, { module, lang, mode, outDir });
              writeFileSync(join(outDir, 'prerendered', name, `${lang}-${mode}.html`), html);
            }
          }
        }
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    buildTimeData(),
    popupsOnUse(),
    preloadStart(),
    prerenderScreens(),
    // Compressed once at build, at the highest levels, beside each file: the server sends the .br or
    // .gz a browser accepts. Below 1 kB compression saves less than the headers it costs.
    isSsrBuild ? null : compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  // The prerender bundles every package, as the browser's build does: antd's ES modules import without
  // file extensions, which Node does not resolve, and antd's style cache must be the one it reads.
  ssr: { noExternal: true },
  server: {
    // The Node server owns /api; in development Vite serves the UI and forwards the calls to it.
    proxy: { [API_PREFIX]: 'http://localhost:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs, read by scripts/size.mjs.
    manifest: !isSsrBuild,
    // The sign-in page and everything it imports are one chunk (with the entry, the language's pack and
    // a few small shared pieces, 8 files instead of 25): each response costs about 600 bytes of
    // headers and, on a slow network, a turn for a connection. The screens after sign-in load the same
    // chunk, which their person's browser has already. Not for the prerender's own build, which runs
    // in Node and is thrown away.
    rolldownOptions: {
      // Rolldown's table of the time each plugin took, printed at the end of a build that took long:
      // on a busy machine every first `npm start` printed it, and it read like a fault to whoever
      // starts the portal
      checks: { bundlerTimings: false },
      ...(isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  // except the helper that preloads a dynamic import's files, which the entry uses too:
                  // in the first screen's chunk it made the entry wait for that whole chunk
                  { name: 'preload-helper', test: /vite\/preload-helper/, priority: 2 },
                  { name: 'sign-in', test: /src\/features\/login\/login-page\.tsx$/, priority: 1 },
                ],
              },
            },
          }),
    },
  },
}));
