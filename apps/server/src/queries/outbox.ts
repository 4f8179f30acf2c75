import type { ExpressionBuilder, Insertable, Kysely, QueryCreator, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database, OutboxTable, OutboxTopic, OutboxTriesTable } from '../db/schema.ts';
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

/** What a claim writes on a row it takes: its lease, and the try it starts. */
function leased({ now, leaseMs, owner }: { now: number; leaseMs: number; owner: string }) {
  return (eb: ExpressionBuilder<Database, 'outbox'>) => ({
    lease_until: now + leaseMs,
    lease_owner: owner,
    attempts: eb('attempts', '+', 1),
    last_attempt_at: now,
  });
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

/** The claim's statement, unexecuted: the tests read its plan. It reads only rows it could take:
 *  the oldest pending row of each ordering key, one step of `outbox_pending_ordering` per key
 *  (each key after the last, then its first row), and the due rows without a key through
 *  `outbox_pending_unordered`. Asking of each pending row whether an older one of its key is pending
 *  read a key's whole backlog on every claim, and a backlog drained in time that grew with its
 *  square. `state` is a literal in these reads, since a partial index serves only a statement whose
 *  condition implies the index's as written. */
export function claimDueOutboxRowsQuery(
  db: Executor,
  engine: Engine,
  { topics, now, leaseMs, owner, limit }: OutboxClaim,
) {
  const pending = sql.lit('pending');
  // SQLite without statistics prefers the index of every pending row by due time, whose equality on
  // `state` looks cheaper than a range of keys, and sorts the whole backlog for each step
  const by = (index: string) => (engine === 'sqlite' ? sql.raw(`indexed by ${index}`) : sql``);
  const heads = sql<number>`
    with recursive keys(k) as (
      select (select ordering_key from outbox ${by('outbox_pending_ordering')}
              where state = ${pending} and ordering_key is not null order by ordering_key limit 1)
      union all
      select (select ordering_key from outbox ${by('outbox_pending_ordering')}
              where state = ${pending} and ordering_key > keys.k order by ordering_key limit 1)
      from keys where keys.k is not null
    )
    select (select id from outbox ${by('outbox_pending_ordering')}
            where state = ${pending} and ordering_key = keys.k order by id limit 1)
    from keys where keys.k is not null`;
  const unordered = sql<number>`
    select id from outbox ${by('outbox_pending_unordered')}
    where state = ${pending} and ordering_key is null and next_at <= ${now}
      and topic in (${sql.join(topics)}) and (lease_until is null or lease_until < ${now})
    order by next_at, id limit ${limit}`;
  const due = db
    .selectFrom('outbox as o')
    .select('o.id')
    .where((eb) => eb.or([eb('o.id', 'in', sql<number>`(${heads})`), eb('o.id', 'in', sql<number>`(${unordered})`)]))
    .where('o.state', '=', 'pending')
    .where('o.topic', 'in', topics)
    .where('o.next_at', '<=', now)
    .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<', now)]))
    .orderBy('o.next_at')
    .orderBy('o.id')
    .limit(limit)
    .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked());
  return db.updateTable('outbox').set(leased({ now, leaseMs, owner })).where('id', 'in', due).returningAll();
}

/**
 * The next row of one ordering key, taken as a claim takes it, once the row before it is done: the
 * key's oldest pending row through `outbox_pending_ordering`, if it is due and no lease holds it. A
 * worker that just finished a key's row asks this instead of the whole claim, so that a backlog of one
 * key costs one short statement per row. Two workers asking at once are told apart by the lease's
 * condition, which PostgreSQL checks again on the row it waited for.
 */
export function claimNextOfKey(db: Executor, engine: Engine, claim: KeyClaim): Promise<OutboxRow | undefined> {
  return claimNextOfKeyQuery(db, engine, claim).executeTakeFirst();
}

export type KeyClaim = Omit<OutboxClaim, 'limit'> & { orderingKey: string };

/** The statement of `claimNextOfKey`, unexecuted: the tests read its plan. */
export function claimNextOfKeyQuery(
  db: Executor,
  engine: Engine,
  { orderingKey, topics, now, leaseMs, owner }: KeyClaim,
) {
  const pending = sql.lit('pending');
  const by = engine === 'sqlite' ? sql.raw('indexed by outbox_pending_ordering') : sql``;
  return db
    .updateTable('outbox')
    .set(leased({ now, leaseMs, owner }))
    .where(
      'id',
      '=',
      sql<number>`(select id from outbox ${by} where state = ${pending} and ordering_key = ${orderingKey}
                   order by id limit 1)`,
    )
    .where('state', '=', 'pending')
    .where('topic', 'in', topics)
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
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

/** A try's outcome: delivered, due again at `nextAt`, or given up (`dead`) when `nextAt` is null. */
export type OutboxOutcome = { id: number; owner: string; now: number; status: number | null } & (
  { delivered: true } | { delivered: false; nextAt: number | null; error: string }
);

/** The outcome written on the row; only by the lease's holder (a worker that outlived its lease
 *  changes nothing). */
function outcomeUpdate(db: QueryCreator<Database>, outcome: OutboxOutcome) {
  const { id, owner, now, status } = outcome;
  return db
    .updateTable('outbox')
    .set(
      outcome.delivered
        ? { state: 'delivered', done_at: now, lease_until: null, last_status: status, last_error: null }
        : {
            lease_until: null,
            last_status: status,
            last_error: outcome.error.slice(0, ERROR_MAX_CHARS),
            ...(outcome.nextAt === null ? { state: 'dead' as const, done_at: now } : { next_at: outcome.nextAt }),
          },
    )
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending');
}

/** Writes a try's outcome on its row; false when this worker no longer held it. */
export async function markOutboxOutcome(db: Executor, outcome: OutboxOutcome): Promise<boolean> {
  const result = await outcomeUpdate(db, outcome).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The outcome and the try together, for the topics that keep every try (a webhook's delivery log):
 * the try is kept exactly when the outcome was written. On PostgreSQL one statement, the update's
 * returned row feeding the insert, since a transaction of two would cost four round trips on every
 * delivery; on SQLite, where a statement costs none, the two in one transaction.
 */
export async function markOutboxOutcomeWithTry(
  db: Kysely<Database>,
  engine: Engine,
  outcome: OutboxOutcome,
  tried: Omit<Insertable<OutboxTriesTable>, 'outbox_id' | 'error'>,
): Promise<boolean> {
  const error = outcome.delivered ? null : outcome.error.slice(0, ERROR_MAX_CHARS);
  if (engine === 'sqlite')
    return db.transaction().execute(async (trx) => {
      if (!(await markOutboxOutcome(trx, outcome))) return false;
      await trx
        .insertInto('outbox_tries')
        .values({ ...tried, outbox_id: outcome.id, error })
        .execute();
      return true;
    });
  // parameters in a select list have no type of their own: each is cast to its column's
  const row = await db
    .with('done', (wdb) => outcomeUpdate(wdb, outcome).returning('id'))
    .insertInto('outbox_tries')
    .columns(['outbox_id', 'at', 'duration_ms', 'status', 'error', 'next_at'])
    .expression((eb) =>
      eb
        .selectFrom('done')
        .select([
          'done.id',
          sql<number>`cast(${tried.at} as bigint)`.as('at'),
          sql<number>`cast(${tried.duration_ms} as integer)`.as('duration_ms'),
          sql<number | null>`cast(${tried.status ?? null} as integer)`.as('status'),
          sql<string | null>`cast(${error} as text)`.as('error'),
          sql<number | null>`cast(${tried.next_at ?? null} as bigint)`.as('next_at'),
        ]),
    )
    .returning('outbox_id')
    .executeTakeFirst();
  return row !== undefined;
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
