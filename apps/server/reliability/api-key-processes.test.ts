import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { Db } from '../src/db/database.ts';
import { API_KEY_REQUESTS_PER_MINUTE } from '../src/libraries/integrations/api-keys.ts';
import { insertAccount, tally } from './support/accounts.ts';
import { ServerProcess, newClientAddress } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';

/**
 * A company's system spreads its calls over every server process behind the balancer: a key's request
 * rate is one count in Redis, not one per process, and a revocation on one process holds on the other
 * at its next request.
 */
describe('a company API key on two server processes of one installation', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;

  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
    };
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await b?.stop('SIGKILL');
    await a?.close();
  });

  it('counts its requests once over both processes, and is revoked on both at once', async () => {
    const admin = await insertAccount(db, { password: PASSWORD });
    await createCompany(fixtureContext(a, db), {
      products: ['settcntr'],
      people: [{ userId: admin.id, role: 'admin' }],
    });
    const session = await signIn(a, admin.account, PASSWORD);
    const made = await a.call(contract.createApiKey, {
      token: session,
      body: { name: 'Spread', scopes: ['members.read'] },
      from: newClientAddress(),
    });
    expect(made.json.code, made.text).toBe(0);
    const key = made.json.data.key as string;
    const list = (server: ServerProcess) => server.call(contract.members, { token: key, from: newClientAddress() });

    // the whole minute's allowance, half on each process, twenty at a time
    const codes: number[] = [];
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 20) {
      const replies = await Promise.all(Array.from({ length: 20 }, (_, j) => list((i + j) % 2 === 0 ? a : b)));
      codes.push(...replies.map((reply) => reply.json.code));
    }
    expect(tally(codes)).toEqual({ 0: API_KEY_REQUESTS_PER_MINUTE });
    for (const server of [a, b]) {
      const over = await list(server);
      expect(over.status).toBe(429);
      expect(over.json.code).toBe(1000429);
    }

    const revoked = await a.call(contract.revokeApiKey, {
      token: session,
      body: { id: made.json.data.apiKey.id },
      from: newClientAddress(),
    });
    expect(revoked.json.code, revoked.text).toBe(0);
    const after = await list(b);
    expect([after.status, after.json.code]).toEqual([401, 1000401]);
  });
});
