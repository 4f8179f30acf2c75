import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { type TestDatabase, createTestDatabase } from '../test/support/test-app.ts';
import { ClusterProcess } from './support/cluster-process.ts';
import { httpCall } from './support/server-process.ts';

/** Clients that keep requests going, each on a fresh connection, while a worker is killed. */
const CLIENTS = 24;
/** Beyond this a request hangs: a live worker answers in milliseconds, a dead one's connection resets. */
const HANG_MS = 3_000;

interface Outcome {
  ms: number;
  result: number | string;
}

/**
 * A worker of `WEB_CONCURRENCY=2` killed while requests arrive: a connection it held may reset, but
 * none may be left open with no one to answer it (the primary had handed connections to the dead
 * worker and kept them, open, until the client gave up).
 */
describe('the cluster primary when a worker dies under load', () => {
  let testDb: TestDatabase;
  let cluster: ClusterProcess;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.close();
    const config = testDb.config;
    if (config.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL run of the suite');
    cluster = await ClusterProcess.start(config.url, {
      WEB_CONCURRENCY: '2',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
    });
    await cluster.waitForRecord(() => cluster.startedWorkers.length === 2);
    // whichever form the workers' log takes (JSON, or the development lines), each says it is ready
    const ready = () => cluster.output.split('portal ready').length - 1;
    for (let waited = 0; ready() < 2; waited += 50) {
      if (waited > 30_000) throw new Error(`the workers did not get ready:\n${cluster.output}`);
      await sleep(50);
    }
  });
  afterAll(async () => {
    await cluster?.stop('SIGKILL');
    await testDb?.drop();
  });

  it(`leaves no request hanging beyond ${HANG_MS} ms when a worker is killed`, async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const started = performance.now();
        const result = await httpCall(cluster.baseUrl, contract.health.path, { timeoutMs: HANG_MS * 3 }).then(
          (reply) => reply.status,
          (error: Error & { code?: string }) => error.code ?? error.message,
        );
        outcomes.push({ ms: performance.now() - started, result });
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await sleep(500);
    const [victim] = cluster.startedWorkers;
    process.kill(victim!, 'SIGKILL');
    await cluster.waitForRecord(
      (r) => r.pid === cluster.pid && r.worker === victim && r.msg.startsWith('worker ended'),
    );
    await sleep(1_000);
    running = false;
    await Promise.all(clients);

    const slow = outcomes.filter((o) => o.ms > HANG_MS);
    const answered = outcomes.filter((o) => o.result === 200).length;
    console.log(
      `${outcomes.length} requests: ${answered} answered, ${outcomes.length - answered} refused or reset, ` +
        `${slow.length} beyond ${HANG_MS} ms`,
    );
    expect(slow).toEqual([]);
    // the survivor went on answering: the load was real on both sides of the kill
    expect(answered).toBeGreaterThan(CLIENTS * 4);
    expect(await cluster.health()).toBe(200);
  });
});
