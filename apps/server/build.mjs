/**
 * The production server: src/cluster.ts, src/server.ts and src/cli.ts bundled into dist/ as plain
 * JavaScript, so that production starts with `node dist/cluster.js` (one server process, or a primary
 * and its workers) and compiles no TypeScript at run time.
 *
 * Code the entry points share, and what they import on first use, goes into chunks beside them.
 *
 * @portal/shared is bundled because its exports are TypeScript files that Node cannot load itself; every
 * other dependency stays an import of node_modules (native addons, packages that read their own files
 * such as the Swagger UI's assets). dist/ sits at the same depth as src/, so paths that runtime.ts
 * derives from its own location (the web build, the repository root) hold in both.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const BUNDLED = '@portal/shared';

const { dependencies } = JSON.parse(readFileSync(`${here}/package.json`, 'utf8'));
const external = Object.keys(dependencies).filter((name) => name !== BUNDLED);

const result = await build({
  absWorkingDir: here,
  entryPoints: ['src/cluster.ts', 'src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  // what a dynamic import loads (the OpenID provider) becomes a chunk of its own, loaded on first use
  splitting: true,
  // beside the entry points: runtime.ts finds the repository from its own file, wherever it lands
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  metafile: true,
  logLevel: 'warning',
});

// anything else from node_modules would be a package production installs without the server naming it
const strays = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
if (strays.length) {
  console.error(`bundled from node_modules, not a dependency of the server:\n  ${strays.join('\n  ')}`);
  process.exit(1);
}
for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js')) console.log(`${relative(here, `${here}/${file}`)}  ${Math.round(bytes / 1024)} kB`);
}
