/**
 * The production entry point (`node dist/cluster.js`, what `npm start` runs). With WEB_CONCURRENCY=1
 * this process is the server itself. With more, it is a small primary that serves no requests: it
 * applies the migrations once, then forks WEB_CONCURRENCY workers, each the whole server
 * (src/server.ts). The workers share the listening socket and each accepts its own connections
 * from it (SCHED_NONE), so that a connection is only ever held by the worker that will answer it. A worker that ends on its own is started again
 * after a back-off; SIGTERM or SIGINT drains every worker, and the primary exits when they all have.
 *
 * Several processes need the state they share outside any one of them: config.ts refuses
 * WEB_CONCURRENCY > 1 without PostgreSQL and Redis. With METRICS_PORT the primary serves the metrics,
 * summed over the workers, and the workers do not open that port.
 */
import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { createLogger } from './plugins/logger.ts';
import { answerClusterScrapes, serveClusterMetrics } from './plugins/metrics.ts';
import { runtimeConfig } from './runtime.ts';

/** The wait before the first restart of a worker; it doubles with each early death, up to the maximum. */
const RESTART_DELAY_MS = 1_000;
const RESTART_MAX_DELAY_MS = 30_000;
/** A worker that ran this long died of something new, not of what killed its predecessors. */
const STEADY_MS = 60_000;
/** Beyond the workers' own limit: they exit by themselves after SHUTDOWN_TIMEOUT_SECONDS. */
const SHUTDOWN_GRACE_MS = 5_000;

/** One of the WEB_CONCURRENCY places, which keeps its own run of early deaths. */
interface Slot {
  worker: Worker | null;
  earlyDeaths: number;
  restart: NodeJS.Timeout | null;
}

function supervise(config: Config, log: FastifyBaseLogger): void {
  // node's default on Linux (SCHED_RR) accepts every connection here and sends it to a worker; one
  // sent to a worker that dies before taking it stays open in this process, unanswered, until the
  // client gives up. Accepted by the workers themselves, a dead worker's connections reset at once
  // and the rest wait in the kernel's queue for the survivors.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const slots: Slot[] = Array.from({ length: config.webConcurrency }, () => ({
    worker: null,
    earlyDeaths: 0,
    restart: null,
  }));
  let stopping = false;
  let cleanDrain = true;

  const exitWhenDrained = () => {
    if (slots.some((slot) => slot.worker)) return;
    log.info(cleanDrain ? 'every worker drained; exiting' : 'a worker did not drain cleanly; exiting');
    process.exit(cleanDrain ? 0 : 1);
  };

  const fork = (slot: Slot) => {
    slot.restart = null;
    const worker = cluster.fork();
    const startedAt = Date.now();
    slot.worker = worker;
    log.info({ worker: worker.process.pid }, 'worker started');
    worker.on('exit', (code, signal) => {
      slot.worker = null;
      if (stopping) {
        // a worker still starting has no handler yet, and the forwarded SIGTERM ends it outright
        if (code !== 0 && signal !== 'SIGTERM') cleanDrain = false;
        return exitWhenDrained();
      }
      slot.earlyDeaths = Date.now() - startedAt >= STEADY_MS ? 1 : slot.earlyDeaths + 1;
      const delay = Math.min(RESTART_DELAY_MS * 2 ** (slot.earlyDeaths - 1), RESTART_MAX_DELAY_MS);
      log.error(
        { worker: worker.process.pid, code, signal, restartInMs: delay },
        'worker ended unexpectedly; starting another',
      );
      slot.restart = setTimeout(() => fork(slot), delay);
    });
  };

  const shutDown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: draining ${config.webConcurrency} workers`);
    for (const slot of slots) {
      if (slot.restart) clearTimeout(slot.restart);
      // as SIGTERM whatever came: a Ctrl-C in a terminal also reaches the workers themselves, and a
      // second SIGINT would end a worker at once instead of letting it drain
      slot.worker?.process.kill('SIGTERM');
    }
    setTimeout(() => {
      log.error('workers still running after the shutdown limit: ending them');
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS).unref();
    exitWhenDrained();
  };
  // once: the same signal again ends the primary at once, and its workers with it (they exit when
  // their channel to the primary closes)
  process.once('SIGTERM', () => shutDown('SIGTERM'));
  process.once('SIGINT', () => shutDown('SIGINT'));

  for (const slot of slots) fork(slot);
}

async function primary(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  // here, before any worker starts: N workers applying the same migrations would race
  const database = openDatabase(config.database, {
    log,
    connectTimeoutMs: config.databaseTimeoutMs,
    statementTimeoutMs: config.databaseTimeoutMs,
  });
  const applied = await prepareDatabase(config, database, log);
  await database.close();
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  // before the workers: a port already taken ends the start here, as it would a single process's
  await serveClusterMetrics(config, log);
  supervise(config, log);
}

async function main(): Promise<void> {
  if (cluster.isWorker) {
    answerClusterScrapes();
    await import('./server.ts');
    return;
  }
  const config = runtimeConfig();
  if (config.webConcurrency === 1) await import('./server.ts');
  else await primary(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
