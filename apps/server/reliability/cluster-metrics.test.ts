import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { type TestDatabase, createTestDatabase } from '../test/support/test-app.ts';
import { ClusterProcess } from './support/cluster-process.ts';
import { freePort, httpCall } from './support/server-process.ts';

const REQUESTS = 40;

/** The sum of the samples of `name` whose labels include `labels`. */
function total(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) sum += Number(match[3]);
  }
  return sum;
}

/** `WEB_CONCURRENCY=2` with `METRICS_PORT`: the primary answers the scrapes for both workers. */
describe('metrics of a cluster of two workers', () => {
  let testDb: TestDatabase;
  let cluster: ClusterProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.close();
    const config = testDb.config;
    if (config.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL run of the suite');
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    cluster = await ClusterProcess.start(config.url, {
      WEB_CONCURRENCY: '2',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
      METRICS_PORT: String(metricsPort),
    });
    await cluster.waitForRecord(() => cluster.startedWorkers.length === 2);
    for (const pid of cluster.startedWorkers) await cluster.waitForWorkerReady(pid);
  });
  afterAll(async () => {
    await cluster?.stop('SIGTERM');
    await testDb?.drop();
  });

  const scrape = async () => {
    const reply = await httpCall(metricsUrl, '/metrics', { timeoutMs: 10_000 });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return reply.text;
  };

  it('counts on METRICS_PORT every request sent through the main port, summed over the workers', async () => {
    const before = total(await scrape(), 'portal_http_request_duration_seconds_count', { route: contract.health.path });
    expect(before).toBe(0);
    // one connection each: the primary hands connections to the workers in turn
    for (let i = 0; i < REQUESTS; i++) expect(await cluster.health()).toBe(200);

    const text = await scrape();
    const counted = total(text, 'portal_http_request_duration_seconds_count', {
      method: 'GET',
      route: contract.health.path,
    });
    const answeredBy = new Set(
      cluster.records.filter((r) => r.msg === 'request completed' && r.pid !== cluster.pid).map((r) => r.pid),
    );
    console.log(`[cluster metrics] ${REQUESTS} requests answered by ${answeredBy.size} workers, counted ${counted}`);
    // both workers answered some: the count is the sum of their two registries, not one of them
    expect([...answeredBy].sort()).toEqual([...cluster.startedWorkers].sort());
    expect(counted).toBe(REQUESTS);
    // each worker's database pool, added up
    expect(total(text, 'portal_db_connections', {})).toBeGreaterThanOrEqual(2);
  });

  it('leaves the main port without /metrics, and nothing else on the metrics port', async () => {
    expect((await httpCall(cluster.baseUrl, '/metrics')).status).toBe(404);
    expect((await httpCall(metricsUrl, '/')).status).toBe(404);
  });

  it('is served by the primary alone: no worker tried to open METRICS_PORT', () => {
    expect(cluster.records.filter((r) => (r.level as number) >= 50)).toEqual([]);
    expect(cluster.output).not.toMatch(/EADDRINUSE/);
  });
});
