import type { Kysely } from 'kysely';

/**
 * ID tokens signed with ES256 beside RS256, chosen per client (docs/openid-provider.md#signing-keys).
 * `oidc_keys.alg`: the algorithm a signing key is for, each algorithm with its own current, next and
 * retired keys; the keys made before are RSA keys, and a cookie key has none. `oidc_clients.id_token_alg`:
 * what a client's ID tokens are signed with, RS256 for every client made before, as their libraries
 * were told by discovery until now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oidc_keys').addColumn('alg', 'text').execute();
  await db.updateTable('oidc_keys').set({ alg: 'RS256' }).where('use', '=', 'sig').execute();
  await db.schema
    .alterTable('oidc_clients')
    .addColumn('id_token_alg', 'text', (c) => c.notNull().defaultTo('RS256'))
    .execute();
}
