import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { loadConfig } from './config.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');
const REPO_ROOT = resolve(here, '../../..');

/**
 * Configuration as `npm start` and the command line see it. Relative SQLite paths are taken from the
 * repository root, so that the server and the command line always open the same `./data/portal.db`.
 * On the embedded default outside production, the development outbox is on unless said otherwise.
 */
export function runtimeConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const effective = { ...env };
  if (!effective.DATABASE_URL && effective.NODE_ENV !== 'production') effective.PORTAL_DEV_OUTBOX ??= '1';
  // PORTAL_WEB_DIST lets a deployment (or parallel browser-test runs) serve a build kept elsewhere
  const config = loadConfig(
    effective,
    effective.PORTAL_WEB_DIST ? resolve(effective.PORTAL_WEB_DIST) : DEFAULT_WEB_DIST,
  );
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
    config.database = { kind: 'sqlite', file: resolve(REPO_ROOT, config.database.file) };
  }
  return config;
}
