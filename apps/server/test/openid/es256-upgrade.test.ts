import { generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { ListedMigrations, migrateToLatest } from '../../src/db/migrate.ts';
import { ensureKeys } from '../../src/libraries/openid/signing-keys.ts';
import { ENGINE, createTestDatabase } from '../support/test-app.ts';

/** A provider that signed with RS256 alone before: its keys and clients as they were, ES256 beside them. */
describe(`migration 0033 and the first start after it (${ENGINE})`, () => {
  it('keeps the RSA keys signing and every client on RS256, and adds ES256 keys of their own', async () => {
    const testDb = await createTestDatabase();
    try {
      const { db, engine } = testDb.database;
      // rows as the tables were before 0033, which the current schema types no longer describe
      const old = db as unknown as Kysely<any>;
      const migrator = new Migrator({ db, provider: new ListedMigrations(engine) });
      expect((await migrator.migrateTo('0032-audit-support')).error).toBeUndefined();
      const rsaKey = () =>
        JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }));
      const key = (kid: string, use: string, state: string, sealed: string) =>
        ({ kid, use, state, sealed, created_at: 1, retired_at: null }) as const;
      await old
        .insertInto('oidc_keys')
        .values([
          key('sig-1', 'sig', 'current', rsaKey()),
          key('sig-2', 'sig', 'next', rsaKey()),
          key('cookie-1', 'cookie', 'current', 'cookie-secret'),
        ])
        .execute();
      await old
        .insertInto('oidc_clients')
        .values({
          client_id: 'esguard-production',
          product_code: 'esguard',
          name: 'ESGuard',
          secret_hash: 'hash',
          auth_method: 'client_secret_basic',
          redirect_uris: '["https://es.example.com/cb"]',
          post_logout_redirect_uris: '[]',
          backchannel_logout_uri: null,
          first_party: 1,
          disabled_at: null,
          created_at: 1,
          updated_at: 1,
        })
        .execute();

      expect(await migrateToLatest(testDb.database)).toContain('0033-es256-signing');
      const client = await db.selectFrom('oidc_clients').select('id_token_alg').executeTakeFirstOrThrow();
      expect(client.id_token_alg).toBe('RS256');

      await ensureKeys({ db, config: { oidcKeysSecret: null } as Config, now: () => 2 });
      const rows = await db.selectFrom('oidc_keys').select(['kid', 'alg', 'state', 'sealed']).orderBy('kid').execute();
      expect(rows.map(({ kid, alg, state }) => ({ kid, alg, state }))).toEqual([
        { kid: 'cookie-1', alg: null, state: 'current' },
        { kid: 'sig-1', alg: 'RS256', state: 'current' },
        { kid: 'sig-2', alg: 'RS256', state: 'next' },
        { kid: 'sig-es256-1', alg: 'ES256', state: 'current' },
        { kid: 'sig-es256-2', alg: 'ES256', state: 'next' },
      ]);
      for (const row of rows.filter((one) => one.alg === 'ES256'))
        expect(JSON.parse(row.sealed)).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
      // a second start makes nothing more
      await ensureKeys({ db, config: { oidcKeysSecret: null } as Config, now: () => 3 });
      expect(await db.selectFrom('oidc_keys').select('kid').execute()).toHaveLength(5);
    } finally {
      await testDb.database.close();
      await testDb.drop();
    }
  });
});
