import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../context.ts';
import type { OutboxTopic } from '../../db/schema.ts';
import {
  type OutboxOutcome,
  type OutboxRow,
  claimDueOutboxRows,
  finishOutboxRun,
  nextOutboxDueAt,
  renewOutboxLeases,
} from '../../queries/outbox.ts';

/** What one try of a row came to. `retryAfterMs` lets a receiver's `Retry-After` set the next wait. */
export type TryOutcome =
  | { ok: true; status?: number | null }
  | { ok: false; status?: number | null; error: string; retryAfterMs?: number; permanent?: boolean };

/** How the rows of one topic are done. */
export interface OutboxTopicHandler {
  topic: OutboxTopic;
  /** One try; a throw counts as a failed try with the error's message. */
  attempt(row: OutboxRow, signal: AbortSignal): Promise<TryOutcome>;
  /** The tries of a run, when they share what they read: given the run's rows before its first try
   *  (to read what they need together, rather than a statement per row), the try of each; a throw
   *  counts as a failed try of the run's first row. */
  forRun?(rows: OutboxRow[]): Promise<(row: OutboxRow, signal: AbortSignal) => Promise<TryOutcome>>;
  /** The wait before try `attempts + 1`, given `attempts` done so far. */
  retryDelayMs(attempts: number): number;
  /** How long after its creation a row is given up (dead) rather than tried again. */
  giveUpAfterMs(row: OutboxRow): number;
  /** Whether each try is kept beside the row (outbox_tries), for a log that shows them all. */
  keepsTries?: boolean;
  /** Told after each try has been written (an endpoint's failing streak, an administrator's notice). */
  after?(row: OutboxRow, outcome: TryOutcome, state: 'delivered' | 'retry' | 'dead'): Promise<void>;
}

/** Exponential backoff from `baseMs`, capped at `maxMs`, with full jitter in its upper half, so that
 *  rows that failed together do not come back together. */
export function backoff(attempts: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** The most rows of one key a run takes: what a worker killed in the middle of a run tries again. */
const RUN_MAX_ROWS = 100;

/** One row's try, once made. */
interface Tried {
  row: OutboxRow;
  outcome: TryOutcome;
  state: 'delivered' | 'retry' | 'dead';
  written: OutboxOutcome;
}

export interface OutboxWorkerOptions {
  /** How long a claimed row is held; renewed every third of it while its run goes on, so that a try may
   *  last longer (a webhook's receiver has 10 s) while a worker that dies lets its rows go after this. */
  leaseMs?: number;
  /** Rows tried at once by this process. */
  concurrency?: number;
  /** How often the outbox is looked at when nothing is known to be due; other processes' rows (and
   *  rows due again after a wait) are found this way. */
  pollMs?: number;
  /** How long a run's tries go on before the rest of its rows are given back: its outcomes are written
   *  at its end, and the delivery log shows none of them before. The key's next run takes as many rows
   *  as were tried in this time, so that a slow receiver's rows go one at a time, as they always did. */
  runMs?: number;
}

/**
 * Does the outbox's rows after their transactions commit: claims due rows under a lease, tries each
 * with its topic's handler, and writes the outcome (delivered, due again after a backoff, or dead).
 * Once a row of an ordering key is done, the key's next rows are taken as a run: tried one after
 * another in order, their outcomes written together, so that a backlog costs its commits per run and
 * not per row. Any number of processes may run one: a row is held by one worker at a time under a
 * short lease, renewed while its run goes on, and one whose worker died is taken again within seconds,
 * when the lease ends. A worker that finds its lease taken (it stalled past it) abandons the run.
 * Delivery is at least once: a worker killed after a send and before writing it sends again from
 * another (the rows of its run from the first not written); receivers drop repeats by each row's id.
 */
export class OutboxWorker {
  private readonly handlers = new Map<OutboxTopic, OutboxTopicHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly runMs: number;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private looking: Promise<void> | null = null;
  private again = false;
  /** Whether the last claim took as many rows as it could: more may be due than were taken. */
  private full = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    { leaseMs = 10_000, concurrency = 8, pollMs = 1_000, runMs = 250 }: OutboxWorkerOptions = {},
  ) {
    this.leaseMs = leaseMs;
    this.runMs = runMs;
    this.concurrency = concurrency;
    this.pollMs = pollMs;
  }

  /** Adds the handler of a topic; rows of topics without one are left for a process that has it. */
  handle(handler: OutboxTopicHandler): void {
    this.handlers.set(handler.topic, handler);
  }

  /** Starts looking for due rows. */
  start(): void {
    this.schedule(0);
  }

  /** A row this process wrote has just committed: look now rather than at the next poll. */
  nudge(): void {
    if (this.stopping.signal.aborted) return;
    this.schedule(0);
  }

  /** Resolves when nothing due is left to try and no try is running (the tests wait for this). */
  async idle(): Promise<void> {
    for (;;) {
      await this.look();
      if (!this.running.size) {
        const next = await nextOutboxDueAt(this.ctx.db, [...this.handlers.keys()]);
        if (next === null || next > this.ctx.now()) return;
      }
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  /** Stops claiming and lets the tries in progress finish; what is left stays in the outbox. */
  async close(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.looking;
    await Promise.allSettled([...this.running]);
  }

  /** The next look in `delayMs`, unless one is due sooner already. */
  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    const at = Date.now() + delayMs;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.look();
    }, delayMs);
    this.timer.unref();
  }

  /** One look at the outbox at a time; a nudge meanwhile makes it look once more. */
  private look(): Promise<void> {
    if (this.looking) {
      this.again = true;
      return this.looking;
    }
    this.looking = this.claimAndTry()
      .catch((error) => this.ctx.log.warn({ err: error }, 'the outbox could not be read; trying again'))
      .finally(() => {
        this.looking = null;
        if (this.again) {
          this.again = false;
          void this.look();
        } else this.schedule(this.pollMs);
        this.wakeIdleWaiters();
      });
    return this.looking;
  }

  private async claimAndTry(): Promise<void> {
    const topics = [...this.handlers.keys()];
    while (topics.length && !this.stopping.signal.aborted && this.running.size < this.concurrency) {
      const rows = await claimDueOutboxRows(this.ctx.db, this.ctx.engine, {
        topics,
        now: this.ctx.now(),
        leaseMs: this.leaseMs,
        owner: this.owner,
        limit: this.concurrency - this.running.size,
      });
      this.full = rows.length === this.concurrency - this.running.size;
      for (const row of rows) this.run([row]);
      // fewer than asked: nothing else is due now; what becomes due comes by a nudge, the next of a
      // key once its row is done, or the poll
      if (!this.full) return;
    }
  }

  /** Tries a run of rows (one key's, in order) in one of the worker's places, then the key's next run,
   *  claimed as this one's outcomes were written; or, for rows without a key or when rows were left
   *  behind for want of room, the whole claim. */
  private run(rows: OutboxRow[]): void {
    const job: Promise<void> = this.tryRun(rows).then((next) => {
      this.running.delete(job);
      if (!this.stopping.signal.aborted) {
        if (next === null) void this.look();
        else if (next.length) this.run(next);
      }
      this.wakeIdleWaiters();
    });
    this.running.add(job);
  }

  /**
   * Tries the rows one after another, in order, under one lease renewed for all of them, until one
   * fails (the rows after it wait for it, as they always did) or the run has taken its time; then
   * writes what came of them, gives the rows not tried back untouched and claims the key's next run,
   * in one transaction. Says what to do next: that run, or the whole claim (null).
   */
  private async tryRun(rows: OutboxRow[]): Promise<OutboxRow[] | null> {
    const handler = this.handlers.get(rows[0]!.topic)!;
    const ids = rows.map((row) => row.id);
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    let renewing = Promise.resolve();
    const renewal = setInterval(() => (renewing = this.renewLeases(ids, lost)), this.leaseMs / 3);
    const began = performance.now();
    const tried: Tried[] = [];
    let attempt: (row: OutboxRow, signal: AbortSignal) => Promise<TryOutcome>;
    try {
      attempt = handler.forRun ? await handler.forRun(rows) : (row, signal) => handler.attempt(row, signal);
    } catch (error) {
      attempt = () => Promise.reject(error);
    }
    try {
      for (const [index, claimed] of rows.entries()) {
        // the head's try was counted, and begun, by its claim; a later row's is counted as it is made
        const row = index ? { ...claimed, attempts: claimed.attempts + 1, last_attempt_at: this.ctx.now() } : claimed;
        const done = await this.tryRow(handler, attempt, row, signal);
        tried.push(done);
        if (done.state !== 'delivered' || signal.aborted || performance.now() - began >= this.runMs) break;
      }
    } finally {
      clearInterval(renewal);
    }
    // a renewal still on its way would lease the rows given back once more
    await renewing;
    const rowMs = (performance.now() - began) / tried.length;
    const key = rows[0]!.ordering_key;
    // the key's next rows, which may be due now that these are done; after a failure, its next row
    // is due only if this one was given up
    const follow = key !== null && !this.full && !this.stopping.signal.aborted;
    let finished: { written: number[]; next: OutboxRow[] };
    try {
      finished = await finishOutboxRun(
        this.ctx.db,
        this.ctx.engine,
        {
          owner: this.owner,
          now: this.ctx.now(),
          tried: tried.map((done) => done.written),
          givenBack: ids.slice(tried.length),
          keepsTries: handler.keepsTries ?? false,
        },
        follow
          ? {
              orderingKey: key,
              topics: [...this.handlers.keys()],
              now: this.ctx.now(),
              leaseMs: this.leaseMs,
              owner: this.owner,
              limit: Math.max(1, Math.min(RUN_MAX_ROWS, Math.floor(this.runMs / Math.max(rowMs, 1e-3)))),
            }
          : null,
      );
    } catch (error) {
      // the lease runs out and other tries come: the outcomes are lost, not the rows
      this.ctx.log.warn({ err: error, outboxIds: ids }, 'the outcomes of outbox rows could not be written');
      this.schedule(this.pollMs);
      return [];
    }
    for (const done of tried.filter((done) => finished.written.includes(done.row.id))) await this.told(handler, done);
    return follow ? finished.next : null;
  }

  /** One row's try, and the outcome it writes. */
  private async tryRow(
    handler: OutboxTopicHandler,
    attempt: (row: OutboxRow, signal: AbortSignal) => Promise<TryOutcome>,
    row: OutboxRow,
    signal: AbortSignal,
  ): Promise<Tried> {
    const startedAt = row.last_attempt_at ?? this.ctx.now();
    const began = performance.now();
    let outcome: TryOutcome;
    try {
      outcome = await attempt(row, signal);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    const durationMs = Math.round(performance.now() - began);
    const now = this.ctx.now();
    const status = outcome.status ?? null;
    const tried = { id: row.id, status, attempts: row.attempts, at: startedAt, durationMs };
    if (outcome.ok) return { row, outcome, state: 'delivered', written: { ...tried, delivered: true } };
    const wait = Math.max(outcome.retryAfterMs ?? 0, handler.retryDelayMs(row.attempts));
    const giveUp = outcome.permanent || now + wait - row.created_at > handler.giveUpAfterMs(row);
    const nextAt = giveUp ? null : now + wait;
    return {
      row,
      outcome,
      state: giveUp ? 'dead' : 'retry',
      written: { ...tried, delivered: false, nextAt, error: outcome.error },
    };
  }

  /** A written outcome, to the metrics, the log and the topic's handler. */
  private async told(handler: OutboxTopicHandler, { row, outcome, state }: Tried): Promise<void> {
    this.ctx.metrics?.outboxTry(row.topic, state);
    if (state !== 'delivered') {
      const about = {
        outboxId: row.id,
        topic: row.topic,
        attempts: row.attempts,
        status: outcome.ok ? null : outcome.status,
      };
      if (state === 'dead') this.ctx.log.error({ ...about, err: !outcome.ok && outcome.error }, 'outbox row given up');
      else this.ctx.log.warn({ ...about, err: !outcome.ok && outcome.error }, 'outbox row failed, trying again');
    }
    try {
      await handler.after?.(row, outcome, state);
    } catch (error) {
      this.ctx.log.warn({ err: error, outboxId: row.id }, 'after an outbox try');
    }
  }

  /** Keeps a run's rows while its tries go on; a lease another worker has taken meanwhile ends the
   *  run, whose outcomes could not be written anyway. A failed renewal is tried again at the next beat. */
  private async renewLeases(ids: number[], lost: AbortController): Promise<void> {
    try {
      const held = await renewOutboxLeases(this.ctx.db, {
        ids,
        owner: this.owner,
        until: this.ctx.now() + this.leaseMs,
      });
      if (held < ids.length) lost.abort();
    } catch (error) {
      this.ctx.log.warn({ err: error, outboxIds: ids }, 'the lease of outbox rows could not be renewed');
    }
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
