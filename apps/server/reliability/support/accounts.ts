import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/libraries/platform/passwords.ts';
import { type UserFields, addUser, userRow } from '../../test-kit/users.ts';

let sequence = Math.floor(Math.random() * 1_000_000) * 100;

/** A phone number nobody else in this run uses (the 137 range, apart from other fixtures). */
export function freshPhone(): string {
  return `137${String(++sequence % 100_000_000).padStart(8, '0')}`;
}

/** An account named after its phone, with the phone and email proven. */
function accountFields(
  phone: string,
  passwordHash: string | null,
  now: number,
): UserFields & { account: string; phone: string; email: string } {
  const account = `acct${phone}`;
  return { account, nickname: account, phone, email: `${account}@example.com`, passwordHash, at: now };
}

/** An account written straight into the server's database, with a proven phone and email. */
export async function insertAccount(db: Db, options: { password?: string } = {}) {
  const fields = accountFields(
    freshPhone(),
    options.password ? await hashPassword(options.password) : null,
    Date.now(),
  );
  const id = await addUser(db.db, fields);
  return { id, account: fields.account, phone: fields.phone, email: fields.email };
}

/** `count` accounts that sign in with `password`, written in batches with one hash (argon2 for each
 *  would take minutes); answers their account names. */
export async function insertAccounts(db: Db, count: number, password: string): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const accounts = Array.from({ length: count }, () => accountFields(freshPhone(), passwordHash, now));
  for (let start = 0; start < accounts.length; start += 500) {
    await db.db
      .insertInto('users')
      .values(accounts.slice(start, start + 500).map(userRow))
      .execute();
  }
  return accounts.map((fields) => fields.account);
}

/** How many answers carried each code. */
export function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/**
 * `sent` concurrent wrong passwords against a cap of `cap` checks: never more than the cap checked
 * (1009117), the rest refused by it (1000429). A request the server answered as overloaded (1000503:
 * the event loop behind, or a store slower than its timeout, on a loaded machine) was never checked,
 * and may leave its place under the cap to another; so fewer checks than the cap only by those.
 */
export function expectCapped(counts: Record<number, number>, cap: number, sent: number): void {
  const checked = counts[1009117] ?? 0;
  const overloaded = counts[1000503] ?? 0;
  expect(checked + (counts[1000429] ?? 0) + overloaded).toBe(sent);
  expect(checked).toBeLessThanOrEqual(cap);
  expect(checked).toBeGreaterThanOrEqual(cap - overloaded);
}
