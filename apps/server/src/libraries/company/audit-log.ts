import { Readable } from 'node:stream';
import type {
  AuditEvent,
  AuditEventPage,
  AuditEventsQuery,
  AuditExportQuery,
  AuditPeopleQuery,
  AuditPerson,
} from '@portal/shared/api/audit';
import { AUDIT_PEOPLE_MAX } from '@portal/shared/api/audit';
import { type Translate, actorName, auditSummary, eventLabel } from '@portal/shared/audit-summary';
import type { Language } from '@portal/shared/constants';
import { messageOf, translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../context.ts';
import type { AuditEventRow, AuditFilter } from '../../queries/audit.ts';
import { countAuditEvents, findNicknames, listAuditActors, listAuditEvents } from '../../queries/audit.ts';
import { listDepartmentsWithMemberCounts } from '../../queries/departments.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Caller } from '../platform/caller.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { maskAccount } from '../platform/masking.ts';
import type { Administrator, PersonAdministrator } from './settings-access.ts';

/** The company's audit log as its administrators read it: a page, or a CSV file of the filter. */

/** Keys whose values are secrets of some kind: never shown, whatever an event recorded. */
const SECRET_KEY = /token|secret|hash|passw|ticket|otp|credential|cookie|signature|private/i;
/** A code sent or shown once (a verification or recovery code), not a code naming a kind of thing. */
const SECRET_CODE_KEY = /^codes?$|(recovery|verification|Recovery|Verification)Codes?$/;
/** Keys whose values name a person's account, phone or email: masked as the "already bound" answer does. */
const IDENTIFIER_KEY = /^(phone|email|account|identifier|login)$|(Phone|Email|Account|Identifier)$/;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;
const MAX_TEXT = 200;

function safeValue(key: string, value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    if (IDENTIFIER_KEY.test(key)) return maskAccount(value);
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => safeValue(key, item, depth + 1));
  if (typeof value === 'object') return safeObject(value as Record<string, unknown>, depth + 1);
  return null;
}

function safeObject(source: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (SECRET_KEY.test(key) || SECRET_CODE_KEY.test(key) || value === undefined) continue;
    out[key] = safeValue(key, value, depth);
  }
  return out;
}

/** An event's stored detail as an object fit to show: secrets left out, identifiers masked, bounded. */
export function safeDetail(stored: string | null): Record<string, unknown> | null {
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return safeObject(parsed as Record<string, unknown>, 0);
}

function toFilter(query: AuditExportQuery): AuditFilter {
  return {
    userId: query.userId,
    action: query.action,
    from: query.from === undefined ? undefined : Date.parse(query.from),
    to: query.to === undefined ? undefined : Date.parse(query.to),
  };
}

/** Who acted: the person, or the company API key a change was made with (kept in its detail). */
function actorOf(row: AuditEventRow, detail: Record<string, unknown> | null): AuditEvent['actor'] {
  if (row.userId !== null) {
    if (row.nickname === null) return null;
    // a boolean on PostgreSQL, 0 or 1 on SQLite
    return row.support
      ? { userId: row.userId, nickname: row.nickname, support: true }
      : { userId: row.userId, nickname: row.nickname };
  }
  const key = detail?.apiKey as { id?: unknown; prefix?: unknown; name?: unknown } | undefined;
  if (typeof key?.id !== 'number' || typeof key.prefix !== 'string' || typeof key.name !== 'string') return null;
  return { userId: null, nickname: key.name, apiKey: { id: key.id, prefix: key.prefix } };
}

/** The events of a page, each detail made safe; a member an event is about gets their name beside the id. */
async function toEvents(ctx: AppContext, rows: AuditEventRow[]): Promise<AuditEvent[]> {
  const details = rows.map((row) => safeDetail(row.detail));
  const memberIds = new Set<number>();
  for (const detail of details) if (typeof detail?.memberId === 'number') memberIds.add(detail.memberId);
  const names = await findNicknames(ctx.db, [...memberIds]);
  return rows.map((row, index) => {
    const detail = details[index]!;
    const memberName = typeof detail?.memberId === 'number' ? names.get(detail.memberId) : undefined;
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      action: row.action,
      actor: actorOf(row, detail),
      ip: row.ip,
      detail: memberName === undefined ? detail : { ...detail, memberName },
    };
  });
}

/** A page of the company's events, newest first. */
export async function listCompanyAuditEvents(
  ctx: AppContext,
  admin: Administrator,
  query: AuditEventsQuery,
): Promise<AuditEventPage> {
  const filter = toFilter(query);
  const before = decodeCursor(query.cursor, ['time', 'id']) as [number, number] | undefined;
  // counting is linear in the filter's events: done once, for the first page, which the screen keeps
  const [total, rows] = await Promise.all([
    before ? null : countAuditEvents(ctx.db, admin.enterpriseId, filter),
    listAuditEvents(ctx.db, admin.enterpriseId, filter, { before, limit: query.pageSize + 1 }),
  ]);
  const page = pageOf(rows, query.pageSize, (row) => [row.at, row.id]);
  return { items: await toEvents(ctx, page.rows), total, nextCursor: page.nextCursor };
}

/** Who the log's person filter offers: everyone who acted in the company as one of its people, a
 *  member removed since included, since their events stay on the log; not who only used its link
 *  to register an owner company of their own. */
export async function listCompanyAuditPeople(
  ctx: AppContext,
  admin: Administrator,
  query: AuditPeopleQuery,
): Promise<AuditPerson[]> {
  const rows = await listAuditActors(ctx.db, admin.enterpriseId, query.keyword, AUDIT_PEOPLE_MAX);
  return rows.map((row) => ({ userId: row.userId, nickname: row.nickname, removed: row.memberId === null }));
}

/** The UTF-8 byte order mark: without it Excel reads a CSV file in the machine's legacy code page. */
const BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A cell
 * a spreadsheet would take for a formula (starting with = + - @, or a tab or carriage return before
 * one) is prefixed with a single quote, so that opening the file never runs what someone typed.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The screen's texts in one language for the shared audit summary: `count` picks the plural form as
 *  i18next does (`key_one`, else `key_other`), `defaultValue` stands in for a key the language lacks.
 *  An export asks for the same few dozen texts for every row: each is looked up once. */
function translatorFor(lang: Language): Translate {
  const plural = new Intl.PluralRules(lang);
  const texts = new Map<string, string | undefined>();
  const textOf = (key: string) => {
    if (!texts.has(key)) texts.set(key, messageOf(lang, key));
    return texts.get(key);
  };
  return (key, options = {}) => {
    const { count, defaultValue } = options;
    const text =
      typeof count === 'number' ? (textOf(`${key}_${plural.select(count)}`) ?? textOf(`${key}_other`)) : textOf(key);
    if (text === undefined) return typeof defaultValue === 'string' ? defaultValue : key;
    return text.replace(PLACEHOLDER, (_, name: string) => (options[name] === undefined ? '' : String(options[name])));
  };
}

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25T00:01:00+08:00`: the moment as a clock in `timeZone` shows it, with the zone's offset
 *  then (`Z` for UTC), so that a spreadsheet reads the time the screen shows and still knows the instant.
 *
 *  Asking Intl costs more than the rest of a row, and an export's rows come in order of time: the
 *  offset is asked once per hour of them (when it is the same at both ends of the hour, as it is but
 *  for an hour with a change of clocks, whose rows are each asked for). */
function clockOf(timeZone: string): (ms: number) => string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  /** `+08:00` (or `+05:45`, `-03:30`; `+08:05:43` for a local mean time of old), `Z` at zero. */
  const offsetAt = (ms: number) => {
    const name = zone.formatToParts(ms).find((part) => part.type === 'timeZoneName')!.value;
    // longOffset names the offset as `GMT+08:00`, at zero `GMT` or `GMT+00:00` depending on the ICU
    return name.slice(3).replace(/^(\+00:00)?$/, 'Z');
  };
  /** The offset and what it adds to UTC's clock, in ms. */
  const shiftOf = (offset: string) => {
    if (offset === 'Z') return { offset, ms: 0 };
    const [hours, minutes, seconds = '0'] = offset.slice(1).split(':');
    const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
    return { offset, ms: offset[0] === '-' ? -ms : ms };
  };
  let hour = Number.NaN;
  let steady: { offset: string; ms: number } | null = null;
  return (ms) => {
    if (Math.floor(ms / HOUR_MS) !== hour) {
      hour = Math.floor(ms / HOUR_MS);
      const first = offsetAt(hour * HOUR_MS);
      steady = first === offsetAt(hour * HOUR_MS + HOUR_MS - 1) ? shiftOf(first) : null;
    }
    const shift = steady ?? shiftOf(offsetAt(ms));
    const local = new Date(ms + shift.ms);
    return (
      `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
      `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${shift.offset}`
    );
  };
}

/** Events read per query of an export: a batch's rows and its CSV are what the export holds at a time. */
const EXPORT_BATCH = 1_000;
/** The CSV is handed on in pieces of about this many characters, each as its bytes (held outside the
 *  JavaScript heap): a batch's whole text would be a large object of the old generation. */
const CHUNK_CHARS = 16_384;

export interface AuditExport {
  filename: string;
  /** The file, a batch of events read only once the client has taken the one before. */
  body: Readable;
}

/**
 * The company's events of the filter as a CSV file, newest first, every one of them, with headers,
 * actions and details in words in the request's language, as the screen shows them; the times in the
 * reader's time zone (`timeZone`, the one the screen uses), else UTC's.
 *
 * The file is read by keyset batches as the client takes it (a stream's backpressure), so that a
 * log of millions of events costs a batch of memory and each query a range of the filter's index; a
 * database connection is held for one batch at a time. Events logged meanwhile are newer than the
 * file's first row and stay out of it. The export goes on record once the file has ended, with its
 * rows, or when the client went away, with the rows handed over by then and `interrupted`.
 */
export async function exportCompanyAuditEvents(
  ctx: AppContext,
  admin: PersonAdministrator,
  query: AuditExportQuery,
  { language }: Caller,
): Promise<AuditExport> {
  const filter = toFilter(query);
  const batchBefore = (before?: readonly [number, number]) =>
    listAuditEvents(ctx.db, admin.enterpriseId, filter, { before, limit: EXPORT_BATCH });
  const t = translatorFor(language);
  const timeZone = query.timeZone ?? 'UTC';
  const clock = clockOf(timeZone);
  const departments = new Map(
    (await listDepartmentsWithMemberCounts(ctx.db, admin.enterpriseId)).map((d) => [d.id, d.name]),
  );
  // the zone in the time column's title: its cells carry only the offset, and `Z` alone reads as if
  // the file kept the server's clock rather than the reader's
  const header = ['time', 'person', 'personId', 'action', 'actionCode', 'ip', 'detail'].map((column) =>
    translate(language, `audit.csv.${column}`, { zone: timeZone }),
  );
  const line = (event: AuditEvent) =>
    csvLine([
      clock(Date.parse(event.at)),
      event.actor ? actorName(event.actor, t) : null,
      event.actor?.userId ?? null,
      eventLabel(event, t),
      event.action,
      event.ip,
      auditSummary(event, t, (id) => departments.get(id)),
    ]);
  /** A batch as the file's bytes, in pieces of about CHUNK_CHARS characters each with its rows. Its
   *  rows and events end with this call: a batch kept over the waits for the client would outlive
   *  the young generation's collections and be moved to the old one, which then grows. */
  const piecesOf = async (rows: AuditEventRow[]) => {
    const pieces: { bytes: Buffer; rows: number }[] = [];
    let text = '';
    let count = 0;
    for (const event of await toEvents(ctx, rows)) {
      text += line(event);
      count += 1;
      if (text.length >= CHUNK_CHARS) {
        pieces.push({ bytes: Buffer.from(text), rows: count });
        text = '';
        count = 0;
      }
    }
    if (count > 0) pieces.push({ bytes: Buffer.from(text), rows: count });
    return pieces;
  };
  // read here, before the answer begins: a failure of the first query is answered as any other
  let batch: AuditEventRow[] | null = await batchBefore();

  async function* file(): AsyncGenerator<Buffer> {
    let sent = 0;
    let ended = false;
    try {
      yield Buffer.from(BOM + csvLine(header));
      while (batch !== null && batch.length > 0) {
        const last = batch[batch.length - 1]!;
        const next = batch.length === EXPORT_BATCH ? ([last.at, last.id] as const) : null;
        const pieces = await piecesOf(batch);
        batch = null;
        for (const piece of pieces) {
          sent += piece.rows;
          yield piece.bytes;
        }
        if (next !== null) batch = await batchBefore(next);
      }
      ended = true;
    } finally {
      // also when the stream is destroyed (the client went away), which ends this generator early
      await recordAudit(ctx, {
        action: 'audit.export',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: {
          format: 'csv',
          rows: sent,
          ...(ended ? {} : { interrupted: true }),
          filter: { userId: query.userId, action: query.action, from: query.from, to: query.to },
        },
      });
    }
  }

  const day = new Date(ctx.now()).toISOString().slice(0, 10).replace(/-/g, '');
  // bytes, not objects: the stream holds up to its high-water mark of them (a piece or two)
  return { filename: `audit-log-${day}.csv`, body: Readable.from(file(), { objectMode: false }) };
}
