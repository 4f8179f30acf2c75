/**
 * The sign-in figures alone, for work on the sign-in path without the whole bench (`npm run bench`):
 * password sign-ins/s beside raw argon2id verifies (the ceiling, measured right after in the same run),
 * then the event-loop delay of a sign-in storm with steady reads beside it; on SQLite, and on
 * PostgreSQL too when DATABASE_URL names one. Each figure also per server CPU-second, which stays true
 * on a machine busy with other work. The portal runs built (`npm run build -w @portal/server` first).
 * Usage, in apps/server: node --import tsx bench/sign-ins.ts [--cpu-prof <dir>] [--cheap-hash]
 * `--cpu-prof` writes the portal's CPU profile of the whole run into <dir>; `--cheap-hash` seeds
 * hashes of the test cost, which take next to no time to verify, so that the figures are the
 * sign-in's own work besides argon2.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contract } from '@portal/shared/api/contract';
import { openDatabase } from '../src/db/database.ts';
import { choosePasswordHashCost } from '../src/libraries/platform/passwords.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import { LOAD_SECONDS, type LoadRun, WARMUP_SECONDS, runLoads } from './load.ts';
import { BENCH_DIR, PORTAL_ARGS, portalEnv, run, startServer } from './processes.ts';
import { PASSWORD, migrateAndSeed, twoCompanyUsers } from './seed.ts';
import { signIn, signInLoad } from './sign-in-requests.ts';

const SIGN_IN_CONNECTIONS = 8;
const STORM_CONNECTIONS = 16;
const STORM_READS_PER_SECOND = 100;

const { values: options } = parseArgs({
  options: { 'cpu-prof': { type: 'string' }, 'cheap-hash': { type: 'boolean' } },
});
if (options['cheap-hash']) choosePasswordHashCost('test');

const perCpuSecond = (load: LoadRun) => load.results[0]!.ok / ((load.serverCores ?? 0) * load.seconds);

async function measure(engine: string, database: BenchDatabase): Promise<void> {
  const db = openDatabase(
    database.url.startsWith('sqlite:')
      ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: database.url },
  );
  const { passwordHash } = await migrateAndSeed(db).finally(() => db.close());
  const profile = options['cpu-prof'];
  const portal = await startServer({
    name: 'portal',
    args: [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), ...PORTAL_ARGS],
    readyPath: contract.health.path,
    probe: true,
    env: portalEnv(database.url),
  });
  try {
    const tokens = await signIn(portal.url, twoCompanyUsers(16));
    const logins = await runLoads([signInLoad('sign-in', portal.url, SIGN_IN_CONNECTIONS)], portal);
    const verifies = JSON.parse(
      await run(process.execPath, [
        '--import',
        'tsx',
        join(BENCH_DIR, 'argon2-verifies.ts'),
        passwordHash,
        PASSWORD,
        String(SIGN_IN_CONNECTIONS),
        String(WARMUP_SECONDS),
        String(LOAD_SECONDS),
      ]),
    ) as { perSecond: number; perCpuSecond: number };
    const storm = await runLoads(
      [
        signInLoad('sign-in', portal.url, STORM_CONNECTIONS),
        {
          name: 'storm reads',
          url: portal.url,
          method: 'GET',
          path: contract.currentUser.path,
          connections: 4,
          rate: STORM_READS_PER_SECOND,
          next: () => ({ headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}` } }),
        },
      ],
      portal,
      true,
    );
    const signInsPerSecond = logins.results[0]!.okPerSecond;
    console.log(
      JSON.stringify({
        engine,
        signInsPerSecond: Math.round(signInsPerSecond),
        perServerCpuSecond: Math.round(perCpuSecond(logins)),
        serverCores: logins.serverCores,
        refused: logins.results[0]!.refusals,
        argon2PerSecond: Math.round(verifies.perSecond),
        argon2PerCpuSecond: Math.round(verifies.perCpuSecond),
        ratio: Number((signInsPerSecond / verifies.perSecond).toFixed(2)),
        storm: {
          signInsPerSecond: Math.round(storm.results[0]!.okPerSecond),
          readP99Ms: storm.results[1]!.latencyMs.p99,
          loopDelayMs: storm.loopDelay,
        },
      }),
    );
  } finally {
    await portal.stop();
  }
}

const sqlite = temporarySqlite();
await measure('SQLite', sqlite).finally(() => sqlite.drop());
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl?.startsWith('postgres')) {
  const postgres = await temporaryPostgres(databaseUrl);
  await measure('PostgreSQL', postgres).finally(() => postgres.drop());
}
