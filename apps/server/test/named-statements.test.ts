import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { statementName } from '../src/db/named-statements.ts';
import { hashSecret } from '../src/libraries/platform/secrets.ts';
import { findLiveSessionWithUser, insertSession } from '../src/queries/sessions.ts';
import { addUser } from '../test-kit/users.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

describe(`statements kept prepared (${ENGINE})`, () => {
  let testDb: TestDatabase;
  const token = 'named-statements-token-0123456789';
  const now = Date.now();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    const { db } = testDb.database;
    const userId = await addUser(db, {
      account: 'prepared',
      nickname: 'Prepared',
      phone: null,
      email: null,
      passwordHash: null,
      at: now,
    });
    await insertSession(db, {
      user_id: userId,
      token_hash: hashSecret(token),
      created_at: now,
      last_seen_at: now,
      expires_at: now + 3_600_000,
    });
  });
  afterAll(async () => {
    await testDb?.database.close();
    await testDb?.drop();
  });

  it('reads a session with a statement the connection keeps prepared', async () => {
    const prepared = await testDb.database.db.connection().execute(async (connection) => {
      expect((await findLiveSessionWithUser(connection, hashSecret(token), now))?.user.account).toBe('prepared');
      if (ENGINE === 'sqlite') return [];
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
      return rows.map((row) => row.name);
    });
    const names = [...new Set(prepared)];
    if (ENGINE === 'postgres') expect(names).toHaveLength(1);
    // the name is the one given to the session statement's text
    for (const name of names) expect(name).toMatch(/^portal_\d+$/);
    expect(statementName('select 1')).toBeUndefined();
  });

  it('still reads the session after a migration changed a table under the prepared statement', async () => {
    const { db } = testDb.database;
    const read = () =>
      db.connection().execute((connection) => findLiveSessionWithUser(connection, hashSecret(token), now));
    expect((await read())?.user.account).toBe('prepared');
    await sql`alter table users add column added_later text`.execute(db);
    expect((await read())?.user.account).toBe('prepared');
    expect((await read())?.user.account).toBe('prepared');
  });
});
