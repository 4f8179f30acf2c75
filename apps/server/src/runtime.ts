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
 */
export function runtimeConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  // PORTAL_WEB_DIST lets a deployment (or parallel browser-test runs) serve a build kept elsewhere
  const config = loadConfig(env, env.PORTAL_WEB_DIST ? resolve(env.PORTAL_WEB_DIST) : DEFAULT_WEB_DIST);
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
    config.database = { kind: 'sqlite', file: resolve(REPO_ROOT, config.database.file) };
  }
  return config;
}
