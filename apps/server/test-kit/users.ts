import type { Insertable } from 'kysely';
import type { Language } from '@portal/shared/constants';
import type { UsersTable } from '../src/db/schema.ts';
import { hashPassword } from '../src/libraries/platform/passwords.ts';
import type { Executor } from '../src/queries/executor.ts';

/**
 * The one builder of account rows written straight into a database, for the server's tests, the
 * reliability suite, the benchmark's seed and the browser suite's people: what sets a test's person
 * apart is given, the rest is what an account holds once it has signed up.
 */
export interface UserFields {
  /** Given only where rows refer to each other by known ids (the benchmark's batches). */
  id?: number;
  account: string | null;
  nickname: string;
  phone: string | null;
  email: string | null;
  passwordHash: string | null;
  /** Proven unless false: a proven phone or email signs in and receives codes. */
  phoneProven?: boolean;
  emailProven?: boolean;
  disabled?: boolean;
  langCode?: Language;
  lastEnterpriseId?: number | null;
  /** When the account was created (and last changed), in epoch milliseconds. */
  at: number;
}

export function userRow(fields: UserFields): Insertable<UsersTable> {
  return {
    ...(fields.id === undefined ? {} : { id: fields.id }),
    account: fields.account,
    nickname: fields.nickname,
    phone: fields.phone,
    email: fields.email,
    password_hash: fields.passwordHash,
    lang_code: fields.langCode ?? 'zh-CN',
    user_type: 'investors',
    phone_certified: fields.phoneProven === false ? 0 : 1,
    email_verified: fields.emailProven === false ? 0 : 1,
    disabled: fields.disabled ? 1 : 0,
    last_enterprise_id: fields.lastEnterpriseId ?? null,
    created_at: fields.at,
    updated_at: fields.at,
  };
}

/** Writes one account; answers its id. */
export async function addUser(db: Executor, fields: UserFields): Promise<number> {
  const row = await db.insertInto('users').values(userRow(fields)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const hashes = new Map<string, Promise<string>>();

/** One argon2 hash of each password for the whole process: hashing it again for every account
 *  would cost tens of milliseconds each, and any hash of the password verifies alike. */
export function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    // a failed hash is not kept: the next caller tries again
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}
