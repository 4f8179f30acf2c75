import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Device sign-in (RFC 8628): the clients an operator registered for it (`clients add --device`), and
 * the polling of each device code, whose interval grows each time a device polls too fast. A poll row
 * lives as long as its device code (purged after `expires_at`); it holds the code's hash, not the code.
 * A device code is found by the user code the person enters: its own indexed column. A device signed
 * in for a site keeps that site with its grant (`device_sign_ins`): every refresh asks again whether
 * the person may still act on it.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .alterTable('oidc_clients')
    .addColumn('device', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('oidc_models').addColumn('user_code', 'text').execute();
  await db.schema.createIndex('oidc_models_user_code').on('oidc_models').columns(['model', 'user_code']).execute();
  await db.schema
    .createTable('device_polls')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('interval_s', 'integer', (c) => c.notNull())
    .addColumn('last_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('device_sign_ins')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
