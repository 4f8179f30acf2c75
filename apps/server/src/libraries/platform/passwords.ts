import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id's parameters, by PASSWORD_HASH_COST. `standard`: the OWASP minimum (19 MiB, 2 iterations,
 * 1 lane). `test`: next to nothing, for test runs, which make thousands of hashes; the configuration
 * refuses it in production. A stored hash names its own parameters, so either cost verifies the other's.
 */
export const PASSWORD_HASH_COSTS = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 64, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

let cost: PasswordHashCost = 'standard';

/** What one computation is taken to cost until the first has been timed. */
const FIRST_ESTIMATE_MS = 50;
/** The weight of each newly timed computation in the running estimate of their cost. */
const ESTIMATE_WEIGHT = 0.2;
/** Asked of a client turned away while the queue is full: its place frees up within a few seconds. */
const RETRY_AFTER_MS = 5_000;

/**
 * Runs at most `limit` tasks at a time, the others waiting their turn in arrival order. Each argon2
 * computation holds a core for tens of milliseconds: more of them at once than there are cores only
 * take the cores from the event loop (and libuv's other threads), which then answers every other
 * request late, while the hashes themselves finish no sooner.
 *
 * The queue takes no more than can be done within `maxWaitMs`: from the tasks ahead and the running
 * estimate of a task's time (timed as it runs, so that a loaded machine counts as slower), a task that
 * could not finish by then is refused at once with 1000503 and Retry-After, rather than waiting to
 * finish after its request has been answered.
 */
export function concurrencyLimit(limit: number, maxWaitMs = Number.POSITIVE_INFINITY) {
  let running = 0;
  let estimateMs = FIRST_ESTIMATE_MS;
  const waiting: (() => void)[] = [];
  const limiter = {
    /** The longest a task may take from its arrival to its end. */
    maxWaitMs,
    /** Tasks running, and tasks waiting for a place. */
    get load() {
      return { running, waiting: waiting.length };
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) {
        // the places free up `limit` at a time: the tasks ahead, then this one
        const finishMs = (Math.floor(waiting.length / limit) + 2) * estimateMs;
        if (finishMs > limiter.maxWaitMs) {
          throw new AppError(ErrorCode.ServiceUnavailable, null, { retryAfterMs: RETRY_AFTER_MS });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      const started = performance.now();
      try {
        return await task();
      } finally {
        estimateMs += (performance.now() - started - estimateMs) * ESTIMATE_WEIGHT;
        // the place passes straight to the next in line, so that a newcomer cannot overtake it
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
  return limiter;
}

/** Where Linux lists the threads of this process: there each can be given a priority of its own. */
const THREADS = '/proc/self/task';
/** How far below the event loop's the priority of the other threads is set (niceness, up to 19):
 *  far enough that the kernel lets the event loop run as soon as it wakes. */
const POOL_NICENESS = 10;
/** libuv's thread pool, which computes argon2 and also reads files and resolves names. */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Under a storm of sign-ins the event loop must still take in, answer and refuse everything else in
 * time. Where the pool's threads can yield to it (Linux), argon2 takes every core, and the event loop
 * takes one back whenever it has work; elsewhere it runs on every core but one, which the event loop
 * keeps. One of the pool's threads is always left to the files and names.
 */
export const argon2 = concurrencyLimit(
  Math.max(1, Math.min(availableParallelism() - (existsSync(THREADS) ? 0 : 1), POOL_SIZE - 1)),
);

/** Whether the computations give way to a server's event loop (set by `boundPasswordWork`), and did. */
let serving = false;
let yielded = false;

/**
 * Lowers the priority of every thread of a server's process but the event loop's: the pool's, which
 * exist once a first computation has run, and V8's helpers (concurrent marking and compiling), which
 * then give way to it as well. Once, for the computations of the standard cost (test hashes take no
 * time), and never for threads started later (worker threads). A thread id stands for a process id in
 * setpriority.
 */
function yieldToEventLoop(): void {
  if (!serving || yielded || cost !== 'standard' || !existsSync(THREADS)) return;
  yielded = true;
  const niceness = Math.min(19, getPriority(process.pid) + POOL_NICENESS);
  for (const thread of readdirSync(THREADS).map(Number)) {
    if (thread !== process.pid) setPriority(thread, niceness);
  }
}

/** Of a request's time, the share its password work may wait for and take: the rest is its reads and
 *  writes, and the margin for a loaded event loop. */
const PASSWORD_SHARE_OF_REQUEST = 1 / 2;

/** Bounds the argon2 queue by the request timeout (REQUEST_TIMEOUT_SECONDS), so that a queued
 *  computation still finishes in time for its request's answer; and, as this process serves
 *  requests, lets its event loop take a core back from the computations (`yieldToEventLoop`). */
export function boundPasswordWork(requestTimeoutMs: number): void {
  argon2.maxWaitMs = requestTimeoutMs * PASSWORD_SHARE_OF_REQUEST;
  serving = true;
}

let dummy: Promise<string> | null = null;

/** The cost of the hashes made from now on (PASSWORD_HASH_COST, set by the app). */
export function choosePasswordHashCost(chosen: PasswordHashCost): void {
  if (chosen === cost) return;
  cost = chosen;
  // an unknown account must cost what a stored hash does: the throwaway one is made again
  dummy = null;
}

/** Off the event loop, on libuv's threads. */
export async function hashPassword(password: string): Promise<string> {
  const hashed = await argon2.run(() => hash(password, { algorithm: ARGON2ID, ...PASSWORD_HASH_COSTS[cost] }));
  yieldToEventLoop();
  return hashed;
}

/** Verifies against the stored hash, or against a throwaway one of the same cost when there is none
 *  (through the same queue), so that an unknown account costs the same time as a wrong password. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // a refusal of the full queue is not kept: the next unknown account makes the throwaway hash again
    dummy ??= hashPassword('not-a-password-0A').catch((error: unknown) => {
      dummy = null;
      throw error;
    });
    const throwaway = await dummy;
    await argon2.run(() => verify(throwaway, password));
    return false;
  }
  const verified = await argon2.run(() => verify(stored, password));
  yieldToEventLoop();
  return verified;
}
