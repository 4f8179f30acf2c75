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
import { type Engine, POSTGRES_POOL_SIZE, openDatabase } from '../src/db/database.ts';
import { measureAuditExport } from './audit-export.ts';
import { type Bracketed, bracketNote, bracketed, meanCeiling } from './bracket.ts';
import { measureBulkSignOut } from './bulk-sign-out.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import type { Figure } from './figures.ts';
import { DEFAULT_SCALE, measureGrowth } from './growth.ts';
import { HOUSEKEEPING_DEPARTMENTS, HOUSEKEEPING_ROWS, measureHousekeeping } from './housekeeping.ts';
import { engineLabel } from './in-process.ts';
import { measureKeysetPages } from './keyset-pages.ts';
import { LOAD_SECONDS, type LoadResult, type LoadRun, WARMUP_SECONDS, randomClientAddress, runLoads } from './load.ts';
import { measureMemory } from './memory.ts';
import {
  BENCH_DIR,
  PORTAL_ARGS,
  portalEnv,
  REPO_ROOT,
  type Running,
  freePort,
  run,
  serverEnv,
  startServer,
  waitFor200,
  waitUntilClosed,
} from './processes.ts';
import {
  benchClient,
  discoveryLoad,
  introspectionLoad,
  idTokenSignatureFigures,
  jwksLoad,
  personTokens,
  refreshLoad,
  userinfoLoad,
} from './provider.ts';
import { RESULTS_DIR, machine, printTable, systemLoad, writeResults } from './report.ts';
import { type BenchRedis, DEFAULT_REDIS_URL, benchRedis, startCluster } from './scale-out.ts';
import { PASSWORD, USERS, migrateAndSeed, twoCompanyUsers } from './seed.ts';
import { sessionReads, signIn, signInLoad } from './sign-in-requests.ts';
import { measureWebFigures } from './web/index.ts';
import { measureWebhooks } from './webhooks.ts';

const COMMAND = 'npm run bench';
const READ_CONNECTIONS = 16;
const SIGN_IN_CONNECTIONS = 8;
const STORM_CONNECTIONS = 16;
/** The reads measured during the storm: a steady rate, so that their latency is the server's and not
 *  the queue of a closed loop (autocannon corrects for coordinated omission at a fixed rate). */
const STORM_READS_PER_SECOND = 100;
const STORM_READ_CONNECTIONS = 4;
const SESSIONS = 64;
/** The people whose product sign-ins the userinfo and refresh loads use. A refresh spends its token, and
 *  the requests in flight when a drive ends are answered unread: each drive loses up to its 16
 *  connections' tokens, and a figure measured three times drives six times, so the pool outlasts that
 *  with a token for each connection left. */
const PROVIDER_PEOPLE = 128;
/** Memory is read this long after the first answer, once start-up's garbage has been collected. */
const SETTLE_MS = 3_000;
const SERVERS_DIR = join(RESULTS_DIR, 'servers');

const log = (message: string) => console.log(`[bench] ${message}`);

/** The bench's own servers run compiled like the portal, so that no loader stands between them. */
async function buildBenchServers(): Promise<void> {
  await build({
    entryPoints: ['hello-server.ts', 'one-query-server.ts', 'pg-one-query-server.ts', 'argon2-verifies.ts'].map((f) =>
      join(BENCH_DIR, f),
    ),
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
    env: portalEnv(databaseUrl),
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

const read = (name: string, url: string, path: string, tokens: string[], connections = READ_CONNECTIONS) =>
  sessionReads(name, url, path, tokens, connections);

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

/** The parts of the bench, each run alone with `--only <part>[,<part>...]` while working on it. */
const PARTS = [
  'reads',
  'sign-ins',
  'storm',
  'browser',
  'memory',
  'bulk-sign-out',
  'audit-export',
  'scale-out',
  'npm-start',
  'growth',
  'housekeeping',
  'keyset-pages',
  'webhooks',
  'provider',
] as const;
type Part = (typeof PARTS)[number];
/** The parts that run the portal in the bench's own process (in-process.ts): they need no build. */
const IN_PROCESS_PARTS: readonly Part[] = ['growth', 'housekeeping', 'keyset-pages', 'webhooks'];

/** The value after `--name`, if given. */
function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} takes a value`);
  return value;
}

/** `--scale small,large` of the growth case: two multiples of its base sizes, the first the smaller. */
function scaleOf(argv: string[]): readonly [number, number] {
  const given = flag(argv, '--scale');
  if (given === undefined) return DEFAULT_SCALE;
  const scale = given.split(',').map(Number);
  if (scale.length !== 2 || !scale.every((n) => Number.isFinite(n) && n > 0) || scale[0]! >= scale[1]!)
    throw new Error(`--scale takes two multiples, the smaller first, e.g. 1,10; got ${given}`);
  return scale as [number, number];
}

/** `--rows N` / `--departments N` of the housekeeping case: 0 leaves its half out. */
function countOf(argv: string[], name: string, otherwise: number): number {
  const given = flag(argv, name);
  if (given === undefined) return otherwise;
  const n = Number(given);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} takes a whole number; got ${given}`);
  return n;
}

function partsToRun(argv: string[]): Set<Part> {
  const at = argv.indexOf('--only');
  if (at === -1) return new Set(PARTS);
  const asked = (argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = asked.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (!asked.length || unknown.length)
    throw new Error(`--only takes some of ${PARTS.join(', ')}; got ${argv[at + 1] ?? 'nothing'}`);
  return new Set(asked as Part[]);
}

/** The bare Fastify hello, kept running through the bench so that its load can be measured before and
 *  after each figure it is the ceiling of. */
interface Hello {
  idleMiB: number;
  readySeconds: number;
  load(): Promise<LoadRun>;
  rssMiB(): number;
  stop(): Promise<void>;
}

async function startHello(): Promise<Hello> {
  const hello = await startServer({ name: 'hello', args: [benchServer('hello-server')], readyPath: '/hello' });
  await sleep(SETTLE_MS);
  const idleMiB = hello.rssMiB();
  const load = () =>
    runLoads(
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
  return { idleMiB, readySeconds: hello.readySeconds, load, rssMiB: () => hello.rssMiB(), stop: () => hello.stop() };
}

const okPerSecond = (load: LoadRun) => load.results[0]!.okPerSecond;

/** Below this share of a core, a single-threaded server under a closed-loop load was waiting for the
 *  CPU or for its driver, not for its own work. */
const CONTENDED_CORES = 0.75;

function perCpuSecond(load: LoadRun): number {
  return load.results[0]!.ok / ((load.serverCores ?? 0) * load.seconds);
}

/**
 * A read against its ceiling, measured before and after it. Answers per second compare the two when
 * each server had a core to itself; on SQLite, where the portal does all its work in its own process,
 * when either was held back (by the driver saturating its core, or by other work on the machine),
 * answers per CPU-second of each are compared instead: the same ratio on a quiet machine, and the one
 * that stays true on a busy one. On PostgreSQL the servers wait for the database's own processes,
 * whose CPU they do not count, so answers per second are always compared there.
 */
function readFigure(
  name: string,
  bracket: Bracketed<LoadRun, LoadRun>,
  ceilingName: string,
  inProcess: boolean,
  goalRatio?: number,
): Figure {
  const load = bracket.result;
  const figure = higherIsBetter(
    name,
    okPerSecond(load),
    'req/s',
    { name: ceilingName, value: meanCeiling(bracket, okPerSecond) },
    goalRatio,
  );
  const cpuRatio = perCpuSecond(load) / meanCeiling(bracket, perCpuSecond);
  const ceilingCores = Math.min(bracket.before.serverCores ?? 0, bracket.after.serverCores ?? 0);
  const contended = inProcess && Math.min(load.serverCores ?? 0, ceilingCores) < CONTENDED_CORES;
  const around = bracketNote(bracket, okPerSecond);
  if (!contended)
    return { ...figure, note: `${runNote(load)}; per CPU-second ratio ${cpuRatio.toFixed(2)}; ${around}` };
  return {
    ...figure,
    ratio: cpuRatio,
    ...(goalRatio === undefined ? {} : { met: cpuRatio >= goalRatio }),
    note: `ratio per server CPU-second, as a server was held back from its core (the portal had ${load.serverCores?.toFixed(2)} of one, the ceiling at least ${ceilingCores.toFixed(2)}); per second it is ${figure.ratio?.toFixed(2)}; ${runNote(load)}; ${around}`,
  };
}

/** The reads of figures 1 and 2 on SQLite, each between two loads of the bare Fastify hello. */
async function measureSqliteReads(figures: Figure[], portal: Running, tokens: string[], hello: Hello) {
  const ceiling = 'bare Fastify hello';
  const info = await bracketed('portal/info, SQLite', hello.load, okPerSecond, () =>
    runLoads([read('portal/info', portal.url, contract.portalInfo.path, tokens)], portal),
  );
  figures.push(readFigure('GET portal/info (2 companies), SQLite', info, ceiling, true, 0.35));
  const current = await bracketed('user/current, SQLite', hello.load, okPerSecond, () =>
    runLoads([read('user/current', portal.url, contract.currentUser.path, tokens)], portal),
  );
  figures.push(readFigure('GET user/current, SQLite', current, ceiling, true, 0.5));
}

/** A sign-in storm with steady reads beside it, against the portal or the one-query server. */
function storm(server: Running, paths: { login: string; current: string }, tokens: string[]): Promise<LoadRun> {
  return runLoads(
    [
      signInLoad('storm', server.url, STORM_CONNECTIONS, paths.login),
      {
        ...read('storm reads', server.url, paths.current, tokens, STORM_READ_CONNECTIONS),
        rate: STORM_READS_PER_SECOND,
      },
    ],
    server,
    true,
  );
}

function startOneQueryServer(sqliteFile: string): Promise<Running> {
  return startServer({
    name: 'one-query server',
    args: [benchServer('one-query-server')],
    readyPath: '/healthz',
    probe: true,
    env: { SQLITE_FILE: sqliteFile },
  });
}

async function measureSignIns(figures: Figure[], portal: Running, passwordHash: string): Promise<void> {
  log('portal on SQLite: sign-ins, between raw argon2id verifies in a process of their own');
  const verifies = async () =>
    JSON.parse(
      await run(process.execPath, [
        benchServer('argon2-verifies'),
        passwordHash,
        PASSWORD,
        String(SIGN_IN_CONNECTIONS),
        String(WARMUP_SECONDS),
        String(LOAD_SECONDS),
      ]),
    ) as { perSecond: number; perCpuSecond: number };
  const perSecond = (v: { perSecond: number }) => v.perSecond;
  const logins = await bracketed('sign-ins', verifies, perSecond, () =>
    runLoads([signInLoad('sign-in', portal.url, SIGN_IN_CONNECTIONS)], portal),
  );
  figures.push({
    ...higherIsBetter(
      'POST user/login, password, SQLite',
      okPerSecond(logins.result),
      'sign-ins/s',
      { name: `argon2id verifies, ${SIGN_IN_CONNECTIONS} at a time`, value: meanCeiling(logins, perSecond) },
      0.9,
    ),
    note: `random users of ${USERS}; ${runNote(logins.result)}; the verifies ${logins.before.perCpuSecond.toFixed(0)} per CPU-second; ${bracketNote(logins, perSecond)}`,
  });
}

/** The sign-in storm on the portal, between two of the same storm on the one-query server. */
async function measureStorm(figures: Figure[], portal: Running, sqliteFile: string, tokens: string[]) {
  log('portal on SQLite: user/current during a sign-in storm, between two on the one-query server');
  const oneQuery = await startOneQueryServer(sqliteFile);
  const p99 = (load: LoadRun) => load.results[1]!.latencyMs.p99;
  let bracket: Bracketed<LoadRun, LoadRun>;
  try {
    bracket = await bracketed(
      'sign-in storm',
      () => storm(oneQuery, { login: '/login', current: '/current' }, tokens),
      p99,
      () => storm(portal, { login: contract.login.path, current: contract.currentUser.path }, tokens),
    );
  } finally {
    await oneQuery.stop();
  }
  const portalStorm = bracket.result;
  const name = 'one-query server, same storm';
  const loopP99 = (load: LoadRun) => load.loopDelay!.p99;
  const loopP50 = (load: LoadRun) => load.loopDelay!.p50;
  figures.push(
    {
      ...lowerIsBetter(
        'user/current p99 during a sign-in storm, SQLite',
        p99(portalStorm),
        'ms',
        { name, value: meanCeiling(bracket, p99) },
        25,
      ),
      note: [
        `reads at ${STORM_READS_PER_SECOND}/s: ${resultNote(portalStorm.results[1]!)}`,
        `sign-ins: ${resultNote(portalStorm.results[0]!)}`,
        cpuNote(portalStorm),
        `one-query server: ${bracket.after.results[0]!.ok} sign-ins, ${cpuNote(bracket.after)}`,
        bracketNote(bracket, p99),
      ].join('; '),
    },
    lowerIsBetter(
      'event-loop delay p99 during the storm',
      loopP99(portalStorm),
      'ms',
      { name, value: meanCeiling(bracket, loopP99) },
      10,
    ),
    lowerIsBetter('event-loop delay p50 during the storm', loopP50(portalStorm), 'ms', {
      name,
      value: meanCeiling(bracket, loopP50),
    }),
  );
}

/**
 * The provider's endpoints of products' servers on SQLite, each between two loads of the bare Fastify
 * hello: the JWKS and discovery (answered from memory), introspection of a client-credentials token,
 * and userinfo and refresh of people's product sign-ins.
 * The ID token signature a refresh makes is measured for each algorithm a client may choose.
 */
async function measureProvider(figures: Figure[], hello: Hello): Promise<void> {
  log('portal on SQLite: the OpenID provider, each between two loads of the bare Fastify hello');
  const database = temporarySqlite();
  try {
    await seed(database);
    const portal = await startPortal(database.url);
    try {
      const client = await benchClient(database.url, portal.url);
      const people = await personTokens(database.url, portal.url, PROVIDER_PEOPLE);
      const ceiling = 'bare Fastify hello';
      for (const [name, load] of [
        ['GET oidc/jwks, SQLite', jwksLoad(portal.url)],
        ['GET discovery, SQLite', discoveryLoad(portal.url)],
        ['POST oidc/token/introspection, SQLite', introspectionLoad(portal.url, client)],
        ['GET oidc/me, SQLite', userinfoLoad(portal.url, people)],
        ['POST oidc/token (refresh), SQLite', refreshLoad(portal.url, people)],
      ] as const) {
        const bracket = await bracketed(name, hello.load, okPerSecond, () => runLoads([load], portal));
        figures.push(readFigure(name, bracket, ceiling, true));
      }
      // what a client's choice of ID token algorithm changes in each of its refreshes
      figures.push(...idTokenSignatureFigures());
    } finally {
      await portal.stop();
    }
  } finally {
    await database.drop();
  }
}

async function measureSqlite(figures: Figure[], hello: Hello, parts: Set<Part>, options: ServerOptions): Promise<void> {
  log('portal on SQLite: seeding');
  const database = temporarySqlite();
  try {
    const passwordHash = await seed(database);
    const portal = await startPortal(database.url);
    try {
      await sleep(SETTLE_MS);
      const idleMiB = portal.rssMiB();
      const tokens = await signIn(portal.url, twoCompanyUsers(SESSIONS));

      if (parts.has('reads')) {
        log('portal on SQLite: reads, each between two loads of the bare Fastify hello');
        await measureSqliteReads(figures, portal, tokens, hello);
      }
      if (parts.has('sign-ins')) await measureSignIns(figures, portal, passwordHash);
      if (parts.has('storm')) await measureStorm(figures, portal, database.file, tokens);
      const afterMiB = portal.rssMiB();

      if (parts.has('browser')) {
        log('portal on SQLite: browser figures');
        await part(
          'browser figures',
          async () => void figures.push(...(await measureWebFigures({ portalUrl: portal.url }))),
        );
      }
      if (parts.has('memory'))
        figures.push(
          lowerIsBetter(
            'memory idle (VmRSS 3 s after ready), SQLite',
            idleMiB,
            'MiB',
            { name: 'bare Fastify hello, idle', value: hello.idleMiB },
            110,
          ),
          lowerIsBetter('memory after the loads above, SQLite', afterMiB, 'MiB', {
            name: 'bare Fastify hello, after its loads',
            value: hello.rssMiB(),
          }),
        );
      if (parts.has('audit-export'))
        await part(
          'audit export, SQLite',
          async () => void figures.push(...(await measureAuditExport(portal, database.url, 'SQLite'))),
        );
      // last: it leaves thousands of ended sessions behind
      if (parts.has('bulk-sign-out'))
        await part(
          'bulk sign-out, SQLite',
          async () => void figures.push(...(await measureBulkSignOut(portal, database.url, 'SQLite'))),
        );
    } finally {
      await portal.stop();
    }
    if (parts.has('memory'))
      await part(
        'memory under load, SQLite',
        async () =>
          void figures.push(...(await measureMemory(database.url, [benchServer('hello-server')], options.heap))),
      );
  } finally {
    await database.drop();
  }
}

/** The one-statement Fastify + `pg` server on the portal's database and pool size. */
async function startPgOneQueryServer(databaseUrl: string): Promise<Running> {
  return startServer({
    name: 'pg one-query server',
    args: [benchServer('pg-one-query-server')],
    readyPath: '/healthz',
    env: { DATABASE_URL: databaseUrl, PG_POOL_SIZE: String(POSTGRES_POOL_SIZE) },
  });
}

/**
 * The reads on PostgreSQL, each between two loads of the one-statement server on the same database
 * and pool size: a read that needs the database more than once, or waits on the portal's own work,
 * shows against it. The bare Fastify hello's ratio is in the note.
 */
async function measurePostgresReads(figures: Figure[], portal: Running, databaseUrl: string, tokens: string[]) {
  const ceilingServer = await startPgOneQueryServer(databaseUrl);
  const ceiling = () => runLoads([read('pg one-query', ceilingServer.url, '/current', tokens)], ceilingServer);
  const name = `one-statement Fastify + pg, pool of ${POSTGRES_POOL_SIZE}`;
  try {
    const info = await bracketed('portal/info, PostgreSQL', ceiling, okPerSecond, () =>
      runLoads([read('portal/info', portal.url, contract.portalInfo.path, tokens)], portal),
    );
    figures.push(readFigure('GET portal/info (2 companies), PostgreSQL', info, name, false, 0.5));
    const current = await bracketed('user/current, PostgreSQL', ceiling, okPerSecond, () =>
      runLoads([read('user/current', portal.url, contract.currentUser.path, tokens)], portal),
    );
    figures.push(readFigure('GET user/current, PostgreSQL', current, name, false));
  } finally {
    await ceilingServer.stop();
  }
}

async function measurePostgres(figures: Figure[], serverUrl: string, parts: Set<Part>): Promise<void> {
  log('portal on PostgreSQL: seeding');
  const database = await temporaryPostgres(serverUrl);
  try {
    await seed(database);
    const portal = await startPortal(database.url);
    let tokens: string[];
    try {
      tokens = await signIn(portal.url, twoCompanyUsers(SESSIONS));
      if (parts.has('reads')) {
        log('portal on PostgreSQL: reads, each between two loads of the one-statement pg server');
        await measurePostgresReads(figures, portal, database.url, tokens);
      }
      if (parts.has('bulk-sign-out'))
        await part(
          'bulk sign-out, PostgreSQL',
          async () => void figures.push(...(await measureBulkSignOut(portal, database.url, 'PostgreSQL'))),
        );
      if (parts.has('audit-export'))
        await part(
          'audit export, PostgreSQL',
          async () => void figures.push(...(await measureAuditExport(portal, database.url, 'PostgreSQL'))),
        );
    } finally {
      await portal.stop();
    }
    if (parts.has('scale-out')) await part('scale-out', () => measureScaleOut(figures, database.url, tokens));
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
    const logins = await runLoads([signInLoad('sign-in', cluster.url, SIGN_IN_CONNECTIONS)], cluster);
    const info = await runLoads([read('portal/info', cluster.url, contract.portalInfo.path, tokens)], cluster);
    return { logins, info };
  } finally {
    await cluster.stop();
  }
}

/**
 * Two server processes against one, both through the cluster entry on the same database and Redis:
 * Redis holds the request rates and sign-in waits in both runs, so that only the number of processes
 * differs. The sessions were made on the single portal, and are valid on any process. The one
 * process is measured before and after the two, as the ceiling of any figure is.
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
    const bracket = await bracketed(
      'scale-out',
      () => clusterLoads(1, databaseUrl, redis, tokens),
      (one) => okPerSecond(one.info),
      () => clusterLoads(2, databaseUrl, redis, tokens),
    );
    const scaled = (name: string, unit: string, of: (loads: typeof bracket.before) => LoadRun): Figure => ({
      ...higherIsBetter(name, okPerSecond(of(bracket.result)), unit, {
        name: '1 process',
        value: meanCeiling(bracket, (one) => okPerSecond(of(one))),
      }),
      note: `2 processes: ${runNote(of(bracket.result))}; 1 process: ${runNote(of(bracket.before))}; ${bracketNote(bracket, (one) => okPerSecond(of(one)))}; CPU of the primary and its workers, not of PostgreSQL or Redis`,
    });
    figures.push(
      scaled(`sign-ins/s, ${SCALE_OUT}`, 'sign-ins/s', (loads) => loads.logins),
      scaled(`portal/info req/s, ${SCALE_OUT}`, 'req/s', (loads) => loads.info),
    );
  } finally {
    await redis.clear();
  }
}

async function measureNpmStart(figures: Figure[], hello: Hello): Promise<void> {
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

interface InProcessOptions {
  scale: readonly [number, number];
  housekeeping: { rows: number; departments: number };
}

/** The cases that run the portal in the bench's process: on SQLite, and on PostgreSQL when
 *  DATABASE_URL names a server. */
async function measureInProcess(figures: Figure[], parts: Set<Part>, options: InProcessOptions): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const postgres = databaseUrl?.startsWith('postgres') ? databaseUrl : undefined;
  const engines: Engine[] = postgres ? ['sqlite', 'postgres'] : ['sqlite'];
  const add = (name: string, measure: () => Promise<Figure[]>) =>
    part(name, async () => void figures.push(...(await measure())));
  if (parts.has('growth'))
    for (const engine of engines)
      await add(`growth, ${engineLabel(engine)}`, () => measureGrowth(engine, postgres, options.scale));
  if (parts.has('housekeeping'))
    for (const engine of engines)
      await add(`housekeeping, ${engineLabel(engine)}`, () =>
        measureHousekeeping(engine, postgres, options.housekeeping),
      );
  if (parts.has('keyset-pages')) await add('keyset pages', () => measureKeysetPages(postgres));
  if (parts.has('webhooks'))
    for (const engine of engines)
      await add(`webhooks, ${engineLabel(engine)}`, () => measureWebhooks(engine, postgres));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const parts = partsToRun(argv);
  // read before anything is measured, so that a mistyped flag costs nothing
  const options: InProcessOptions = {
    scale: scaleOf(argv),
    housekeeping: {
      rows: countOf(argv, '--rows', HOUSEKEEPING_ROWS),
      departments: countOf(argv, '--departments', HOUSEKEEPING_DEPARTMENTS),
    },
  };
  const whole = parts.size === PARTS.length;
  const figures: Figure[] = [];
  const host = machine();
  log(`${host.cores} cores (${host.cpu}), Node ${host.node}, load average ${systemLoad()} at the start`);
  if ([...parts].some((name) => !IN_PROCESS_PARTS.includes(name)))
    await measureServers(figures, parts, { heap: argv.includes('--heap') });
  await measureInProcess(figures, parts, options);

  const loadAtEnd = systemLoad();
  log(`load average ${loadAtEnd} at the end`);
  printTable(figures);
  // a run of some parts is for the one working on them: the page and latest.json describe whole runs
  await writeResults(figures, { ...host, loadAtEnd }, COMMAND, whole ? 'latest' : 'parts');
}

/** The parts measured on separate server processes, beside the ceilings those need. */
/** `--heap`: heap snapshots around the memory part's load, and what grew between them. */
interface ServerOptions {
  heap: boolean;
}

async function measureServers(figures: Figure[], parts: Set<Part>, options: ServerOptions): Promise<void> {
  // the web app and the server: the portal runs built, and `npm start` finds its build current; a run
  // of parts without the browser or `npm start` needs the server's build alone
  const webNeeded = parts.has('browser') || parts.has('npm-start');
  log(`building (${webNeeded ? 'npm run build' : 'the server only'})`);
  await run('npm', webNeeded ? ['run', 'build'] : ['run', 'build', '-w', '@portal/server']);
  await buildBenchServers();

  log('bare Fastify hello');
  const hello = await startHello();
  try {
    const sqliteParts = ['reads', 'sign-ins', 'storm', 'browser', 'memory', 'bulk-sign-out', 'audit-export'] as const;
    if (sqliteParts.some((name) => parts.has(name)))
      await part('SQLite', () => measureSqlite(figures, hello, parts, options));
    if (parts.has('provider')) await part('provider', () => measureProvider(figures, hello));
    const databaseUrl = process.env.DATABASE_URL;
    if (
      databaseUrl?.startsWith('postgres') &&
      (parts.has('reads') || parts.has('bulk-sign-out') || parts.has('audit-export') || parts.has('scale-out'))
    )
      await part('PostgreSQL', () => measurePostgres(figures, databaseUrl, parts));
    if (parts.has('npm-start')) await part('npm start', () => measureNpmStart(figures, hello));
  } finally {
    await hello.stop();
  }
}

await main();
