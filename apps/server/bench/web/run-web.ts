/**
 * The browser figures alone, against a portal already running its production build:
 * `node --import tsx apps/server/bench/web/run-web.ts [portal URL, default http://127.0.0.1:8080]`.
 * `npm run bench` measures them too, beside everything else.
 */
import { performance } from 'node:perf_hooks';
import { measureWebFigures } from './index.ts';

const started = performance.now();
const figures = await measureWebFigures({ portalUrl: process.argv[2] ?? 'http://127.0.0.1:8080' });
console.table(figures.map(({ ceiling, ...figure }) => ({ ...figure, ceiling: ceiling?.value })));
console.log(`measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);
