import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The OpenID provider's storage (docs/openid-provider.md#storage). `oidc_clients`: the products' clients,
 * each with its secret's SHA-256 only. `oidc_models`: every other model of the provider (sessions,
 * interactions, codes, tokens, grants) as JSON with its expiry, purged with the other expired rows; one
 * table shared by every server process, so that a code issued by one is redeemed on another.
 * `oidc_keys`: the signing keys and the cookie keys, sealed with OIDC_KEYS_SECRET when it is set.
 * `oidc_grant_links`: which portal session and company each grant was made in, for the company claims
 * and for ending a product's sessions when the portal session ends.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .createTable('oidc_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('product_code', 'text', (c) => c.notNull().references('products.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull())
    .addColumn('backchannel_logout_uri', 'text')
    .addColumn('first_party', 'integer', (c) => c.notNull())
    .addColumn('disabled_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oidc_models')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('account_id', 'text')
    .addColumn('expires_at', time)
    .addColumn('consumed_at', time)
    .addPrimaryKeyConstraint('oidc_models_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_models_grant').on('oidc_models').column('grant_id').execute();
  await db.schema.createIndex('oidc_models_uid').on('oidc_models').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_models_account').on('oidc_models').columns(['model', 'account_id']).execute();
  await db.schema.createIndex('oidc_models_expiry').on('oidc_models').column('expires_at').execute();
  await db.schema
    .createTable('oidc_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('use', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('retired_at', time)
    .execute();
  await db.schema
    .createTable('oidc_grant_links')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprises.id').onDelete('cascade'))
    .addColumn('portal_session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_grant_links_session').on('oidc_grant_links').column('portal_session_id').execute();
  await db.schema
    .createIndex('oidc_grant_links_member')
    .on('oidc_grant_links')
    .columns(['user_id', 'enterprise_id'])
    .execute();
}
