import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
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
 * A run of one ordering key, in the caller's transaction, once the run before it is done: the key's
 * oldest pending row, taken as a claim takes it (its try counted), and up to `limit - 1` rows after
 * it under the same lease, which a worker tries one after another in order. The rows after the head
 * are only leased: each one's try is counted when it is made (its outcome says so), so that rows given
 * back untried keep their count. They are taken only while the head is: the head's update holds its
 * row until the commit, so of two workers asking at once the one that waited finds the head leased
 * (PostgreSQL checks the lease's condition again on the row it waited for) and takes nothing; and
 * they end before the first row that is not due, so that no row is leased past one that is not.
 */
async function claimRunOfKey(trx: Executor, engine: Engine, claim: RunClaim): Promise<OutboxRow[]> {
  const head = await claimNextOfKeyQuery(trx, engine, claim).executeTakeFirst();
  if (!head) return [];
  if (claim.limit <= 1) return [head];
  const { orderingKey, topics, now, leaseMs, owner } = claim;
  const by = engine === 'sqlite' ? sql.raw('indexed by outbox_pending_ordering') : sql``;
  const { rows: after } = await sql<Pick<OutboxRow, 'id' | 'topic' | 'next_at' | 'lease_until'>>`
    select id, topic, next_at, lease_until from outbox ${by}
    where state = ${sql.lit('pending')} and ordering_key = ${orderingKey} and id > ${head.id}
    order by id limit ${claim.limit - 1}`.execute(trx);
  const stop = after.findIndex(
    (row) => !topics.includes(row.topic) || row.next_at > now || (row.lease_until !== null && row.lease_until >= now),
  );
  const ids = (stop === -1 ? after : after.slice(0, stop)).map((row) => row.id);
  if (!ids.length) return [head];
  // the head holds the key: these rows are no other worker's to take meanwhile
  const followers = await trx
    .updateTable('outbox')
    .set({ lease_until: now + leaseMs, lease_owner: owner })
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .returningAll()
    .execute();
  return [head, ...followers.sort((a, b) => a.id - b.id)];
}

export type KeyClaim = Omit<OutboxClaim, 'limit'> & { orderingKey: string };
export type RunClaim = KeyClaim & { limit: number };

/** The statement that takes a key's head, unexecuted: the tests read its plan. */
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

/** Holds the rows until `until` while their tries run; how many this worker still held (a lease ran
 *  out and another took them, or they are done, when fewer). */
export async function renewOutboxLeases(
  db: Executor,
  { ids, owner, until }: { ids: number[]; owner: string; until: number },
): Promise<number> {
  const result = await heldLeases(db, ids, owner, until);
  return Number(result[0]?.numUpdatedRows ?? 0n);
}

/** The lease of the rows this worker still holds, set to `until` (null: free). */
function heldLeases(db: Executor, ids: number[], owner: string, until: number | null) {
  return db
    .updateTable('outbox')
    .set({ lease_until: until })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .execute();
}

/** One try's outcome: delivered, due again at `nextAt`, or given up (`dead`) when `nextAt` is null;
 *  `attempts` counts it, and `at` is when it began. */
export type OutboxOutcome = {
  id: number;
  status: number | null;
  attempts: number;
  at: number;
  durationMs: number;
} & ({ delivered: true } | { delivered: false; nextAt: number | null; error: string });

/** What the outcome writes on its row. */
function outcomeColumns(outcome: OutboxOutcome, now: number) {
  const common = {
    lease_until: null,
    last_status: outcome.status,
    attempts: outcome.attempts,
    last_attempt_at: outcome.at,
  };
  if (outcome.delivered) return { ...common, state: 'delivered' as const, done_at: now, last_error: null };
  const last_error = outcome.error.slice(0, ERROR_MAX_CHARS);
  return outcome.nextAt === null
    ? { ...common, state: 'dead' as const, done_at: now, last_error }
    : { ...common, state: 'pending' as const, next_at: outcome.nextAt, last_error };
}

export interface RunOutcomes {
  owner: string;
  now: number;
  /** The rows tried, each with its outcome. */
  tried: OutboxOutcome[];
  /** The rows of the run not tried (after a failure, or at a stop): free again, as they were. */
  givenBack: number[];
  /** Whether each try is kept beside its row (outbox_tries). */
  keepsTries: boolean;
}

/**
 * What a run came to, and the key's next run: the run's outcomes, its tries (for the topics that keep
 * them) and the release of the rows it gave back, only on the rows this worker still holds (one that
 * outlived its lease writes nothing, the try of the rows' holder is the one kept; a try is kept
 * exactly when its outcome is written); then, given `next`, the key's next rows (`claimRunOfKey`).
 * All in one transaction, so that a backlog costs one commit per run, which on PostgreSQL is a flush
 * of the log, several times a POST. Says which rows were written, in their order, and the next run.
 */
export async function finishOutboxRun(
  db: Executor,
  engine: Engine,
  run: RunOutcomes,
  next: RunClaim | null,
): Promise<{ written: number[]; next: OutboxRow[] }> {
  // on PostgreSQL the outcomes alone are one statement, which needs no transaction of its own
  if (engine === 'postgres' && !next) return { written: await markOutboxOutcomes(db, engine, run), next: [] };
  return db.transaction().execute(async (trx) => ({
    written: await markOutboxOutcomes(trx, engine, run),
    next: next ? await claimRunOfKey(trx, engine, next) : [],
  }));
}

/**
 * The outcomes of a run, in the caller's transaction on SQLite, where a statement costs none. On
 * PostgreSQL one statement, the rows' values in one JSON parameter, as a transaction of several
 * statements costs a round trip each.
 */
async function markOutboxOutcomes(db: Executor, engine: Engine, run: RunOutcomes): Promise<number[]> {
  const { owner, now, tried, givenBack, keepsTries } = run;
  if (engine === 'sqlite') {
    const written: number[] = [];
    for (const outcome of tried) {
      const result = await db
        .updateTable('outbox')
        .set(outcomeColumns(outcome, now))
        .where('id', '=', outcome.id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) written.push(outcome.id);
    }
    if (keepsTries && written.length)
      await db
        .insertInto('outbox_tries')
        .values(tried.filter((outcome) => written.includes(outcome.id)).map(triedRow))
        .execute();
    if (givenBack.length) await giveBack(db, givenBack, owner);
    return written;
  }
  const values = JSON.stringify(
    tried.map((outcome) => ({ id: outcome.id, ...outcomeColumns(outcome, now), duration_ms: outcome.durationMs })),
  );
  const pending = sql.lit('pending');
  const done = sql`
    with v as (
      select * from json_to_recordset(cast(${values} as json)) as v(
        id integer, state text, done_at bigint, next_at bigint, lease_until bigint, last_status integer,
        last_error text, attempts integer, last_attempt_at bigint, duration_ms integer)
    ),
    done as (
      update outbox as o set state = v.state, done_at = v.done_at, next_at = coalesce(v.next_at, o.next_at),
        lease_until = null, last_status = v.last_status, last_error = v.last_error, attempts = v.attempts,
        last_attempt_at = v.last_attempt_at
      from v where o.id = v.id and o.lease_owner = ${owner} and o.state = ${pending}
      returning o.id
    ),
    back as (
      update outbox set lease_until = null
      where id = any(cast(${givenBack} as integer[])) and lease_owner = ${owner} and state = ${pending}
    )`;
  // a data-modifying WITH runs to its end whatever the statement reads of it
  const { rows } = await (
    keepsTries
      ? sql<{ id: number }>`${done}
        insert into outbox_tries (outbox_id, at, duration_ms, status, error, next_at)
        select v.id, v.last_attempt_at, v.duration_ms, v.last_status, v.last_error, v.next_at
        from v join done on done.id = v.id
        returning outbox_id as id`
      : sql<{ id: number }>`${done} select id from done`
  ).execute(db);
  const written = new Set(rows.map((row) => row.id));
  return tried.filter((outcome) => written.has(outcome.id)).map((outcome) => outcome.id);
}

/** The try beside its row, as the delivery log shows it. */
function triedRow(outcome: OutboxOutcome): Insertable<OutboxTriesTable> {
  return {
    outbox_id: outcome.id,
    at: outcome.at,
    duration_ms: outcome.durationMs,
    status: outcome.status,
    error: outcome.delivered ? null : outcome.error.slice(0, ERROR_MAX_CHARS),
    next_at: outcome.delivered ? null : outcome.nextAt,
  };
}

/** Rows a worker leased and did not try: free for the next claim, their counts as they were. */
function giveBack(db: Executor, ids: number[], owner: string) {
  return heldLeases(db, ids, owner, null);
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
