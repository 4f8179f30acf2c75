import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { OutboxTable, OutboxTopic, OutboxTriesTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type OutboxRow = Selectable<OutboxTable>;
export type OutboxTry = Selectable<OutboxTriesTable>;

/** What of a failure's reason is kept, on the row and on each try. */
const ERROR_MAX_CHARS = 300;
export type NewOutboxRow = Omit<Insertable<OutboxTable>, 'state' | 'attempts'>;

/** Work for after the commit, in the caller's transaction: it exists exactly when the change does. */
export async function insertOutboxRows(db: Executor, rows: NewOutboxRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db
    .insertInto('outbox')
    .values(rows.map((row) => ({ ...row, state: 'pending' as const })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/**
 * Takes up to `limit` due rows of the topics for `leaseMs`, and counts the try. A row is due when it
 * is pending, its time has come and no live lease holds it; of the rows sharing an ordering key, only
 * the oldest pending one is, so that they go one at a time in order. On PostgreSQL, rows another
 * worker is taking at the same moment are skipped (`FOR UPDATE SKIP LOCKED`) rather than waited for;
 * SQLite has one writer at a time, so the statement alone is atomic.
 */
export function claimDueOutboxRows(db: Executor, engine: Engine, claim: OutboxClaim): Promise<OutboxRow[]> {
  return claimDueOutboxRowsQuery(db, engine, claim).execute();
}

export interface OutboxClaim {
  topics: OutboxTopic[];
  now: number;
  leaseMs: number;
  owner: string;
  limit: number;
}

/** The claim's statement, unexecuted: the tests read its plan. The look for an older pending row of
 *  the same key goes through `outbox_pending_ordering`, which holds pending rows alone, so that its
 *  cost does not grow with the key's delivered history; `state` is a literal there, since a partial
 *  index serves only a statement whose condition implies the index's as written. */
export function claimDueOutboxRowsQuery(
  db: Executor,
  engine: Engine,
  { topics, now, leaseMs, owner, limit }: OutboxClaim,
) {
  const due = db
    .selectFrom('outbox as o')
    .select('o.id')
    .where('o.state', '=', 'pending')
    .where('o.topic', 'in', topics)
    .where('o.next_at', '<=', now)
    .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<', now)]))
    .where((eb) =>
      eb.or([
        eb('o.ordering_key', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('outbox as e')
              .select(sql.lit(1).as('one'))
              .whereRef('e.ordering_key', '=', 'o.ordering_key')
              .whereRef('e.id', '<', 'o.id')
              .where('e.state', '=', sql.lit('pending')),
          ),
        ),
      ]),
    )
    .orderBy('o.next_at')
    .orderBy('o.id')
    .limit(limit)
    .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked());
  return db
    .updateTable('outbox')
    .set((eb) => ({
      lease_until: now + leaseMs,
      lease_owner: owner,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: now,
    }))
    .where('id', 'in', due)
    .returningAll();
}

/** Holds the row until `until` while its try runs; false when this worker no longer holds it (its
 *  lease ran out and another took it, or the row is done). */
export async function renewOutboxLease(
  db: Executor,
  { id, owner, until }: { id: number; owner: string; until: number },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A try that succeeded; only by the lease's holder (a worker that outlived its lease changes nothing). */
export async function markOutboxDelivered(
  db: Executor,
  { id, owner, now, status }: { id: number; owner: string; now: number; status: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ state: 'delivered', done_at: now, lease_until: null, last_status: status, last_error: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A try that failed: due again at `nextAt`, or given up (`dead`) when `nextAt` is null. */
export async function markOutboxFailed(
  db: Executor,
  {
    id,
    owner,
    now,
    nextAt,
    status,
    error,
  }: { id: number; owner: string; now: number; nextAt: number | null; status: number | null; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      lease_until: null,
      last_status: status,
      last_error: error.slice(0, ERROR_MAX_CHARS),
      ...(nextAt === null ? { state: 'dead' as const, done_at: now } : { next_at: nextAt }),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One try of a row, for the topics that keep every try (a webhook's delivery log). */
export async function insertOutboxTry(db: Executor, row: Insertable<OutboxTriesTable>): Promise<void> {
  await db
    .insertInto('outbox_tries')
    .values({ ...row, error: row.error?.slice(0, ERROR_MAX_CHARS) ?? null })
    .execute();
}

/** The tries of the rows, oldest first. */
export function listOutboxTries(db: Executor, outboxIds: number[]): Promise<OutboxTry[]> {
  if (!outboxIds.length) return Promise.resolve([]);
  return db
    .selectFrom('outbox_tries')
    .selectAll()
    .where('outbox_id', 'in', outboxIds)
    .orderBy('outbox_id')
    .orderBy('id')
    .execute();
}

/** The earliest time a pending row of the topics is due, for a worker deciding how long to sleep. */
export async function nextOutboxDueAt(db: Executor, topics: OutboxTopic[]): Promise<number | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('next_at').as('next'))
    .where('state', '=', 'pending')
    .where('topic', 'in', topics)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** For the operators' metrics: pending rows by topic and the creation time of the oldest. */
export async function outboxBacklog(db: Executor): Promise<{ topic: OutboxTopic; depth: number; oldest: number }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['topic', eb.fn.countAll().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'pending')
    .groupBy('topic')
    .execute();
  return rows.map((row) => ({ topic: row.topic, depth: Number(row.depth), oldest: Number(row.oldest) }));
}
