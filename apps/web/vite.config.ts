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
 * The default language's pack is a dynamic import that i18next starts only once the entry runs;
 * preloading it from index.html fetches it alongside the entry instead of one round trip later. A
 * first visit, without a language cookie, speaks the default language, the one index.html declares.
 * (No inline script can choose by the cookie: the page's policy allows scripts from files only.)
 */
function preloadDefaultLanguage(): Plugin {
  return {
    name: 'preload-default-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
        const pack = `src/lib/language-packs/${lang}.ts`;
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(pack),
        );
        if (chunk?.type !== 'chunk') throw new Error(`no chunk for ${pack}`);
        // the pack's own imports too, except those the entry preloads already
        const files = [chunk.fileName, ...chunk.imports].filter((file) => !html.includes(`/${file}"`));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The web app's view of the contract (src/lib/api-calls.ts: each call's method, path and codes) is
 * run in Node at build and its exports are written into the bundle as the plain data they are: the
 * browser gets the calls, not the zod schemas of the declarations they are taken from, nor zod. The
 * contract stays declared once; what a call sends is checked by the server and by the forms.
 */
function contractViews(): Plugin {
  // src/lib/integration-calls.ts too: the settings centre's own calls, in a module of their own so
  // that they stay out of the first screen's chunk, which has api-calls.ts
  let modules: string[] = [];
  return {
    name: 'contract-views',
    configResolved(config) {
      modules = ['src/lib/api-calls.ts', 'src/lib/integration-calls.ts'].map((file) => resolve(config.root, file));
    },
    async load(id) {
      if (!modules.includes(id)) return null;
      const { module: views, dependencies } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'error',
      });
      // a declaration edited in development reloads the views
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

/** index.html with a prerendered screen in it, in its language and theme, preloading its language's pack. */
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
  // a screen loaded on demand: its code preloaded, its styles there before it paints
  const route = chunkFiles(manifest, module);
  const links = [
    ...[...route.css].filter((file) => !html.includes(`/${file}"`)).map(stylesheet),
    ...[...packFiles(manifest, lang), ...route.js].filter((file) => !html.includes(`/${file}"`)).map(preload),
  ];
  return (
    html
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
      .replace('</head>', `${[...new Set(links)].join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${screen.markup}</div>`)
      // in place, in the same order: over HTTP/1.1 a linked sheet waited behind the scripts' preloads
      // for one of the six connections, and the first paint waited for it (Slow 4G: LCP 2.1 s against
      // the bare page's 1.7 s). A screen loaded on demand has its sheets fetched again by its chunk's
      // loader after the paint; the rules are the same.
      .replace(
        /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
        (_, file: string) => `<style>${readFileSync(join(outDir, file), 'utf8')}</style>`,
      )
      // the page is drawn without them: the scripts come after the document, not beside it
      .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
  );
}

/**
 * After the browser build, the screens before sign-in are rendered to HTML for each language and
 * theme, with antd's styles extracted, so that they paint before any JavaScript runs (main.tsx
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
    contractViews(),
    popupsOnUse(),
    preloadDefaultLanguage(),
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
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'sign-in', test: /src\/features\/login\/login-page\.tsx$/ }],
            },
          },
        },
  },
}));
