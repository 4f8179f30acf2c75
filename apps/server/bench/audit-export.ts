/**
 * The audit log's CSV export of a company with 1,000,000 events, as its administrator downloads it
 * (over HTTP, compressed as a browser asks): the server's resident memory before and at its highest
 * while the file streams, the rows the file holds, and how long it took. The events are written
 * straight into the database, with the details and actors the log's own events have. `npm run bench
 * -- --only audit-export`.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { contract } from '@portal/shared/api/contract';
import { openDatabase } from '../src/db/database.ts';
import type { Figure } from './figures.ts';
import { randomClientAddress } from './load.ts';
import type { Running } from './processes.ts';
import { COMPANIES, USERS } from './seed.ts';
import { signIn } from './sign-in-requests.ts';

export const EXPORT_EVENTS = 1_000_000;
/** The most the export's memory may grow: it holds a batch, not the file. */
const GROWTH_GOAL_MIB = 50;
const ROWS_PER_INSERT = 1_000;
const INSERTS_PER_TRANSACTION = 50;
/** How often the server's memory is read while the file streams. */
const SAMPLE_EVERY_MS = 50;
/** Memory is read this long after the warm-up export, before the measured one begins. */
const SETTLE_MS = 3_000;
/** The warm-up export: the last days of the log, about 10,000 events (what the export held at most
 *  before it streamed). */
const WARM_UP_DAYS = 3;

/** The events of a busy company, in turn: what they did, and the details the portal records for it. */
const KINDS = [
  { action: 'sign-in.success', detail: () => ({ via: 'account', loginType: 'password' }) },
  {
    action: 'member.update',
    detail: (i: number) => ({ memberId: 1 + (i % 500), role: { from: 'member', to: 'admin' } }),
  },
  { action: 'enterprise.enter', detail: () => null },
  { action: 'branding.change', detail: () => ({ names: true }) },
] as const;

/** The first seeded company with the settings centre whose administrator is in no other company: the
 *  seed makes user N the administrator of company N, and every tenth user a member of a second one. */
async function exportingCompany(db: ReturnType<typeof openDatabase>['db']): Promise<number> {
  const row = await db
    .selectFrom('enterprise_products')
    .innerJoin('products', 'products.id', 'enterprise_products.product_id')
    .select('enterprise_products.enterprise_id as id')
    .where('products.code', '=', 'settcntr')
    .where('enterprise_products.enterprise_id', '<=', COMPANIES)
    .where((eb) => eb(eb('enterprise_products.enterprise_id', '%', 10), '!=', 0))
    .orderBy('enterprise_products.enterprise_id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const open = (databaseUrl: string) =>
  openDatabase(
    databaseUrl.startsWith('sqlite:')
      ? { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: databaseUrl },
  );

/** EXPORT_EVENTS events of the company over the last 300 days, a few to a millisecond; the actors
 *  are seeded users, so that each row names its person. */
async function seedEvents(databaseUrl: string): Promise<number> {
  const database = open(databaseUrl);
  try {
    const { db } = database;
    const company = await exportingCompany(db);
    const start = Date.now() - 300 * 86_400_000;
    const step = (300 * 86_400_000) / EXPORT_EVENTS;
    const perTransaction = ROWS_PER_INSERT * INSERTS_PER_TRANSACTION;
    for (let from = 0; from < EXPORT_EVENTS; from += perTransaction) {
      await db.transaction().execute(async (trx) => {
        for (let part = from; part < Math.min(from + perTransaction, EXPORT_EVENTS); part += ROWS_PER_INSERT) {
          const values = Array.from({ length: Math.min(ROWS_PER_INSERT, EXPORT_EVENTS - part) }, (_, k) => {
            const i = part + k;
            const kind = KINDS[i % KINDS.length]!;
            const detail = kind.detail(i);
            return {
              at: Math.floor(start + Math.floor(i / 3) * 3 * step),
              action: kind.action,
              user_id: 1 + (i % USERS),
              enterprise_id: company,
              ip: `203.0.113.${i % 250}`,
              detail: detail === null ? null : JSON.stringify(detail),
            };
          });
          await trx.insertInto('audit_events').values(values).execute();
        }
      });
    }
    // what autovacuum does within a minute of such a change in production; a server that runs without
    // it (as a test machine may) would plan the export's batches on the statistics of an empty log:
    // a sort of every older event per batch instead of a range of the index (0.6 s a batch, not 1 ms)
    if (database.engine === 'postgres') await sql`analyze audit_events`.execute(db);
    return company;
  } finally {
    await database.close();
  }
}

/** The company's CSV as its administrator downloads it: fetch asks for it compressed and takes it
 *  apart, as a browser does; the lines are counted as they arrive. */
async function download(url: string, token: string, query = '') {
  const started = performance.now();
  const response = await fetch(`${url}${contract.auditEventsCsv.path}${query}`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientAddress() },
  });
  if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  }
  // the header is a line of its own; a quoted detail with a line break would be another, and the
  // seeded details hold none
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000 };
}

/** The company's events, as the file should hold them. */
async function countEvents(databaseUrl: string, company: number): Promise<number> {
  const database = open(databaseUrl);
  try {
    const row = await database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('enterprise_id', '=', company)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await database.close();
  }
}

/**
 * The server's memory is measured from after a warm-up export of the last days: a server fresh from
 * its start grows its young generation to the largest size under any sustained work (the first
 * minute of traffic does the same), which is no cost of the export's size. Both readings are in the
 * note.
 */
export async function measureAuditExport(portal: Running, databaseUrl: string, engine: string): Promise<Figure[]> {
  const seedStarted = performance.now();
  const company = await seedEvents(databaseUrl);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // the seed makes user N the administrator of company N
  const [token] = await signIn(portal.url, [company]);
  await sleep(SETTLE_MS);
  const fresh = portal.rssMiB();
  const since = new Date(Date.now() - WARM_UP_DAYS * 86_400_000).toISOString();
  const warmUp = await download(portal.url, token!, `?from=${encodeURIComponent(since)}`);
  await sleep(SETTLE_MS);
  // the file holds the seeded events and the portal's own (the sign-in and the warm-up's export)
  const expected = await countEvents(databaseUrl, company);
  const before = portal.rssMiB();

  let peak = before;
  let streaming = true;
  const sampler = (async () => {
    while (streaming) {
      peak = Math.max(peak, portal.rssMiB());
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  let file: Awaited<ReturnType<typeof download>>;
  try {
    file = await download(portal.url, token!);
  } finally {
    streaming = false;
    await sampler;
  }
  const after = portal.rssMiB();
  if (file.rows !== expected) throw new Error(`the file held ${file.rows} events, not ${expected}`);

  const growth = peak - before;
  const note = [
    `${file.rows.toLocaleString('en-US')} rows, ${(file.bytes / 2 ** 20).toFixed(0)} MiB of CSV in ${file.seconds.toFixed(1)} s`,
    `server RSS ${fresh.toFixed(0)} MiB fresh, ${before.toFixed(0)} MiB after a warm-up export of ${warmUp.rows.toLocaleString('en-US')} events, ${peak.toFixed(0)} MiB at most during the export, ${after.toFixed(0)} MiB after`,
    `${EXPORT_EVENTS.toLocaleString('en-US')} events seeded in ${seedSeconds.toFixed(0)} s`,
  ].join('; ');
  return [
    {
      name: `server RSS growth while exporting ${EXPORT_EVENTS.toLocaleString('en-US')} audit events as CSV, ${engine}`,
      value: growth,
      unit: 'MiB',
      goal: `< ${GROWTH_GOAL_MIB} MiB`,
      met: growth < GROWTH_GOAL_MIB,
      note,
    },
    {
      name: `CSV export of ${EXPORT_EVENTS.toLocaleString('en-US')} audit events, ${engine}`,
      value: file.rows / file.seconds,
      unit: 'rows/s',
      note,
    },
  ];
}
