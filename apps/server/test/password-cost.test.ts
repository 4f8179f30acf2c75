import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestDatabase, createTestDatabase, startTestApp } from './support/test-app.ts';
import { reportUndeclaredCode } from './support/undeclared-codes.ts';

const NEW_PASSWORD = 'Fresh2027x';

/** The parameters in the PHC string of the hash the app stored for a changed password. */
async function storedParameters(app: FastifyInstance): Promise<string> {
  const user = await createUser(app);
  const token = await tokenFor(app, user.account, PASSWORD);
  const changed = await call(app, contract.updatePassword, {
    token,
    body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(changed.code, changed.msg).toBe(0);
  // the new hash verifies, whatever its cost
  await tokenFor(app, user.account, NEW_PASSWORD);
  const row = await app.ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(row.password_hash ?? '')?.[1] ?? String(row.password_hash);
}

describe(`the cost of password hashes (${ENGINE})`, () => {
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
    app = testDb = undefined;
  });

  it('is the OWASP minimum of argon2id with the default configuration: 19 MiB, 2 iterations, 1 lane', async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    const config = loadConfig({ PORTAL_DEV_OUTBOX: '1', LOG_LEVEL: 'silent' });
    expect(config.passwordHashCost).toBe('standard');
    app = await buildApp({ config, database: testDb.database, logger: false, onUndeclaredCode: reportUndeclaredCode });
    expect(await storedParameters(app)).toBe('m=19456,t=2,p=1');
  });

  it('is next to nothing in the test apps, and that setting is refused in production', async () => {
    const t = await startTestApp();
    try {
      expect(await storedParameters(t.app)).toBe('m=64,t=1,p=1');
    } finally {
      await t.close();
    }
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.energy.test:587',
      MAIL_FROM: 'portal@energy.test',
      SMS_WEBHOOK_URL: 'https://sms.energy.test/send',
      TOTP_SECRET_KEY: '5e0b8d27c4a91f63e8d05b7a2c49f1e06d3b8a75c2e49f10b6d8a3e71c5f2940',
      OIDC_KEYS_SECRET: 'c81f4a6e09d27b53f8e1a4c60b9d72e35a1f8c4e07b26d93e5a0c8f14b7d2e69',
      OUTBOX_SECRET: 'e3b7a91c4f06d258b1e7c3a09f5d4862a7c1e0b39d84f25a6c0e17b3d9a4f852',
      PUBLIC_URL: 'https://portal.energy.test',
    };
    expect(loadConfig(production).passwordHashCost).toBe('standard');
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST=test/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
