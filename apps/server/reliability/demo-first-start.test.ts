import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { DEMO_PASSWORD } from '../src/libraries/company/demo-seed.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';

/** Loaded into the server: a SIGKILL at the first statement that contains KILL_AT_STATEMENT. */
const KILLER = resolve(import.meta.dirname, 'support/kill-at-statement.mjs');

/** The steps of a first start on an empty database at which it is killed, each by the statement it
 *  is about to run: the migrations all committed and the demo tenant's first look-up; the two demo
 *  companies written and the first account next; everything written but the sample product's client. */
const STEPS = [
  { step: 'after the migrations', statement: 'select * from "users" where "account" =' },
  { step: 'mid-seed, the companies written', statement: 'insert into "users"' },
  { step: 'mid-seed, all but the client written', statement: 'insert into "oidc_clients"' },
];

async function signInAs(server: ServerProcess, account: string) {
  const reply = await server.call(contract.login, {
    body: { loginType: 'password', identifierType: 'account', identifier: account, password: DEMO_PASSWORD },
    from: newClientAddress(),
  });
  return reply.json as { code: number; data: { token: string } };
}

/** The companies of a demo account, by domain, as the database has them; the account signs in. */
async function companiesOf(server: ServerProcess, account: string): Promise<string[]> {
  expect((await signInAs(server, account)).code, `sign-in of ${account}`).toBe(0);
  const db = server.openDatabase();
  try {
    const rows = await db.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
      .select('enterprises.domain')
      .where('users.account', '=', account)
      .execute();
    return rows.map((r) => r.domain ?? '').sort();
  } finally {
    await db.close();
  }
}

describe(`the demo tenant of a first start that dies part way (${ENGINE})`, () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const { step, statement } of STEPS) {
    it(`is there whole at the next start after a kill ${step}`, async () => {
      server = await ServerProcess.create();
      await expect(server.launch({ NODE_OPTIONS: `--import ${KILLER}`, KILL_AT_STATEMENT: statement })).rejects.toThrow(
        /server exited/,
      );
      expect(server.exitSignal).toBe('SIGKILL');

      // what the killed start left: every migration, and none of the demo tenant (one transaction)
      const db = server.openDatabase();
      try {
        const migrations = await db.db
          .selectFrom('kysely_migration' as never)
          .selectAll()
          .execute();
        expect(migrations.length).toBeGreaterThanOrEqual(13);
        expect(await db.db.selectFrom('enterprises').select('domain').execute()).toEqual([]);
        expect(await db.db.selectFrom('users').select('account').execute()).toEqual([]);
        expect(await db.db.selectFrom('oidc_clients').select('client_id').execute()).toEqual([]);
      } finally {
        await db.close();
      }

      await server.launch();
      expect(server.output).toContain('Demo tenant created');
      expect((await signInAs(server, 'admin')).code).toBe(0);
      expect(await companiesOf(server, 'admin')).toEqual(['demo', 'solo']);
      expect(await companiesOf(server, 'solo')).toEqual(['solo']);
    });
  }

  it('is completed by a start that finds a part of it missing, and the start says what it added', async () => {
    server = await ServerProcess.start();
    expect(server.output).toContain('Demo tenant created');
    // on a port of its own, the sample product is told where the portal is (it looks on 8080 by default)
    expect(server.output).toMatch(
      /PORTAL_ISSUER=http:\/\/localhost:\d+ node --import tsx examples\/product-app\/server\.ts, then open http:\/\/localhost:3001/,
    );
    // as an earlier version could leave it (the client was added after the people), or a person's
    // deletions: no sample client, the member account gone, the administrator out of one company
    const db = server.openDatabase();
    try {
      await db.db.deleteFrom('oidc_clients').execute();
      const solo = await db.db.selectFrom('users').select('id').where('account', '=', 'solo').executeTakeFirstOrThrow();
      await db.db.deleteFrom('memberships').where('user_id', '=', solo.id).execute();
      await db.db.deleteFrom('users').where('id', '=', solo.id).execute();
      const demo = await db.db
        .selectFrom('enterprises')
        .select('id')
        .where('domain', '=', 'demo')
        .executeTakeFirstOrThrow();
      const admin = await db.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      await db.db
        .deleteFrom('memberships')
        .where('user_id', '=', admin.id)
        .where('enterprise_id', '=', demo.id)
        .execute();
    } finally {
      await db.close();
    }
    await server.stop();
    server.output = '';

    await server.launch();
    expect(server.output).not.toContain('Demo tenant created');
    expect(server.output).toContain('the demo tenant was incomplete');
    expect(server.output).toContain('added admin in demo, account solo, solo in solo, client');
    expect(await companiesOf(server, 'admin')).toEqual(['demo', 'solo']);
    expect(await companiesOf(server, 'solo')).toEqual(['solo']);

    // and a start that finds it whole says nothing of it
    await server.stop();
    server.output = '';
    await server.launch();
    expect(server.output).not.toMatch(/Demo tenant created|the demo tenant was incomplete/);
    expect((await signInAs(server, 'admin')).code).toBe(0);
  });
});
