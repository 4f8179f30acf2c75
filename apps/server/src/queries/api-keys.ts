import { type Insertable, type Selectable, sql } from 'kysely';
import type { ProductCode } from '@portal/shared/products';
import type { ApiKeysTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/**
 * Adds a key only if the company has fewer than `max` live ones (neither revoked nor expired): one
 * statement counts and inserts, so that concurrent creations cannot pass the limit together. On
 * SQLite that statement alone is atomic (one connection runs one statement at a time); on PostgreSQL,
 * whose statement could not see a key committed while it waited, the caller holds the company's row
 * lock (`lockEnterprise`) in the same transaction. Null when the limit is reached.
 */
export async function insertApiKeyWithinLimit(
  db: Executor,
  values: Omit<Insertable<ApiKeysTable>, 'id' | 'last_used_at' | 'revoked_at'>,
  max: number,
): Promise<number | null> {
  const live = db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll().as('live'))
    .where(ofCompany('api_keys', values.enterprise_id))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', values.created_at);
  // typed, because PostgreSQL cannot tell the type of a parameter standing alone in a select list
  const { rows } = await sql<{ id: number }>`insert into ${sql.table('api_keys')}
      (enterprise_id, name, prefix, secret_hash, scopes, expires_at, created_by, created_at)
    select cast(${values.enterprise_id} as integer), cast(${values.name} as text), cast(${values.prefix} as text),
      cast(${values.secret_hash} as text), cast(${values.scopes} as text), cast(${values.expires_at} as bigint),
      cast(${values.created_by ?? null} as integer), cast(${values.created_at} as bigint)
    where ${live} < ${max}
    returning id`.execute(db);
  return rows.length ? Number(rows[0]!.id) : null;
}

/** A company's keys, newest first, with the administrator who made each (null: the account is gone). */
export function listEnterpriseApiKeys(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.last_used_at',
      'api_keys.created_at',
      'api_keys.revoked_at',
      'users.id as creatorId',
      'users.nickname as creatorName',
      'users.account as creatorAccount',
    ])
    .where(ofCompany('api_keys', enterpriseId))
    .orderBy('api_keys.id', 'desc')
    .execute();
}

/** A key of one company: another company's id finds nothing. */
export function findEnterpriseApiKey(db: Executor, enterpriseId: number, id: number): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where(ofCompany('api_keys', enterpriseId))
    .executeTakeFirst();
}

/** Revokes the live keys (neither revoked nor expired) one person made in a company; answers them. */
export function revokeLiveApiKeysOfCreator(db: Executor, enterpriseId: number, creatorId: number, now: number) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where(ofCompany('api_keys', enterpriseId))
    .where('created_by', '=', creatorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'prefix', 'name'])
    .execute();
}

/** False when it was revoked already. */
export async function setApiKeyRevoked(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The live key of a visible prefix (neither revoked nor expired), with whether its company still
 * holds the product that opens the settings centre, and whether its creator is still an
 * administrator of the company with an account in use: one read per request, so that a revocation,
 * an expiry, a lost right or a lost role takes effect at once in every server process.
 */
export function findLiveApiKey(db: Executor, prefix: string, now: number, settingsProduct: ProductCode) {
  return db
    .selectFrom('api_keys')
    .select((eb) => [
      'api_keys.id',
      'api_keys.enterprise_id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.secret_hash',
      'api_keys.scopes',
      eb
        .exists(
          eb
            .selectFrom('enterprise_products')
            .innerJoin('products', 'products.id', 'enterprise_products.product_id')
            .select('products.id')
            .whereRef('enterprise_products.enterprise_id', '=', 'api_keys.enterprise_id')
            .where('products.code', '=', settingsProduct),
        )
        .as('hasSettings'),
      eb
        .exists(
          eb
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .select('memberships.user_id')
            .whereRef('memberships.enterprise_id', '=', 'api_keys.enterprise_id')
            .whereRef('memberships.user_id', '=', 'api_keys.created_by')
            .where('memberships.role', '=', 'admin')
            .where('users.disabled', '=', 0),
        )
        .as('creatorIsAdministrator'),
    ])
    .where('api_keys.prefix', '=', prefix)
    .where('api_keys.revoked_at', 'is', null)
    .where('api_keys.expires_at', '>', now)
    .executeTakeFirst();
}

/** Records a use, at most once per `everyMs` a key: a busy key writes its row once a minute, not at
 *  every request. */
export async function touchApiKey(db: Executor, id: number, now: number, everyMs: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - everyMs)]))
    .execute();
}

/** The administrators of a company, as security notices reach them. */
export function listEnterpriseAdministrators(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.phone', 'users.phone_certified', 'users.email', 'users.email_verified', 'users.lang_code'])
    .where(ofCompany('memberships', enterpriseId))
    .where('memberships.role', '=', 'admin')
    .execute();
}
