import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Passkeys (WebAuthn discoverable credentials) and the challenges of their ceremonies.
 *
 * A passkey's `credential_id` is the authenticator's id of it (base64url), unique across all users:
 * a sign-in finds the account by it. `public_key` is the COSE public key, `counter` the last signature
 * counter the authenticator reported (0 for authenticators that keep none), `transports` a JSON array
 * of hints for the browser. A challenge is stored as its SHA-256 hash, for one ceremony (`purpose`
 * `registration` of the user's new passkey, or `sign-in`), used once and only before it expires, in
 * the database so that every server process accepts the answer to a challenge another one issued.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const time = pg ? ('bigint' as const) : ('integer' as const);
  const bytes = pg ? ('bytea' as const) : ('blob' as const);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('passkeys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', bytes, (c) => c.notNull())
    .addColumn('counter', time, (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await table('webauthn_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
}
