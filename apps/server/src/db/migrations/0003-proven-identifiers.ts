import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A phone or email identifies an account only once its owner has proven it by a code. Until then it
 * is a note on the account (an administrator typed it in, or a registration form carried it) that
 * anyone may still prove and take: so the schema holds each proven phone and email to one account,
 * and lets unproven ones repeat. Emails get the verified flag phones already had (every email stored
 * so far was stored unproven).
 *
 * The sign-in wait moves from one row per account to one row per subject (an account, or an
 * identifier that names no account), so that unknown identifiers are throttled like known ones.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table users drop constraint users_phone_key`.execute(db);
    await sql`alter table users drop constraint users_email_key`.execute(db);
    await sql`alter table users add column email_verified integer not null default 0`.execute(db);
  } else {
    // SQLite cannot drop a column's unique constraint: the table is rebuilt (sqlite.org/lang_altertable.html,
    // "making other kinds of table schema changes"), with foreign keys off so that dropping the old
    // table does not cascade into memberships and sessions
    await sql`pragma foreign_keys = off`.execute(db);
    await sql`create table users_rebuilt (
      id integer primary key autoincrement,
      account text unique,
      nickname text not null,
      phone text,
      email text,
      password_hash text,
      lang_code text not null default 'zh-CN',
      user_type text not null default 'investors',
      phone_certified integer not null default 0,
      disabled integer not null default 0,
      last_enterprise_id integer,
      created_at integer not null,
      updated_at integer not null,
      email_verified integer not null default 0
    )`.execute(db);
    await sql`insert into users_rebuilt (id, account, nickname, phone, email, password_hash, lang_code, user_type,
      phone_certified, disabled, last_enterprise_id, created_at, updated_at)
      select id, account, nickname, phone, email, password_hash, lang_code, user_type, phone_certified, disabled,
      last_enterprise_id, created_at, updated_at from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_rebuilt rename to users`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error(`users rebuild broke ${broken.rows.length} foreign keys`);
    await sql`pragma foreign_keys = on`.execute(db);
  }
  await sql`create unique index users_proven_phone on users (phone) where phone_certified = 1`.execute(db);
  await sql`create unique index users_proven_email on users (email) where email_verified = 1`.execute(db);
  await db.schema.createIndex('users_phone').on('users').column('phone').execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  const time = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('sign_in_waits')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', time, (c) => c.notNull())
    .addColumn('wait_until', time, (c) => c.notNull())
    .execute();
  await sql`insert into sign_in_waits (subject, failures, last_failure_at, wait_until)
    select 'user:' || user_id, failures, last_failure_at, wait_until from sign_in_failures`.execute(db);
  await db.schema.dropTable('sign_in_failures').execute();
}
