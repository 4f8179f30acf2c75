import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane); runs off the event loop. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Verifies against the stored hash, or against a throwaway one when there is none, so that an
 *  unknown account costs the same time as a wrong password. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-password-0A');
    await verify(await dummy, password);
    return false;
  }
  return verify(stored, password);
}
