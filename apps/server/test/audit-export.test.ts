import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** RFC 4180 rows of the file after its byte order mark; cells here never hold quotes or line breaks. */
async function rowsOf(response: Response): Promise<string[][]> {
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

const ROWS_PER_INSERT = 500;

describe(`the audit CSV streams every event of the filter (${ENGINE})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  /** `n` events of an action the screen has no words for, so that the detail column reads `n: <i>`;
   *  three to a millisecond, so that events of one millisecond fall on both sides of a batch's end. */
  async function seed(enterpriseId: number, n: number, from: number, pad?: Record<string, string>) {
    for (let start = 0; start < n; start += ROWS_PER_INSERT) {
      const values = Array.from({ length: Math.min(ROWS_PER_INSERT, n - start) }, (_, k) => {
        const i = start + k;
        return {
          at: from + Math.floor(i / 3),
          action: 'export.row',
          user_id: null,
          enterprise_id: enterpriseId,
          ip: '10.0.0.1',
          detail: JSON.stringify({ n: i, ...pad }),
        };
      });
      await t.app.ctx.db.insertInto('audit_events').values(values).execute();
    }
  }

  const exportRecords = (enterpriseId: number) =>
    t.app.ctx.db
      .selectFrom('audit_events')
      .select(['detail'])
      .where('enterprise_id', '=', enterpriseId)
      .where('action', '=', 'audit.export')
      .execute();

  it('gives more than 10,000 events, newest first, the header once, and records the export with its rows', async () => {
    const a = await companyWithAdmin(t.app);
    const other = await companyWithAdmin(t.app);
    const from = t.app.ctx.now() - 86_400_000;
    await seed(a.enterpriseId, 12_345, from);
    // another company's events, of the same milliseconds, are none of this file's
    await seed(other.enterpriseId, 700, from);

    const stored = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['id', 'at', 'action', 'detail'])
      .where('enterprise_id', '=', a.enterpriseId)
      .execute();
    const expected = stored
      .toSorted((x, y) => y.at - x.at || y.id - x.id)
      .map((row) => (row.action === 'export.row' ? `n: ${JSON.parse(row.detail!).n}` : row.action));
    expect(expected.length).toBeGreaterThan(12_345);

    const response = await fetch(`${base}${contract.auditEventsCsv.path}`, {
      headers: { authorization: `Bearer ${a.token}`, cookie: 'langCode=en-US' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{8}\.csv"$/);
    const rows = await rowsOf(response);
    expect(rows[0]).toEqual(['Time (UTC)', 'Person', 'Person ID', 'Action', 'Action code', 'IP address', 'Details']);
    expect(rows.slice(1).map((r) => (r[4] === 'export.row' ? r[6] : r[4]))).toEqual(expected);

    const records = await exportRecords(a.enterpriseId);
    expect(records.map((r) => JSON.parse(r.detail!))).toEqual([{ format: 'csv', rows: expected.length, filter: {} }]);
  });

  it('follows a filter through every batch', async () => {
    const a = await companyWithAdmin(t.app);
    const from = t.app.ctx.now() - 86_400_000;
    await seed(a.enterpriseId, 4_500, from);
    // the span of events 300 to 4,199: whole milliseconds, from inclusive, to exclusive
    const span = `?action=export.row&from=${new Date(from + 100).toISOString()}&to=${new Date(from + 1400).toISOString()}`;
    const response = await fetch(`${base}${contract.auditEventsCsv.path}${span}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    const rows = await rowsOf(response);
    // Chinese by default, the header once
    expect(rows.filter((r) => r[0] === '时间（UTC）')).toHaveLength(1);
    const numbers = rows.slice(1).map((r) => Number(r[6]!.slice('n: '.length)));
    expect(numbers).toEqual(Array.from({ length: 3_900 }, (_, i) => 4_199 - i));
  });

  it("gives each time as the zone's clock showed it, across changes of clocks on the hour and mid-hour", async () => {
    const a = await companyWithAdmin(t.app);
    const moments = [
      // Adelaide leaves daylight time at 16:30 UTC, halfway through an hour: +10:30 until then, +09:30 after
      '2026-04-04T15:59:59Z',
      '2026-04-04T16:29:59Z',
      '2026-04-04T16:30:00Z',
      '2026-04-04T16:59:59Z',
      // Berlin, on the hour: into summer time, and out of it
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
    ];
    await t.app.ctx.db
      .insertInto('audit_events')
      .values(
        moments.map((moment) => ({
          at: Date.parse(moment),
          action: 'clock.check',
          user_id: null,
          enterprise_id: a.enterpriseId,
          ip: null,
          detail: null,
        })),
      )
      .execute();
    const times = async (timeZone: string) => {
      const response = await fetch(
        `${base}${contract.auditEventsCsv.path}?action=clock.check&timeZone=${encodeURIComponent(timeZone)}`,
        { headers: { authorization: `Bearer ${a.token}` } },
      );
      return (await rowsOf(response)).slice(1).map((r) => r[0]);
    };
    // newest first: October, then April, then March
    expect((await times('Australia/Adelaide')).slice(2, 6)).toEqual([
      '2026-04-05T02:29:59+09:30',
      '2026-04-05T02:00:00+09:30',
      '2026-04-05T02:59:59+10:30',
      '2026-04-05T02:29:59+10:30',
    ]);
    const berlin = await times('Europe/Berlin');
    expect([...berlin.slice(0, 2), ...berlin.slice(6)]).toEqual([
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T02:59:59+02:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T01:59:59+01:00',
    ]);
    expect(await times('Asia/Kathmandu')).toContain('2026-04-04T22:15:00+05:45');
    expect(await times('UTC')).toEqual(moments.toSorted().toReversed());
  });

  it('reads no further than the client takes, and records an interrupted export with what it sent', async () => {
    const a = await companyWithAdmin(t.app);
    // about 25 MB of CSV (a detail shows 200 characters of each value): several times what the
    // sockets between the two ends hold
    const total = 40_000;
    const text = 'x'.repeat(200);
    await seed(a.enterpriseId, total, t.app.ctx.now() - 86_400_000, { a: text, b: text, c: text });

    await new Promise<void>((resolve, reject) => {
      const req = request(`${base}${contract.auditEventsCsv.path}?action=export.row`, {
        headers: { authorization: `Bearer ${a.token}` },
      });
      req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
      req.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        // the first bytes, then the reader stops reading, long enough for a server that did not wait
        // for it to read on, and goes away
        response.once('data', () => {
          response.pause();
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 500);
        });
      });
      req.end();
    });

    let records: { detail: string | null }[] = [];
    for (let i = 0; i < 100 && records.length === 0; i++) {
      await sleep(50);
      records = await exportRecords(a.enterpriseId);
    }
    expect(records).toHaveLength(1);
    const detail = JSON.parse(records[0]!.detail!);
    expect(detail).toMatchObject({ format: 'csv', interrupted: true, filter: { action: 'export.row' } });
    expect(detail.rows).toBeGreaterThan(0);
    expect(detail.rows).toBeLessThan(total);
  });

  it('cuts the download off when the log fails midway, rather than ending a file that looks whole', async () => {
    const a = await companyWithAdmin(t.app);
    // more than the sockets hold: the server waits for the reader before its later batches
    const text = 'x'.repeat(200);
    await seed(a.enterpriseId, 40_000, t.app.ctx.now() - 86_400_000, { a: text, b: text, c: text });
    const response = await fetch(`${base}${contract.auditEventsCsv.path}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    // the log's table gone between two batches: the next batch fails after the answer has begun
    await sql`ALTER TABLE audit_events RENAME TO audit_events_away`.execute(t.app.ctx.db);
    try {
      await expect(
        (async () => {
          while (!(await reader.read()).done);
        })(),
      ).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE audit_events_away RENAME TO audit_events`.execute(t.app.ctx.db);
    }
  });
});

describe(`a streamed audit CSV outlasts the request deadline (${ENGINE})`, () => {
  const DEADLINE_SECONDS = 1;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ REQUEST_TIMEOUT_SECONDS: String(DEADLINE_SECONDS) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('ends the whole file when the client takes it for several times the deadline', async () => {
    const a = await companyWithAdmin(t.app);
    const total = 6_000;
    const text = 'x'.repeat(200);
    const from = t.app.ctx.now() - 86_400_000;
    for (let start = 0; start < total; start += ROWS_PER_INSERT) {
      const values = Array.from({ length: ROWS_PER_INSERT }, (_, k) => ({
        at: from + start + k,
        action: 'export.row',
        user_id: null,
        enterprise_id: a.enterpriseId,
        ip: '10.0.0.1',
        detail: JSON.stringify({ n: start + k, a: text, b: text, c: text }),
      }));
      await t.app.ctx.db.insertInto('audit_events').values(values).execute();
    }

    const started = performance.now();
    const lines = await new Promise<number>((resolve, reject) => {
      // compressed, as a browser asks for it: the compression is a stage of its own on the answer's way
      const req = request(`${base}${contract.auditEventsCsv.path}?action=export.row`, {
        headers: { authorization: `Bearer ${a.token}`, 'accept-encoding': 'gzip' },
      });
      req.on('error', reject);
      req.on('response', (raw) => {
        expect(raw.statusCode).toBe(200);
        expect(raw.headers['content-encoding']).toBe('gzip');
        raw.on('aborted', () => reject(new Error('the answer was cut off')));
        const response = raw.pipe(createGunzip());
        let count = 0;
        // a slow reader: each piece waits a while before the next is taken, so that the transfer
        // runs well past the deadline that bounds the answer's start
        response.on('data', (chunk: Buffer) => {
          for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count += 1;
          response.pause();
          setTimeout(() => response.resume(), 20);
        });
        response.on('end', () => resolve(count));
        response.on('error', reject);
      });
      req.end();
    });
    expect(performance.now() - started).toBeGreaterThan(3 * DEADLINE_SECONDS * 1000);
    expect(lines - 1).toBe(total);
  });
});
