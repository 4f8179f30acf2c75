import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
// by its path: Vite bundles a relative import into the config, but leaves a package's to Node 20,
// which cannot load TypeScript
import { API_PREFIX } from '../../packages/shared/src/api/contract/prefixes.ts';

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

export default defineConfig({
  plugins: [
    react(),
    preloadDefaultLanguage(),
    // Compressed once at build, at the highest levels, beside each file: the server sends the .br or
    // .gz a browser accepts. Below 1 kB compression saves less than the headers it costs.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    // The Node server owns /api; in development Vite serves the UI and forwards the calls to it.
    proxy: { [API_PREFIX]: 'http://localhost:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs, read by scripts/size.mjs.
    manifest: true,
  },
});
