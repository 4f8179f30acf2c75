import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane); runs off the event loop. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs at most `limit` tasks at a time, the others waiting their turn in arrival order. Each argon2
 * computation holds a core for tens of milliseconds: more of them at once than there are cores only
 * take the cores from the event loop (and libuv's other threads), which then answers every other
 * request late, while the hashes themselves finish no sooner.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Tasks running, and tasks waiting for a place. */
    get load() {
      return { running, waiting: waiting.length };
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // the place passes straight to the next in line, so that a newcomer cannot overtake it
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/** One argon2 computation per core. */
export const argon2 = concurrencyLimit(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return argon2.run(() => hash(password, OPTIONS));
}

let dummy: Promise<string> | null = null;

/** Verifies against the stored hash, or against a throwaway one of the same cost when there is none
 *  (through the same queue), so that an unknown account costs the same time as a wrong password. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-password-0A');
    const throwaway = await dummy;
    await argon2.run(() => verify(throwaway, password));
    return false;
  }
  return argon2.run(() => verify(stored, password));
}
