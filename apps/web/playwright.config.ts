import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SITE_PRODUCT_URL } from './e2e/site-product';

// Several runs can go side by side, each with its own port, database, build and output folder.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const database = here(`./test-results/e2e-${PORT}.db`);

/**
 * End-to-end flows against the real server (built web app + API + embedded database seeded with
 * the demo tenant), in Debian's Chromium. Build the web app first: `npm run test:e2e` does.
 */
export default defineConfig({
  testDir: './e2e',
  // A subfolder, so that Playwright's clean-up at start does not delete the running server's database.
  outputDir: `./test-results/artifacts-${PORT}`,
  // every test has people and companies of its own (e2e/people.ts) and leaves the demo tenant as
  // it found it, so the tests of a file run side by side as well
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    // a browser set to Chinese, the portal's first audience: every page follows the browser's language
    // on a first visit, and the tests that need another language choose it
    locale: 'zh-CN',
    // Recording a trace of every test took a third of the suite's processor time, and a screenshot of
    // every end adds to it: neither is kept for a test that passes. To look into a failure, run again
    // with `--trace on`.
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run, so the demo tenant is seeded from scratch.
    command: `rm -f "${database}" "${database}-wal" "${database}-shm" && mkdir -p "${here('./test-results')}" && node --import tsx apps/server/src/server.ts`,
    cwd: here('../..'),
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATABASE_URL: `sqlite:${database}`,
      PORTAL_DEV_OUTBOX: '1',
      // see e2e/test.ts: each test is its own client behind this "proxy"
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // password hashes next to free, as in the server's tests: the suite signs in hundreds of times
      PASSWORD_HASH_COST: 'test',
      // the webhook receivers of the tests (e2e/integrations.spec.ts) listen on loopback, on ports of
      // their own, which the portal refuses to deliver to unless the operator allows it (every port:
      // outside production only)
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
      // the microgrid manager opens as the sample product of e2e/site-launcher.spec.ts
      PRODUCT_URLS: JSON.stringify({ mgguard: SITE_PRODUCT_URL }),
      ...(process.env.E2E_WEB_DIST ? { PORTAL_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
