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
