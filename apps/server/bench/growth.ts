/**
 * `npm run bench -- --only growth [--scale 1,10]` (in apps/server): how the cost of the calls that
 * grew with the data (the growth study's table: sign-out of all other sessions, My sessions, the
 * audit log's middle page, the departments tree, the members list, the purge) grows now. The same
 * data is seeded at two sizes, the second `--scale` times the first (GROWTH_BASE at 1x), each size
 * on a database and portal of its own, both running at once, and every call is timed at the two
 * sizes in turns; a figure is the time at the larger size beside the same call at the smaller (its
 * ceiling), their ratio the growth: 1 is flat, 10 is linear for a tenfold step. The goal is <= 1.5
 * for a tenfold step. The audit CSV export is left out: its time follows the rows it writes.
 * `--scale 10,100` is the size the goals are set at (10,000 sessions, 1M audit events, 100k members,
 * 10,000 departments, 3M expired rows, 200,000 users).
 *
 * The portal runs in the bench's process (in-process.ts), so that the purge is the server's own and
 * a stall of the event loop shows in the reads' latency.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { contract } from '@portal/shared/api/contract';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Engine } from '../src/db/database.ts';
import { encodeCursor } from '../src/libraries/platform/cursor.ts';
import { createCompany, createUser } from '../test/support/fixtures.ts';
import { addLogoutClient, seedProductSessions, startLogoutReceiver } from './bulk-sign-out.ts';
import { insertSeries, seedExpiredRows } from './expired-rows.ts';
import type { Figure } from './figures.ts';
import { purgeWhileReading, seedDepartmentTree, seedMembers } from './housekeeping.ts';
import {
  type InProcessPortal,
  call,
  engineLabel,
  median,
  round,
  signInAs,
  startInProcessPortal,
} from './in-process.ts';
import { migrateAndSeed } from './seed.ts';

/** The data at 1x: a tenth of the bench's platform, and a company and a person a tenth of the size
 *  the goals are set at. */
export const GROWTH_BASE = {
  companies: 100,
  users: 2_000,
  /** Live sessions of one person, each with a product signed in to through the OpenID provider. */
  sessions: 100,
  /** Of one company, over 300 days. */
  auditEvents: 10_000,
  /** Of the same company, four levels deep, its members spread over them. */
  departments: 100,
  members: 1_000,
  /** The purge's backlog, in the mix of expired-rows.ts. */
  expiredRows: 30_000,
};
export const DEFAULT_SCALE: readonly [number, number] = [1, 10];
/** The most a call's time may increase for a tenfold step in the data. */
export const GROWTH_GOAL = 1.5;

type Sizes = typeof GROWTH_BASE;
const CALLS = 50;
/** Sign-out of all other sessions ends them: the sessions are seeded again before each of these. */
const SIGN_OUTS = 5;
const DAY = 86_400_000;
const log = (message: string) => console.log(`[growth] ${message}`);
const count = (n: number) => n.toLocaleString('en');

/** A time at two sizes as a figure: the larger beside the smaller, the ratio larger / smaller. */
export function growthFigure(
  name: string,
  sizes: { small: string; large: string },
  times: { small: number; large: number; note?: string },
  withGoal: boolean,
): Figure {
  const ratio = times.large / times.small;
  return {
    name: `growth: ${name}, ${sizes.small} → ${sizes.large}`,
    value: round(times.large * 100) / 100,
    unit: 'ms',
    ceiling: { name: `the same at ${sizes.small}`, value: round(times.small * 100) / 100 },
    ratio,
    ...(withGoal ? { goal: `larger / smaller <= ${GROWTH_GOAL}`, met: ratio <= GROWTH_GOAL } : {}),
    ...(times.note ? { note: times.note } : {}),
  };
}

interface Timing {
  ms: number;
  note: string;
}

/** The calls timed, each with what its size is counted in. */
const TIMED = {
  signOut: { name: 'sign out all other sessions', size: (s: Sizes) => `${count(s.sessions)} sessions` },
  mySessions: { name: 'My sessions, first page', size: (s: Sizes) => `${count(s.sessions)} sessions` },
  auditMiddle: { name: 'audit log, middle page by cursor', size: (s: Sizes) => `${count(s.auditEvents)} events` },
  departments: {
    name: 'departments tree',
    size: (s: Sizes) => `${count(s.departments)} departments / ${count(s.members)} members`,
  },
  membersFirst: {
    name: 'members, first page (with the total)',
    size: (s: Sizes) => `${count(s.members)} members / ${count(s.users)} users`,
  },
  membersMiddle: {
    name: 'members, middle page by cursor',
    size: (s: Sizes) => `${count(s.members)} members / ${count(s.users)} users`,
  },
  purge: { name: 'purge, worst concurrent read', size: (s: Sizes) => `${count(s.expiredRows)} expired rows` },
};
type Timed = keyof typeof TIMED;

const sizesAt = (factor: number): Sizes =>
  Object.fromEntries(Object.entries(GROWTH_BASE).map(([key, base]) => [key, Math.round(base * factor)])) as Sizes;

/** One company's audit log of `events` events over the last 300 days, some actions in turn, all by
 *  its administrator. */
async function seedAuditLog(portal: InProcessPortal, enterpriseId: number, userId: number, events: number) {
  const { db, engine } = portal.seeder;
  const start = Date.now() - 300 * DAY;
  const step = Math.max(1, Math.floor((300 * DAY) / events));
  await insertSeries(
    db,
    engine,
    events,
    'audit_events',
    'at, action, user_id, enterprise_id, ip, detail',
    `${start} + cast(n as bigint) * ${step}, case n % 4 when 0 then 'sign-in.success' when 1 then 'member.update' when 2 then 'branding.change' else 'enterprise.enter' end, ${userId}, ${enterpriseId}, '203.0.113.7', null`,
  );
}

/** The cursor of the page after the middle row, as the server makes it: the row's sort key and id. */
async function middleCursor(portal: InProcessPortal, query: string): Promise<string> {
  const { rows } = await sql.raw<{ key: number | string; id: number | string }>(query).execute(portal.seeder.db);
  const row = rows[0];
  if (!row) throw new Error(`no middle row: ${query}`);
  return encodeCursor([Number(row.key), Number(row.id)]);
}

type LogoutReceiver = Awaited<ReturnType<typeof startLogoutReceiver>>;

/** The data of one size on a portal of its own, and what its calls need. */
interface Grown {
  sizes: Sizes;
  portal: InProcessPortal;
  receiver: LogoutReceiver;
  personId: number;
  adminToken: string;
  personToken: string;
  departments: number;
  membersCursor: string;
  auditCursor: string;
  close(): Promise<void>;
}

async function grow(engine: Engine, serverUrl: string | undefined, sizes: Sizes): Promise<Grown> {
  const seeding = performance.now();
  const portal = await startInProcessPortal(engine, serverUrl, async (seeder) => {
    await migrateAndSeed(seeder, sizes);
  });
  const receiver = await startLogoutReceiver();
  const close = async () => {
    await receiver.close();
    await portal.close();
  };
  try {
    const { app, base, seeder } = portal;
    const admin = await createUser(app);
    const person = await createUser(app);
    const { enterpriseId } = await createCompany(app, {
      products: ['settcntr'],
      members: [{ userId: admin.id, role: 'admin' }],
    });
    const departments = await seedDepartmentTree(seeder.db, enterpriseId, sizes.departments);
    await seedMembers(seeder.db, enterpriseId, departments, sizes.members, app.ctx.now());
    await seedAuditLog(portal, enterpriseId, admin.id, sizes.auditEvents);
    await addLogoutClient(seeder.db, receiver.uri);
    // the person's session that signs the others out is one of the `sessions`
    await seedProductSessions(seeder.db, person.id, sizes.sessions - 1);
    await seedExpiredRows(seeder.db, engine, sizes.expiredRows, app.ctx.now());
    // the planner's statistics, as autovacuum gathers them on a database in use
    if (engine === 'postgres') await sql`analyze`.execute(seeder.db);
    log(`${portal.label} at ${JSON.stringify(sizes)}: seeded in ${round((performance.now() - seeding) / 1000)} s`);
    return {
      sizes,
      portal,
      receiver,
      personId: person.id,
      adminToken: await signInAs(base, admin.account),
      personToken: await signInAs(base, person.account),
      departments: departments.length,
      membersCursor: await middleCursor(
        portal,
        `select joined_at as key, user_id as id from memberships where enterprise_id = ${enterpriseId} order by joined_at, user_id limit 1 offset ${Math.floor(sizes.members / 2)}`,
      ),
      auditCursor: await middleCursor(
        portal,
        `select at as key, id from audit_events where enterprise_id = ${enterpriseId} order by at desc, id desc limit 1 offset ${Math.floor(sizes.auditEvents / 2)}`,
      ),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The reads timed CALLS times at each size after 2 unmeasured ones. */
const READS: Record<Exclude<Timed, 'signOut' | 'purge'>, (g: Grown) => Promise<unknown>> = {
  mySessions: (g) => call(g.portal.base, contract.mySessions.path, { token: g.personToken }),
  auditMiddle: (g) =>
    call(g.portal.base, `${settingsCalls.auditEvents.path}?cursor=${g.auditCursor}`, { token: g.adminToken }),
  departments: async (g) => {
    const listed = await call<unknown[]>(g.portal.base, settingsCalls.departments.path, { token: g.adminToken });
    if (listed.length !== g.departments + 1) throw new Error(`${listed.length} departments answered`);
  },
  membersFirst: (g) => call(g.portal.base, settingsCalls.members.path, { token: g.adminToken }),
  membersMiddle: (g) =>
    call(g.portal.base, `${settingsCalls.members.path}?cursor=${g.membersCursor}`, { token: g.adminToken }),
};

/** A read at every size in turns, so that the sizes meet the same machine (its load, the process's
 *  compiled code) alike: the p50 at each. */
async function inTurns(grown: Grown[], read: (g: Grown) => Promise<unknown>): Promise<Timing[]> {
  const runs = grown.map(() => [] as number[]);
  for (let i = 0; i < CALLS + 2; i++)
    for (const [k, g] of grown.entries()) {
      const started = performance.now();
      await read(g);
      // the first two of each are unmeasured
      if (i >= 2) runs[k]!.push(performance.now() - started);
    }
  return runs.map((times) => ({ ms: median(times), note: `p50 of ${CALLS}, slowest ${round(Math.max(...times))} ms` }));
}

/** Sign-out of all other sessions SIGN_OUTS times at every size in turns, the sessions seeded again
 *  before each: the median time to the answer. Each waits for the products' back-channel logouts of
 *  the one before. */
async function signOutsInTurns(grown: Grown[]): Promise<Timing[]> {
  const answers = grown.map(() => [] as number[]);
  for (let i = 0; i < SIGN_OUTS; i++)
    for (const [k, g] of grown.entries()) {
      const others = g.sizes.sessions - 1;
      if (i > 0) await seedProductSessions(g.portal.seeder.db, g.personId, others);
      const started = performance.now();
      const { revoked } = await call<{ revoked: number }>(g.portal.base, contract.revokeMyOtherSessions.path, {
        token: g.personToken,
        method: 'POST',
      });
      answers[k]!.push(performance.now() - started);
      if (revoked !== others) throw new Error(`${revoked} sessions ended, not ${others}`);
      const deadline = performance.now() + 120_000;
      while (g.receiver.received() < others * (i + 1) && performance.now() < deadline) await sleep(50);
    }
  return grown.map((g, k) => ({
    ms: median(answers[k]!),
    note: `median of ${SIGN_OUTS} answers (${answers[k]!.map((ms) => round(ms)).join(', ')} ms); ${g.receiver.received()} of ${(g.sizes.sessions - 1) * SIGN_OUTS} back-channel logouts delivered`,
  }));
}

/** The server's own purge of each size's backlog, one after the other: the worst read during it. A
 *  longer purge gives the worst more reads to be drawn from: the p99 is in the note. */
async function purges(grown: Grown[]): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const g of grown) {
    const { during, idle, run, seconds, slowest } = await purgeWhileReading(g.portal, g.adminToken);
    const sorted = [...during].sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    timings.push({
      ms: sorted[sorted.length - 1]!,
      note: `${during.length} reads during ${run.batches} batches in ${round(seconds)} s, p50 ${round(median(during))} ms, p99 ${round(p99)} ms, slowest batch ${round(slowest.ms)} ms (${slowest.table}); worst read on the idle server just before ${round(Math.max(...idle))} ms`,
    });
  }
  return timings;
}

/** The growth figures of one engine, and their table on the console. */
export async function measureGrowth(
  engine: Engine,
  serverUrl: string | undefined,
  scale: readonly [number, number] = DEFAULT_SCALE,
): Promise<Figure[]> {
  const [small, large] = scale.map(sizesAt) as [Sizes, Sizes];
  const grown: Grown[] = [];
  const timings = {} as Record<Timed, Timing[]>;
  try {
    for (const sizes of [small, large]) grown.push(await grow(engine, serverUrl, sizes));
    for (const [key, read] of Object.entries(READS) as [keyof typeof READS, (g: Grown) => Promise<unknown>][])
      timings[key] = await inTurns(grown, read);
    timings.signOut = await signOutsInTurns(grown);
    timings.purge = await purges(grown);
  } finally {
    for (const g of grown) await g.close();
  }
  const label = engineLabel(engine);
  const [x, y] = scale.map((factor) => `${factor}x`);
  console.log(`\n${label}: ${y} / ${x}, goal <= ${GROWTH_GOAL}`);
  console.log(`| call | ${x} | ms | ${y} | ms | ${y} / ${x} |`);
  console.log('|---|---|---|---|---|---|');
  const figures: Figure[] = [];
  for (const [key, timed] of Object.entries(TIMED) as [Timed, (typeof TIMED)[Timed]][]) {
    const [a, b] = timings[key] as [Timing, Timing];
    const sizes = { small: timed.size(small), large: timed.size(large) };
    console.log(
      `| ${timed.name} | ${sizes.small} | ${round(a.ms)} | ${sizes.large} | ${round(b.ms)} | ${(b.ms / a.ms).toFixed(2)} |`,
    );
    figures.push(
      growthFigure(
        `${timed.name} (${label})`,
        sizes,
        { small: a.ms, large: b.ms, note: `${x}: ${a.note}; ${y}: ${b.note}` },
        true,
      ),
    );
  }
  return figures;
}
