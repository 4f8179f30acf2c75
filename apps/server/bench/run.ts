/**
 * `npm run bench`: the server's figures, each beside the ceiling this machine reaches in the same run
 * (a bare Fastify, raw argon2 verifies, a one-query server), never asserted: it reports and exits 0
 * unless something breaks. Every server is a separate process on its own port with its own data; the
 * portal runs built, as in production, on SQLite, and on PostgreSQL when DATABASE_URL names one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { contract } from '@portal/shared/api/contract';
import { openDatabase } from '../src/db/database.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import type { Figure } from './figures.ts';
import {
  LOAD_SECONDS,
  type LoadOptions,
  type LoadResult,
  type LoadRun,
  WARMUP_SECONDS,
  randomClientAddress,
  runLoads,
} from './load.ts';
import {
  BENCH_DIR,
  PORTAL_ARGS,
  REPO_ROOT,
  type Running,
  freePort,
  run,
  serverEnv,
  startServer,
  waitFor200,
  waitUntilClosed,
} from './processes.ts';
import { RESULTS_DIR, machine, printTable, writeResults } from './report.ts';
import { type BenchRedis, DEFAULT_REDIS_URL, benchRedis, startCluster } from './scale-out.ts';
import { PASSWORD, USERS, accountOf, migrateAndSeed, twoCompanyUsers } from './seed.ts';
import { measureWebFigures } from './web/index.ts';

const COMMAND = 'npm run bench';
const READ_CONNECTIONS = 16;
const SIGN_IN_CONNECTIONS = 8;
const STORM_CONNECTIONS = 16;
/** The reads measured during the storm: a steady rate, so that their latency is the server's and not
 *  the queue of a closed loop (autocannon corrects for coordinated omission at a fixed rate). */
const STORM_READS_PER_SECOND = 100;
const STORM_READ_CONNECTIONS = 4;
const SESSIONS = 64;
/** Memory is read this long after the first answer, once start-up's garbage has been collected. */
const SETTLE_MS = 3_000;
const SERVERS_DIR = join(RESULTS_DIR, 'servers');

const log = (message: string) => console.log(`[bench] ${message}`);

/** The bench's own servers run compiled like the portal, so that no loader stands between them. */
async function buildBenchServers(): Promise<void> {
  await build({
    entryPoints: ['hello-server.ts', 'one-query-server.ts', 'argon2-verifies.ts'].map((f) => join(BENCH_DIR, f)),
    outdir: SERVERS_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

const benchServer = (name: string) => join(SERVERS_DIR, `${name}.mjs`);

function startPortal(databaseUrl: string): Promise<Running> {
  return startServer({
    name: 'portal',
    args: PORTAL_ARGS,
    readyPath: contract.health.path,
    probe: true,
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // each simulated client speaks through the local "proxy" with its own X-Forwarded-For
      TRUST_PROXY: '127.0.0.1',
      // as in production: no development outbox, no API documentation
      PORTAL_DEV_OUTBOX: '0',
      API_DOCS: '0',
    },
  });
}

async function seed(database: BenchDatabase): Promise<string> {
  const db = openDatabase(
    database.url.startsWith('sqlite:')
      ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: database.url },
  );
  try {
    const seeded = await migrateAndSeed(db);
    log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    return seeded.passwordHash;
  } finally {
    await db.close();
  }
}

const randomUser = () => 1 + Math.floor(Math.random() * USERS);

function signInBody(user: number): string {
  return JSON.stringify({
    loginType: 'password',
    identifierType: 'account',
    identifier: accountOf(user),
    password: PASSWORD,
  });
}

/** Real sign-ins over HTTP, four at a time, for the sessions the reads use. */
async function signIn(url: string, users: number[]): Promise<string[]> {
  const tokens: string[] = [];
  const queue = [...users];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let user = queue.shift(); user !== undefined; user = queue.shift()) {
        const response = await fetch(url + contract.login.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
          body: signInBody(user),
        });
        const envelope = (await response.json()) as { code: number; msg: string; data: { token: string } };
        if (envelope.code !== 0)
          throw new Error(`sign-in of ${accountOf(user)} refused: ${envelope.code} ${envelope.msg}`);
        tokens.push(envelope.data.token);
      }
    }),
  );
  return tokens;
}

function rotating<T>(values: T[]): () => T {
  let i = 0;
  return () => values[i++ % values.length]!;
}

function read(name: string, url: string, path: string, tokens: string[], connections = READ_CONNECTIONS): LoadOptions {
  const token = rotating(tokens);
  return {
    name,
    url,
    method: 'GET',
    path,
    connections,
    next: () => ({ headers: { authorization: `Bearer ${token()}`, 'x-forwarded-for': randomClientAddress() } }),
  };
}

function signIns(name: string, url: string, path: string, connections: number): LoadOptions {
  return {
    name,
    url,
    method: 'POST',
    path,
    connections,
    next: () => ({
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
      body: signInBody(randomUser()),
    }),
  };
}

/** What a figure's reader should know about a load: what was answered, and the refusals met. */
function resultNote(result: LoadResult): string {
  const refused = Object.entries(result.refusals).map(([key, count]) => `${count} × ${key}`);
  return [
    `${result.ok} ok over ${result.connections} connections`,
    refused.length ? `refused ${refused.join(', ')}` : 'none refused',
    ...(result.errors ? [`${result.errors} connection errors or timeouts`] : []),
  ].join(', ');
}

/** ... and who was busy while it ran. */
function cpuNote(load: LoadRun): string {
  const note = `server ${load.serverCores?.toFixed(2)} cores, driver ${load.driverCores.toFixed(2)} cores`;
  return load.driverCores > 0.9 ? `${note} (the driver saturated a core: the figure may be its limit)` : note;
}

/** Answers per CPU-second of the server: steadier than answers per second when other work shares
 *  the cores, since it does not count the time the server waited for one. */
function runNote(load: LoadRun): string {
  const result = load.results[0]!;
  const perCpuSecond = load.serverCores ? result.ok / (load.serverCores * load.seconds) : 0;
  return `${resultNote(result)} in ${load.seconds.toFixed(1)} s (${perCpuSecond.toFixed(0)} per server CPU-second); ${cpuNote(load)}`;
}

function higherIsBetter(
  name: string,
  value: number,
  unit: string,
  ceiling: Figure['ceiling'],
  goalRatio?: number,
): Figure {
  const ratio = ceiling ? value / ceiling.value : undefined;
  return {
    name,
    value,
    unit,
    ...(ceiling ? { ceiling, ratio } : {}),
    ...(goalRatio !== undefined && ratio !== undefined
      ? { goal: `ratio >= ${goalRatio}`, met: ratio >= goalRatio }
      : {}),
  };
}

function lowerIsBetter(
  name: string,
  value: number,
  unit: string,
  ceiling: Figure['ceiling'],
  goalAtMost?: number,
): Figure {
  return {
    name,
    value,
    unit,
    ...(ceiling ? { ceiling, ratio: ceiling.value / value } : {}),
    ...(goalAtMost !== undefined ? { goal: `<= ${goalAtMost} ${unit}`, met: value <= goalAtMost } : {}),
  };
}

/** `npm start` as a person runs it, from spawn to the first 200 of the home page; `rebuilt` when it
 *  found its build out of date (sources changed since), which then counts in the time. */
async function npmStart(databaseUrl: string): Promise<{ seconds: number; rebuilt: boolean }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const started = performance.now();
  // a group of its own, so that npm and the start script are stopped together; the script passes
  // the signal on to the server, which runs in a group of its own
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: serverEnv({ PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PORTAL_DEV_OUTBOX: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit: string | null = null;
  child.once('exit', (code) => (exit = `npm start exited (${code}) before answering:\n${output}`));
  try {
    await waitFor200(url, () => exit, 300_000);
    return { seconds: (performance.now() - started) / 1000, rebuilt: /building/.test(output) };
  } finally {
    if (child.exitCode === null) {
      const gone = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
    await waitUntilClosed(url);
  }
}

interface Ceilings {
  readsPerSecond: number;
  load: LoadRun;
  idleMiB: number;
  afterMiB: number;
  readySeconds: number;
}

async function measureHello(figures: Figure[]): Promise<Ceilings> {
  log('bare Fastify hello');
  const hello = await startServer({ name: 'hello', args: [benchServer('hello-server')], readyPath: '/hello' });
  try {
    await sleep(SETTLE_MS);
    const idleMiB = hello.rssMiB();
    const load = await runLoads(
      [
        {
          name: 'hello',
          url: hello.url,
          method: 'GET',
          path: '/hello',
          connections: READ_CONNECTIONS,
          next: () => ({ headers: { 'x-forwarded-for': randomClientAddress() } }),
        },
      ],
      hello,
    );
    const readsPerSecond = load.results[0]!.okPerSecond;
    figures.push({
      name: 'GET hello, bare Fastify (the read ceiling)',
      value: readsPerSecond,
      unit: 'req/s',
      note: runNote(load),
    });
    return { readsPerSecond, load, idleMiB, afterMiB: hello.rssMiB(), readySeconds: hello.readySeconds };
  } finally {
    await hello.stop();
  }
}

/** The reads of figures 1 and 2, on either engine. */
/** Below this share of a core, a single-threaded server under a closed-loop load was waiting for the
 *  CPU or for its driver, not for its own work. */
const CONTENDED_CORES = 0.75;

function perCpuSecond(load: LoadRun): number {
  return load.results[0]!.ok / ((load.serverCores ?? 0) * load.seconds);
}

/**
 * A read against the hello ceiling. Answers per second compare the two when each server had a core
 * to itself; on SQLite, where the portal does all its work in its own process, when either was held
 * back (by the driver saturating its core, or by other work on the machine), answers per CPU-second
 * of each are compared instead: the same ratio on a quiet machine, and the one that stays true on a
 * busy one. On PostgreSQL the portal waits for the database's own processes, whose CPU it does not
 * count, so answers per second are always compared there.
 */
function readFigure(name: string, load: LoadRun, hello: Ceilings, inProcess: boolean, goalRatio?: number): Figure {
  const figure = higherIsBetter(
    name,
    load.results[0]!.okPerSecond,
    'req/s',
    { name: 'bare Fastify hello', value: hello.readsPerSecond },
    goalRatio,
  );
  const cpuRatio = perCpuSecond(load) / perCpuSecond(hello.load);
  const contended = inProcess && Math.min(load.serverCores ?? 0, hello.load.serverCores ?? 0) < CONTENDED_CORES;
  if (!contended) return { ...figure, note: `${runNote(load)}; per CPU-second ratio ${cpuRatio.toFixed(2)}` };
  return {
    ...figure,
    ratio: cpuRatio,
    ...(goalRatio === undefined ? {} : { met: cpuRatio >= goalRatio }),
    note: `ratio per server CPU-second, as a server was held back from its core (the portal had ${load.serverCores?.toFixed(2)} of one, the hello ${hello.load.serverCores?.toFixed(2)}); per second it is ${figure.ratio?.toFixed(2)}; ${runNote(load)}`,
  };
}

/** The reads of figures 1 and 2, on either engine. */
async function measureReads(figures: Figure[], portal: Running, tokens: string[], engine: string, hello: Ceilings) {
  const sqlite = engine === 'SQLite';
  const info = await runLoads([read('portal/info', portal.url, contract.portalInfo.path, tokens)], portal);
  figures.push(readFigure(`GET portal/info (2 companies), ${engine}`, info, hello, sqlite, sqlite ? 0.35 : 0.15));
  const current = await runLoads([read('user/current', portal.url, contract.currentUser.path, tokens)], portal);
  figures.push(readFigure(`GET user/current, ${engine}`, current, hello, sqlite, sqlite ? 0.5 : undefined));
}

/** A sign-in storm with steady reads beside it, against the portal or the one-query server. */
function storm(server: Running, paths: { login: string; current: string }, tokens: string[]): Promise<LoadRun> {
  return runLoads(
    [
      signIns('storm', server.url, paths.login, STORM_CONNECTIONS),
      {
        ...read('storm reads', server.url, paths.current, tokens, STORM_READ_CONNECTIONS),
        rate: STORM_READS_PER_SECOND,
      },
    ],
    server,
    true,
  );
}

async function oneQueryStorm(sqliteFile: string, tokens: string[]): Promise<LoadRun> {
  const server = await startServer({
    name: 'one-query server',
    args: [benchServer('one-query-server')],
    readyPath: '/healthz',
    probe: true,
    env: { SQLITE_FILE: sqliteFile },
  });
  try {
    return await storm(server, { login: '/login', current: '/current' }, tokens);
  } finally {
    await server.stop();
  }
}

async function measureSqlite(figures: Figure[], hello: Ceilings): Promise<void> {
  log('portal on SQLite: seeding');
  const database = temporarySqlite();
  try {
    const passwordHash = await seed(database);
    const portal = await startPortal(database.url);
    let tokens: string[];
    let portalStorm: LoadRun;
    try {
      await sleep(SETTLE_MS);
      const idleMiB = portal.rssMiB();
      tokens = await signIn(portal.url, twoCompanyUsers(SESSIONS));

      log('portal on SQLite: reads');
      await measureReads(figures, portal, tokens, 'SQLite', hello);

      log('portal on SQLite: sign-ins, then raw argon2id verifies in a process of their own');
      const logins = await runLoads([signIns('sign-in', portal.url, contract.login.path, SIGN_IN_CONNECTIONS)], portal);
      const verifies = JSON.parse(
        await run(process.execPath, [
          benchServer('argon2-verifies'),
          passwordHash,
          PASSWORD,
          String(SIGN_IN_CONNECTIONS),
          String(WARMUP_SECONDS),
          String(LOAD_SECONDS),
        ]),
      ) as { perSecond: number; perCpuSecond: number };
      figures.push({
        ...higherIsBetter(
          'POST user/login, password, SQLite',
          logins.results[0]!.okPerSecond,
          'sign-ins/s',
          { name: `argon2id verifies, ${SIGN_IN_CONNECTIONS} at a time`, value: verifies.perSecond },
          0.9,
        ),
        note: `random users of ${USERS}; ${runNote(logins)}; the verifies ${verifies.perCpuSecond.toFixed(0)} per CPU-second`,
      });

      log('portal on SQLite: user/current during a sign-in storm');
      portalStorm = await storm(portal, { login: contract.login.path, current: contract.currentUser.path }, tokens);
      const afterMiB = portal.rssMiB();

      log('portal on SQLite: browser figures');
      await part(
        'browser figures',
        async () => void figures.push(...(await measureWebFigures({ portalUrl: portal.url }))),
      );
      figures.push(
        lowerIsBetter(
          'memory idle (VmRSS 3 s after ready), SQLite',
          idleMiB,
          'MiB',
          { name: 'bare Fastify hello, idle', value: hello.idleMiB },
          120,
        ),
        lowerIsBetter('memory after the load, SQLite', afterMiB, 'MiB', {
          name: 'bare Fastify hello, after its load',
          value: hello.afterMiB,
        }),
      );
    } finally {
      await portal.stop();
    }

    log('one-query server: the same storm');
    const ceiling = await oneQueryStorm(database.file, tokens);
    const name = 'one-query server, same storm';
    figures.push(
      {
        ...lowerIsBetter(
          'user/current p99 during a sign-in storm, SQLite',
          portalStorm.results[1]!.latencyMs.p99,
          'ms',
          { name, value: ceiling.results[1]!.latencyMs.p99 },
          25,
        ),
        note: [
          `reads at ${STORM_READS_PER_SECOND}/s: ${resultNote(portalStorm.results[1]!)}`,
          `sign-ins: ${resultNote(portalStorm.results[0]!)}`,
          cpuNote(portalStorm),
          `one-query server: ${ceiling.results[0]!.ok} sign-ins, ${cpuNote(ceiling)}`,
        ].join('; '),
      },
      lowerIsBetter(
        'event-loop delay p99 during the storm',
        portalStorm.loopDelay!.p99,
        'ms',
        { name, value: ceiling.loopDelay!.p99 },
        10,
      ),
      lowerIsBetter('event-loop delay p50 during the storm', portalStorm.loopDelay!.p50, 'ms', {
        name,
        value: ceiling.loopDelay!.p50,
      }),
    );
  } finally {
    await database.drop();
  }
}

async function measurePostgres(figures: Figure[], serverUrl: string, hello: Ceilings): Promise<void> {
  log('portal on PostgreSQL: seeding');
  const database = await temporaryPostgres(serverUrl);
  try {
    await seed(database);
    const portal = await startPortal(database.url);
    let tokens: string[];
    try {
      tokens = await signIn(portal.url, twoCompanyUsers(SESSIONS));
      log('portal on PostgreSQL: reads');
      await measureReads(figures, portal, tokens, 'PostgreSQL', hello);
    } finally {
      await portal.stop();
    }
    await part('scale-out', () => measureScaleOut(figures, database.url, tokens));
  } finally {
    await database.drop();
  }
}

const SCALE_OUT = '2 processes (PostgreSQL + Redis)';

/** Sign-ins, then portal/info reads, on the cluster entry with `processes` workers. */
async function clusterLoads(processes: number, databaseUrl: string, redis: BenchRedis, tokens: string[]) {
  log(`portal on PostgreSQL + Redis, ${processes} process${processes > 1 ? 'es' : ''}: sign-ins, then reads`);
  const cluster = await startCluster(processes, databaseUrl, redis);
  try {
    const logins = await runLoads([signIns('sign-in', cluster.url, contract.login.path, SIGN_IN_CONNECTIONS)], cluster);
    const info = await runLoads([read('portal/info', cluster.url, contract.portalInfo.path, tokens)], cluster);
    return { logins, info };
  } finally {
    await cluster.stop();
  }
}

/**
 * Two server processes against one, both through the cluster entry on the same database and Redis:
 * Redis holds the request rates and sign-in waits in both runs, so that only the number of processes
 * differs. The sessions were made on the single portal, and are valid on any process.
 */
async function measureScaleOut(figures: Figure[], databaseUrl: string, tokens: string[]): Promise<void> {
  const redis = await benchRedis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL);
  if ('unreachable' in redis) {
    log(`scale-out not measured: ${redis.unreachable}`);
    for (const [name, unit] of [
      [`sign-ins/s, ${SCALE_OUT}`, 'sign-ins/s'],
      [`portal/info req/s, ${SCALE_OUT}`, 'req/s'],
    ] as const)
      figures.push({ name, value: Number.NaN, unit, note: `not measured: ${redis.unreachable}` });
    return;
  }
  try {
    const one = await clusterLoads(1, databaseUrl, redis, tokens);
    const two = await clusterLoads(2, databaseUrl, redis, tokens);
    const scaled = (name: string, unit: string, single: LoadRun, double: LoadRun): Figure => ({
      ...higherIsBetter(name, double.results[0]!.okPerSecond, unit, {
        name: '1 process',
        value: single.results[0]!.okPerSecond,
      }),
      note: `2 processes: ${runNote(double)}; 1 process: ${runNote(single)}; CPU of the primary and its workers, not of PostgreSQL or Redis`,
    });
    figures.push(
      scaled(`sign-ins/s, ${SCALE_OUT}`, 'sign-ins/s', one.logins, two.logins),
      scaled(`portal/info req/s, ${SCALE_OUT}`, 'req/s', one.info, two.info),
    );
  } finally {
    await redis.clear();
  }
}

async function measureNpmStart(figures: Figure[], hello: Ceilings): Promise<void> {
  // the sources may have moved since the first build: the figure is for a current build
  log('npm start: building, then starting on an empty database and again on the same one');
  await run('npm', ['run', 'build']);
  const database = temporarySqlite();
  try {
    const ceiling = { name: 'bare Fastify hello process', value: hello.readySeconds };
    const first = await npmStart(database.url);
    const again = await npmStart(database.url);
    const rebuilt = 'npm start rebuilt first: sources changed since the build';
    figures.push(
      {
        ...lowerIsBetter('npm start to first 200, empty database', first.seconds, 's', ceiling, 3),
        note: ['migrations and the demo tenant included', ...(first.rebuilt ? [rebuilt] : [])].join('; '),
      },
      {
        ...lowerIsBetter('npm start to first 200, restart', again.seconds, 's', ceiling, 3),
        ...(again.rebuilt ? { note: rebuilt } : {}),
      },
    );
  } finally {
    await database.drop();
  }
}

/** A part of the bench that failed is said, and the exit status says so, but the other parts are
 *  still measured and reported. */
async function part(name: string, measure: () => Promise<void>): Promise<void> {
  try {
    await measure();
  } catch (error) {
    console.error(`[bench] ${name} failed:`, error);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const host = machine();
  log(`${host.cores} cores (${host.cpu}), Node ${host.node}, load average ${host.loadAverage.toFixed(2)}`);
  // the web app and the server: the portal runs built, and `npm start` finds its build current
  log('building (npm run build)');
  await run('npm', ['run', 'build']);
  await buildBenchServers();

  const hello = await measureHello(figures);
  await part('SQLite', () => measureSqlite(figures, hello));
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl?.startsWith('postgres')) await part('PostgreSQL', () => measurePostgres(figures, databaseUrl, hello));
  await part('npm start', () => measureNpmStart(figures, hello));

  printTable(figures);
  await writeResults(figures, host, COMMAND);
}

await main();
