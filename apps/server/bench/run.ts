/**
 * `npm run bench`: figures for the hot paths, printed, never asserted (timings on a shared machine
 * are not pass/fail material). Runs against a temporary SQLite file, or PostgreSQL when
 * DATABASE_URL names one (a database of its own, dropped afterwards).
 */
import { performance } from 'node:perf_hooks';
import { apiPaths } from '@portal/shared/api/paths';
import { PASSWORD, createCompany, createUser } from '../test/support/fixtures.ts';
import { call, tokenFor } from '../test/support/http.ts';
import { ENGINE, startTestApp } from '../test/support/test-app.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, total: number, concurrency: number, once: () => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} ${String(total).padStart(6)} req  ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(2)} ms  p95 ${percentile(latencies, 95).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
}

async function main() {
  const t = await startTestApp({ LOG_LEVEL: 'silent' });
  try {
    const users: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 20; i++) users.push(await createUser(t.app));
    await createCompany(t.app, {
      products: ['esguard', 'mgguard', 'seop', 'settcntr'],
      members: users.map((u) => ({ userId: u.id })),
    });
    await createCompany(t.app, { products: ['saas-es-actuary'], members: [{ userId: users[0]!.id }] });
    const token = await tokenFor(t.app, users[0]!.account, PASSWORD);

    console.log(`engine: ${ENGINE}, node ${process.version}, in-process HTTP injection (no network)\n`);
    const rssBefore = process.memoryUsage().rss;
    await measure('GET portal/info (2 companies)', 5000, 16, async () => {
      const reply = await call(t.app, 'GET', apiPaths.portalInfo, { token });
      if (reply.code !== 0) throw new Error(`portal/info failed: ${reply.code}`);
    });
    await measure('GET user/current', 5000, 16, async () => {
      await call(t.app, 'GET', apiPaths.currentUser, { token });
    });
    await measure('POST user/login, password (argon2id)', 60, 2, async () => {
      const user = users[Math.floor(Math.random() * users.length)]!;
      const reply = await call(t.app, 'POST', apiPaths.login, {
        body: { loginType: 'password', identifierType: 'account', identifier: user.account, password: PASSWORD },
      });
      if (reply.code !== 0) throw new Error(`login failed: ${reply.code}`);
    });
    await measure('POST user/login, unknown account', 60, 2, async () => {
      await call(t.app, 'POST', apiPaths.login, {
        body: {
          loginType: 'password',
          identifierType: 'account',
          identifier: `ghost${Math.random()}`.slice(0, 20),
          password: PASSWORD,
        },
      });
    });
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `\nresident memory: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before, ${(rssAfter / 2 ** 20).toFixed(0)} MiB after`,
    );
  } finally {
    await t.close();
  }
}

await main();
