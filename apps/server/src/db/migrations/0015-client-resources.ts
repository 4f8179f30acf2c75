import type { Kysely } from 'kysely';

/**
 * The products' APIs an OpenID client may have access tokens for (resource indicators, RFC 8707), as
 * the operator sets them (`portal clients add|set-resources --resource`): a JSON array. Null, as for
 * every client made before, leaves a client its own product's API only; before, any client could have
 * a token for any product's API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oidc_clients').addColumn('resources', 'text').execute();
}
