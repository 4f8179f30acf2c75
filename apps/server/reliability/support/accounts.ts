import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/libraries/passwords.ts';

let sequence = Math.floor(Math.random() * 1_000_000) * 100;

/** A phone number nobody else in this run uses (the 137 range, apart from other fixtures). */
export function freshPhone(): string {
  return `137${String(++sequence % 100_000_000).padStart(8, '0')}`;
}

/** The row of an account named after its phone, with the phone and email proven. */
function accountRow(phone: string, passwordHash: string | null, now: number) {
  const account = `acct${phone}`;
  return {
    account,
    nickname: account,
    phone,
    email: `${account}@example.com`,
    password_hash: passwordHash,
    lang_code: 'zh-CN' as const,
    user_type: 'investors' as const,
    phone_certified: 1,
    email_verified: 1,
    disabled: 0,
    last_enterprise_id: null,
    created_at: now,
    updated_at: now,
  };
}

/** An account written straight into the server's database, with a proven phone and email. */
export async function insertAccount(db: Db, options: { password?: string } = {}) {
  const values = accountRow(freshPhone(), options.password ? await hashPassword(options.password) : null, Date.now());
  const row = await db.db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, account: values.account, phone: values.phone, email: values.email };
}

/** `count` accounts that sign in with `password`, written in batches with one hash (argon2 for each
 *  would take minutes); answers their account names. */
export async function insertAccounts(db: Db, count: number, password: string): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const rows = Array.from({ length: count }, () => accountRow(freshPhone(), passwordHash, now));
  for (let start = 0; start < rows.length; start += 500) {
    await db.db
      .insertInto('users')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return rows.map((row) => row.account);
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
