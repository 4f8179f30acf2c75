import type { Insertable, Selectable, Updateable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

export type UserRow = Selectable<UsersTable>;

const userById = compiledOnce((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id), [-1]);

/** Read on every answer of the provider about a person (userinfo, a refresh) and by most routes. */
export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return (await userById(db, id).execute(db)).rows[0];
}

/**
 * The account an identifier names: its account name, or a phone or email its owner has proven by a
 * code. An unproven phone or email (typed in by an administrator, or given at registration) names
 * nothing: it can neither open the account nor keep its real owner from proving and taking it.
 */
export function findUserByIdentifier(
  db: Executor,
  column: 'account' | 'phone' | 'email',
  value: string,
): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where(column, '=', value);
  if (column === 'phone') query = query.where('phone_certified', '=', 1);
  if (column === 'email') query = query.where('email_verified', '=', 1);
  return query.executeTakeFirst();
}

/** The latest account that gave `email` without proving it yet (at registration, or an administrator
 *  typed it in): it cannot sign in with it, but is told why once its password is right. */
export function findUserByUnprovenEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('email_verified', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertUser(db: Executor, values: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Executor, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Whether two users are members of at least one common company. */
export async function shareAnEnterprise(db: Executor, userId: number, otherUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as theirs', 'theirs.enterprise_id', 'mine.enterprise_id')
    .select('mine.enterprise_id')
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', '=', otherUserId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
