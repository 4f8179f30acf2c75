import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/** The product catalogue as this migration first created it: a later change to the live list in
 *  packages/shared/src/products.ts is a migration of its own, never a change of what this one did. */
const PRODUCTS_AT_START = [
  { code: 'esguard', entryPath: '/es' },
  { code: 'mgguard', entryPath: '/mg' },
  { code: 'seop', entryPath: '/seop' },
  { code: 'saas-dragon-boat', entryPath: '/longzhou' },
  { code: 'settcntr', entryPath: '/settings' },
  { code: 'saas-es-actuary', entryPath: '/cesuan' },
  { code: 'esark', entryPath: '/ark4' },
];

/** The first data model. Frozen: later changes go in new migrations. */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const pg = engine === 'postgres';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const time = pg ? ('bigint' as const) : ('integer' as const);
  const bytes = pg ? ('bytea' as const) : ('blob' as const);
  const table = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await table('users')
    .addColumn('account', 'text', (c) => c.unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('lang_code', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('investors'))
    .addColumn('phone_certified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_enterprise_id', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await table('enterprises')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('abbreviation', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull().unique())
    .addColumn('credit_code', 'text', (c) => c.notNull().unique())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('parent_enterprise_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await table('departments')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_enterprise')
    .on('departments')
    .columns(['enterprise_id', 'parent_id'])
    .execute();
  // exactly one default department per enterprise, held by the schema
  await db.schema
    .createIndex('departments_one_default')
    .on('departments')
    .column('enterprise_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('joined_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['enterprise_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();
  await db.schema
    .createIndex('memberships_department')
    .on('memberships')
    .columns(['enterprise_id', 'department_id'])
    .execute();

  await table('products')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('entry_path', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('enterprise_products')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('granted_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('enterprise_products_pk', ['enterprise_id', 'product_id'])
    .execute();

  await table('invitations')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprises.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitations_enterprise')
    .on('invitations')
    .columns(['enterprise_id', 'created_at'])
    .execute();

  await table('sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprises.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_seen_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await table('verification_codes')
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('verification_codes_target', ['scene', 'target'])
    .execute();

  await table('tickets')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', time, (c) => c.notNull())
    .addColumn('wait_until', time, (c) => c.notNull())
    .execute();

  await table('rate_events')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_lookup').on('rate_events').columns(['bucket', 'subject', 'at']).execute();

  await db.schema
    .createTable('personalizations')
    .addColumn('enterprise_id', 'integer', (c) => c.primaryKey().references('enterprises.id').onDelete('cascade'))
    .addColumn('platform_name', 'text', (c) => c.notNull())
    .addColumn('platform_name_cn', 'text', (c) => c.notNull())
    .addColumn('platform_name_en', 'text', (c) => c.notNull())
    .addColumn('language_type', 'text', (c) => c.notNull())
    .addColumn('icon', bytes)
    .addColumn('icon_type', 'text')
    .addColumn('icon_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await table('audit_events')
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('enterprise_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_events_enterprise').on('audit_events').columns(['enterprise_id', 'at']).execute();

  // the product catalogue is reference data: every installation has the same seven products
  await db
    .insertInto('products')
    .values(PRODUCTS_AT_START.map((p, i) => ({ code: p.code, entry_path: p.entryPath, sort_order: i + 1 })))
    .execute();
}
