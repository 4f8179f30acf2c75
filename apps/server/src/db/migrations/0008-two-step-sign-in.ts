import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238).
 *
 * A user's `totp_secret` is pending while `totp_enabled_at` is null (a set-up waiting for its first
 * code) and in force once it is set; it is encrypted when the server has `TOTP_SECRET_KEY`.
 * `totp_last_step` is the last time step a code was accepted for, so that a code cannot be used twice.
 * Recovery codes are stored as SHA-256 hashes (they are random, 50 bits each), each usable once.
 * A sign-in that passed its first step waits in `two_step_challenges` for its code: a ticket stored
 * hashed, with its count of wrong codes. A company may require two-step sign-in of its members.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const time = pg ? ('bigint' as const) : ('integer' as const);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', time).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', time).execute();
  await db.schema
    .alterTable('enterprises')
    .addColumn('require_two_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute();

  await table('two_step_challenges')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login_type', 'text', (c) => c.notNull())
    .addColumn('identifier_type', 'text', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_step_challenges_expiry').on('two_step_challenges').column('expires_at').execute();
}
