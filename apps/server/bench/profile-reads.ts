/**
 * `node --import tsx bench/profile-reads.ts [sqlite|postgres] [read ...]` (in apps/server): where a read (or a
 * sign-in) spends the server's time. The built
 * portal runs under `node --cpu-prof` on a seeded database of its own, once per read, under the
 * bench's read load (16 connections, 6 s after the warm-up); each profile is summarised by self time,
 * per function and per package, with the portal's own code under "portal". The profiles stay in
 * bench/results/profiles/ for a closer look (Chrome DevTools, speedscope).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contract } from '@portal/shared/api/contract';
import { openDatabase } from '../src/db/database.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import { type LoadOptions, runLoads } from './load.ts';
import { PORTAL_ARGS, portalEnv, run, startServer } from './processes.ts';
import { benchClient, introspectionLoad, jwksLoad, personTokens, refreshLoad, userinfoLoad } from './provider.ts';
import { RESULTS_DIR } from './report.ts';
import { migrateAndSeed, twoCompanyUsers } from './seed.ts';
import { sessionReads, signIn, signInLoad } from './sign-in-requests.ts';

/** A read's load against a running portal on `databaseUrl`, with what it is read with (portal
 *  sessions, a product's tokens of people's sign-ins through the portal's screen, a client). */
type LoadOf = (databaseUrl: string, url: string) => Promise<LoadOptions>;

/** A read of the portal's own API with a session of one of 16 people in two companies. */
const sessionRead =
  (name: string, path: string): LoadOf =>
  async (_databaseUrl, url) =>
    sessionReads(name, url, path, await signIn(url, twoCompanyUsers(16)), 16);

/** The reads profiled, each under the load the bench measures it with. */
const READS: { name: string; load: LoadOf }[] = [
  { name: 'portal-info', load: sessionRead('portal-info', contract.portalInfo.path) },
  { name: 'user-current', load: sessionRead('user-current', contract.currentUser.path) },
  { name: 'userinfo', load: async (db, url) => userinfoLoad(url, await personTokens(db, url, 16)) },
  { name: 'introspection', load: async (db, url) => introspectionLoad(url, await benchClient(db, url)) },
  // a pool larger than the connections, as the bench's figure has: every refresh token is used once
  { name: 'refresh', load: async (db, url) => refreshLoad(url, await personTokens(db, url, 128)) },
  { name: 'jwks', load: async (_db, url) => jwksLoad(url) },
  // password sign-ins of random people, as the bench's sign-in figure makes them
  { name: 'sign-in', load: async (_db, url) => signInLoad('sign-in', url, 16) },
];
const TOP = 12;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** Microseconds, of a clock of the profile's own. */
  startTime: number;
  endTime: number;
}

/** The load's stretch of a profile, as milliseconds before the profile's end: start-up and the
 *  sign-ins that made the sessions are left out. */
interface Window {
  fromEndMs: number;
  toEndMs: number;
}

/** Where a frame's code comes from: a package of node_modules, Node itself, V8 or the portal. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/apps/server/dist/')) return 'portal';
  return url;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/server\//, '')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

/** Self time by function and by package over the window, as shares of the time the main thread was
 *  not idle. */
function summarise(profile: CpuProfile, window: Window): { busyMs: number; functions: string[]; packages: string[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const from = profile.endTime - window.fromEndMs * 1000;
  const to = profile.endTime - window.toEndMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busyMs = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busyMs += ms;
    const name = frameName(node);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const where = packageOf(node.callFrame.url, node.callFrame.functionName);
    packages.set(where, (packages.get(where) ?? 0) + ms);
  }
  const top = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, ms]) => `${((ms / busyMs) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return { busyMs, functions: top(functions), packages: top(packages) };
}

async function profileRead(
  databaseUrl: string,
  read: (typeof READS)[number],
  dir: string,
): Promise<{ profile: CpuProfile; window: Window }> {
  const own = join(dir, read.name);
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  const portal = await startServer({
    name: 'portal',
    args: ['--cpu-prof', '--cpu-prof-dir', own, ...PORTAL_ARGS],
    readyPath: contract.health.path,
    env: portalEnv(databaseUrl),
  });
  let loadStarted: number;
  let loadEnded: number;
  try {
    const options = await read.load(databaseUrl, portal.url);
    loadStarted = performance.now();
    const load = await runLoads([options], portal);
    loadEnded = performance.now();
    const { okPerSecond, refusals, errors } = load.results[0]!;
    console.log(
      `${read.name}: ${okPerSecond.toFixed(0)} req/s, ${load.serverCores?.toFixed(2)} cores; refused ${JSON.stringify(refusals)}, ${errors} errors`,
    );
  } finally {
    // the profile is written as the process exits
    await portal.stop();
  }
  const stopped = performance.now();
  const [file] = readdirSync(own).filter((name) => name.endsWith('.cpuprofile'));
  return {
    profile: JSON.parse(readFileSync(join(own, file!), 'utf8')) as CpuProfile,
    window: { fromEndMs: stopped - loadStarted, toEndMs: stopped - loadEnded },
  };
}

async function main(): Promise<void> {
  const engine = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
  await run('npm', ['run', 'build', '-w', '@portal/server']);
  let database: BenchDatabase;
  if (engine === 'postgres') {
    if (!process.env.DATABASE_URL?.startsWith('postgres'))
      throw new Error('DATABASE_URL must name a PostgreSQL server');
    database = await temporaryPostgres(process.env.DATABASE_URL);
  } else database = temporarySqlite();
  try {
    const db = openDatabase(
      database.url.startsWith('sqlite:')
        ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
        : { kind: 'postgres', url: database.url },
    );
    await migrateAndSeed(db).finally(() => db.close());
    const dir = join(RESULTS_DIR, 'profiles', engine);
    // `profile-reads.ts sqlite userinfo`: only the reads named
    const named = process.argv.slice(3);
    for (const read of READS.filter((r) => named.length === 0 || named.includes(r.name))) {
      const { profile, window } = await profileRead(database.url, read, dir);
      const { busyMs, functions, packages } = summarise(profile, window);
      console.log(`\n${read.name} on ${engine}: ${(busyMs / 1000).toFixed(1)} s on the main thread`);
      console.log(`self time by package:\n  ${packages.join('\n  ')}`);
      console.log(`self time by function:\n  ${functions.join('\n  ')}`);
    }
  } finally {
    await database.drop();
  }
}

await main();
