/**
 * `npm run bench -- --only keyset-pages` (in apps/server): a middle page of one company's audit log
 * at 10k and 100k events, read by offset (as the log was paged before) and by the cursor (the last
 * event's time and id) the log is paged by now; SQLite, and PostgreSQL when DATABASE_URL names a
 * server. Times the query layer on a migrated database of the bench's own, 30 reads each after 3
 * unmeasured ones; prints p50 / p99 in ms, and figures of the growth from 10k to 100k, the offset's
 * beside the cursor's.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { listAuditEvents } from '../src/queries/audit.ts';
import type { Executor } from '../src/queries/executor.ts';
import { type BenchDatabase, temporaryPostgres, temporarySqlite } from './databases.ts';
import type { Figure } from './figures.ts';
import { growthFigure } from './growth.ts';
import { engineLabel } from './in-process.ts';

const SIZES = [10_000, 100_000];
const PAGE = 20;
const RUNS = 30;
const COMPANY = 1;

async function seed(db: Executor, events: number): Promise<void> {
  const start = Date.now() - 300 * 86_400_000;
  for (let from = 0; from < events; from += 1000) {
    const values = Array.from({ length: Math.min(1000, events - from) }, (_, i) => ({
      // a few events share each millisecond, as a busy company's do
      at: start + Math.floor((from + i) / 3) * 1000,
      action: ['sign-in.success', 'member.update', 'branding.change', 'enterprise.enter'][(from + i) % 4]!,
      user_id: null,
      enterprise_id: COMPANY,
      ip: '203.0.113.7',
      detail: null,
    }));
    await db.insertInto('audit_events').values(values).execute();
  }
}

/** The offset read the log used before: newest first, skipping `offset` events. */
const byOffset = (db: Executor, offset: number) =>
  db
    .selectFrom('audit_events')
    .selectAll()
    .where('enterprise_id', '=', COMPANY)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(PAGE)
    .execute();

async function timed(read: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 3; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)]!, p99: times[RUNS - 1]! };
}

async function measure(engine: 'sqlite' | 'postgres', bench: BenchDatabase, size: number) {
  const database = openDatabase(
    bench.url.startsWith('sqlite:')
      ? { kind: 'sqlite', file: bench.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: bench.url },
  );
  try {
    await migrateToLatest(database);
    await seed(database.db, size);
    const middle = Math.floor(size / 2);
    const [last] = await byOffset(database.db, middle - 1);
    const before = [last!.at, last!.id] as const;
    const offset = await timed(() => byOffset(database.db, middle));
    const cursor = await timed(() => listAuditEvents(database.db, COMPANY, {}, { before, limit: PAGE + 1 }));
    return { engine, size, offset, cursor };
  } finally {
    await database.close();
  }
}

export async function measureKeysetPages(serverUrl: string | undefined): Promise<Figure[]> {
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (const size of SIZES) {
    const sqlite = temporarySqlite();
    try {
      rows.push(await measure('sqlite', sqlite, size));
    } finally {
      await sqlite.drop();
    }
    if (serverUrl) {
      const postgres = await temporaryPostgres(serverUrl);
      try {
        rows.push(await measure('postgres', postgres, size));
      } finally {
        await postgres.drop();
      }
    }
  }
  const ms = (n: number) => n.toFixed(2);
  console.log('| engine | events | middle page by offset p50 / p99 | by cursor p50 / p99 |');
  console.log('|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.size} | ${ms(r.offset.p50)} / ${ms(r.offset.p99)} | ${ms(r.cursor.p50)} / ${ms(r.cursor.p99)} |`,
    );
  }
  const figures: Figure[] = [];
  for (const engine of new Set(rows.map((r) => r.engine))) {
    const [small, large] = rows.filter((r) => r.engine === engine);
    if (!small || !large) continue;
    const sizes = {
      small: `${small.size.toLocaleString('en')} events`,
      large: `${large.size.toLocaleString('en')} events`,
    };
    const of = (read: 'cursor' | 'offset') => ({
      small: small[read].p50,
      large: large[read].p50,
      note: `p50 of ${RUNS} reads; p99 ${ms(small[read].p99)} ms at ${sizes.small}, ${ms(large[read].p99)} ms at ${sizes.large}`,
    });
    figures.push(
      growthFigure(`audit log middle page by cursor, query (${engineLabel(engine)})`, sizes, of('cursor'), true),
      growthFigure(
        `audit log middle page by offset, as paged before (${engineLabel(engine)})`,
        sizes,
        of('offset'),
        false,
      ),
    );
  }
  return figures;
}
