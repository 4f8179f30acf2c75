import type { Kysely } from 'kysely';

/**
 * A gateway may register its own public key when it exchanges its claim, instead of taking a secret
 * (docs/site-grants.md#gateways): its client then proves itself with a JWT signed by the private key
 * it never sends (`private_key_jwt`, RFC 7523), and the portal keeps the public key set here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oidc_clients').addColumn('jwks', 'text').execute();
}
