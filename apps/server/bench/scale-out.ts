/**
 * The portal's production entry (`dist/cluster.js`) with one and with two server processes on one
 * port, sharing the bench's PostgreSQL database and a Redis under a key prefix of this run's own, so
 * that neither another run nor an installation on the same Redis sees the bench's counters.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { contract } from '@portal/shared/api/contract';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { type Running, SERVER_DIR, childrenOf, portalEnv, startServer, treeCpuSeconds } from './processes.ts';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const CONNECT_TIMEOUT_MS = 2_000;
/** Beyond the first answer: the other workers start listening, and their pools open. */
const WORKERS_SETTLE_MS = 1_500;
const WORKERS_TIMEOUT_MS = 30_000;

export interface BenchRedis {
  url: string;
  keyPrefix: string;
  /** Deletes the keys the run left under its prefix. */
  clear(): Promise<void>;
}

function connect(url: string): Redis {
  // one try, no retries: a Redis that does not answer at once is reported, not waited for
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
}

/** A Redis that answers PING on `url`, or why not. */
export async function benchRedis(url: string): Promise<BenchRedis | { unreachable: string }> {
  const redis = connect(url);
  // the connection's own error (ECONNREFUSED ...) says more than the closed connection it leads to
  let cause: string | undefined;
  redis.on('error', (error: Error) => void (cause ??= error.message));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return { unreachable: `Redis does not answer on ${url} (${cause ?? (error as Error).message})` };
  } finally {
    redis.disconnect();
  }
  const keyPrefix = `portal_bench_${randomBytes(4).toString('hex')}:`;
  return {
    url,
    keyPrefix,
    async clear() {
      const client = connect(url);
      client.on('error', () => {});
      try {
        await client.connect();
        const keys: string[] = [];
        for await (const batch of client.scanStream({ match: `${keyPrefix}*`, count: 1000 }))
          keys.push(...(batch as string[]));
        if (keys.length) await client.unlink(...keys);
      } finally {
        client.disconnect();
      }
    },
  };
}

/**
 * `node dist/cluster.js` with WEB_CONCURRENCY `processes`. Its CPU is the primary's and its workers'
 * together; with one process the primary is the server itself.
 */
export async function startCluster(processes: number, databaseUrl: string, redis: BenchRedis): Promise<Running> {
  const cluster = await startServer({
    name: `portal, ${processes} processes`,
    args: [...SERVER_NODE_FLAGS, join(SERVER_DIR, 'dist/cluster.js')],
    readyPath: contract.health.path,
    env: {
      WEB_CONCURRENCY: String(processes),
      ...portalEnv(databaseUrl),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
    },
  });
  // the first worker listening answers the ready path; the connections are shared only among those
  // listening, so the load waits for every worker
  const deadline = performance.now() + WORKERS_TIMEOUT_MS;
  while (processes > 1 && childrenOf(cluster.pid).length < processes) {
    if (performance.now() > deadline) {
      await cluster.stop();
      throw new Error(`${cluster.name}: ${processes} workers not started within ${WORKERS_TIMEOUT_MS / 1000} s`);
    }
    await sleep(50);
  }
  await sleep(WORKERS_SETTLE_MS);
  return { ...cluster, cpuSeconds: () => treeCpuSeconds(cluster.pid) };
}
