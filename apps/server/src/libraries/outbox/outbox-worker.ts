import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../context.ts';
import type { OutboxTopic } from '../../db/schema.ts';
import {
  type OutboxRow,
  claimDueOutboxRows,
  claimNextOfKey,
  type OutboxOutcome,
  markOutboxOutcome,
  markOutboxOutcomeWithTry,
  nextOutboxDueAt,
  renewOutboxLease,
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

export interface OutboxWorkerOptions {
  /** How long a claimed row is held; renewed every third of it while its try runs, so that a try may
   *  last longer (a webhook's receiver has 10 s) while a worker that dies lets its rows go after this. */
  leaseMs?: number;
  /** Rows tried at once by this process. */
  concurrency?: number;
  /** How often the outbox is looked at when nothing is known to be due; other processes' rows (and
   *  rows due again after a wait) are found this way. */
  pollMs?: number;
}

/**
 * Does the outbox's rows after their transactions commit: claims due rows under a lease, tries each
 * with its topic's handler, and writes the outcome (delivered, due again after a backoff, or dead).
 * Any number of processes may run one: a row is held by one worker at a time under a short lease,
 * renewed while its try runs, and one whose worker died is taken again within seconds, when the
 * lease ends. A worker that finds its lease taken (it stalled past it) abandons the try. Delivery is at least once: a worker killed after a send and
 * before writing it sends again from another; receivers drop repeats by the id each row carries.
 */
export class OutboxWorker {
  private readonly handlers = new Map<OutboxTopic, OutboxTopicHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private looking: Promise<void> | null = null;
  private again = false;
  /** Whether the last claim took as many rows as it could: more may be due than were taken. */
  private full = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    { leaseMs = 10_000, concurrency = 8, pollMs = 1_000 }: OutboxWorkerOptions = {},
  ) {
    this.leaseMs = leaseMs;
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
      for (const row of rows) this.run(row);
      // fewer than asked: nothing else is due now; what becomes due comes by a nudge, the next of a
      // key once its row is done, or the poll
      if (!this.full) return;
    }
  }

  private run(row: OutboxRow): void {
    const job = this.tryRow(row).finally(() => {
      this.running.delete(job);
      if (!this.stopping.signal.aborted) void this.next(row);
      this.wakeIdleWaiters();
    });
    this.running.add(job);
  }

  /** After a row: the next of its ordering key, which may be due now that this one is done, by the
   *  short claim of one key; the whole claim when rows were left behind for want of room. */
  private async next(done: OutboxRow): Promise<void> {
    if (this.full || done.ordering_key === null) return void this.look();
    try {
      const row = await claimNextOfKey(this.ctx.db, this.ctx.engine, {
        orderingKey: done.ordering_key,
        topics: [...this.handlers.keys()],
        now: this.ctx.now(),
        leaseMs: this.leaseMs,
        owner: this.owner,
      });
      if (row && !this.stopping.signal.aborted) this.run(row);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'the outbox could not be read; trying again');
      this.schedule(this.pollMs);
    }
  }

  private async tryRow(row: OutboxRow): Promise<void> {
    const handler = this.handlers.get(row.topic)!;
    // the claim marked the try's start, as the row shows it
    const startedAt = row.last_attempt_at ?? this.ctx.now();
    const began = performance.now();
    const lost = new AbortController();
    const renewal = setInterval(() => void this.renewLease(row, lost), this.leaseMs / 3);
    let outcome: TryOutcome;
    try {
      outcome = await handler.attempt(row, AbortSignal.any([this.stopping.signal, lost.signal]));
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearInterval(renewal);
    }
    const durationMs = Math.round(performance.now() - began);
    const now = this.ctx.now();
    let state: 'delivered' | 'retry' | 'dead';
    let nextAt: number | null = null;
    if (outcome.ok) state = 'delivered';
    else {
      const wait = Math.max(outcome.retryAfterMs ?? 0, handler.retryDelayMs(row.attempts));
      const giveUp = outcome.permanent || now + wait - row.created_at > handler.giveUpAfterMs(row);
      state = giveUp ? 'dead' : 'retry';
      if (!giveUp) nextAt = now + wait;
    }
    const status = outcome.status ?? null;
    const written: OutboxOutcome = outcome.ok
      ? { id: row.id, owner: this.owner, now, status, delivered: true }
      : { id: row.id, owner: this.owner, now, status, delivered: false, nextAt, error: outcome.error };
    try {
      // the row's outcome and its try, together; a worker that outlived its lease writes nothing:
      // the try of the row's holder is the one kept
      await (handler.keepsTries
        ? markOutboxOutcomeWithTry(this.ctx.db, this.ctx.engine, written, {
            at: startedAt,
            duration_ms: durationMs,
            status,
            next_at: nextAt,
          })
        : markOutboxOutcome(this.ctx.db, written));
    } catch (error) {
      // the lease runs out and another try comes: the outcome is lost, not the row
      this.ctx.log.warn({ err: error, outboxId: row.id }, 'the outcome of an outbox row could not be written');
      return;
    }
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

  /** Keeps the row while its try runs; a lease another worker has taken meanwhile ends the try, whose
   *  outcome could not be written anyway. A failed renewal is tried again at the next beat. */
  private async renewLease(row: OutboxRow, lost: AbortController): Promise<void> {
    try {
      const held = await renewOutboxLease(this.ctx.db, {
        id: row.id,
        owner: this.owner,
        until: this.ctx.now() + this.leaseMs,
      });
      if (!held) lost.abort();
    } catch (error) {
      this.ctx.log.warn({ err: error, outboxId: row.id }, 'the lease of an outbox row could not be renewed');
    }
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
