import type { Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/libraries/passwords.ts';

let sequence = Math.floor(Math.random() * 1_000_000) * 100;

/** A phone number nobody else in this run uses (the 137 range, apart from other fixtures). */
export function freshPhone(): string {
  return `137${String(++sequence % 100_000_000).padStart(8, '0')}`;
}

/** An account written straight into the server's database, with a proven phone and email. */
export async function insertAccount(db: Db, options: { password?: string } = {}) {
  const phone = freshPhone();
  const account = `acct${phone}`;
  const email = `${account}@example.com`;
  const now = Date.now();
  const row = await db.db
    .insertInto('users')
    .values({
      account,
      nickname: account,
      phone,
      email,
      password_hash: options.password ? await hashPassword(options.password) : null,
      lang_code: 'zh-CN',
      user_type: 'investors',
      phone_certified: 1,
      email_verified: 1,
      disabled: 0,
      last_enterprise_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, account, phone, email };
}

/** How many answers carried each code. */
export function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
