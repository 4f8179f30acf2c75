import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { Db } from '../src/db/database.ts';
import { addClient, rotateClientSecret } from '../src/libraries/openid/clients.ts';
import { addSupportStaff } from '../src/libraries/support/support-staff.ts';
import { insertAccount } from './support/accounts.ts';
import { type ServerProcess, type TwoProcesses, newClientAddress, twoProcesses } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';

/**
 * The platform's support on two server processes of one installation: consent given on one holds on
 * the other, a revoke on one ends the support's session on both at once, and a window's end is
 * processed exactly once, by whichever process sweeps first. A product's client secret rotated with
 * an overlap is taken by both through the switch.
 */
describe('support access and client secret rotation on two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let servers: TwoProcesses | undefined;

  beforeAll(async () => {
    servers = await twoProcesses();
    ({ a, b, db } = servers);
  });
  afterAll(async () => {
    await servers?.close();
  });

  async function setting() {
    const ctx = fixtureContext(a, db);
    const admin = await insertAccount(db, { password: PASSWORD });
    const support = await insertAccount(db, { password: PASSWORD });
    const company = await createCompany(ctx, {
      products: ['esguard', 'settcntr'],
      people: [{ userId: admin.id, role: 'admin' }],
    });
    const supportCompany = await createCompany(ctx, { people: [{ userId: support.id, role: 'member' }] });
    const domain = (await db.db
      .selectFrom('enterprises')
      .select('domain')
      .where('id', '=', supportCompany.enterpriseId)
      .executeTakeFirstOrThrow())!.domain;
    await addSupportStaff(ctx, domain, support.account);
    return {
      company,
      adminToken: await signIn(a, admin.account, PASSWORD),
      supportToken: await signIn(b, support.account, PASSWORD),
    };
  }

  it('granted on one process, entered on the other; a revoke on one signs the support out on both', async () => {
    const { company, adminToken, supportToken } = await setting();
    expect((await a.call(contract.grantSupportAccess, { token: adminToken, body: { hours: 1 } })).code).toBe(0);
    const body = { enterpriseId: company.enterpriseId };
    expect((await b.call(contract.enterAsSupport, { token: supportToken, body })).code).toBe(0);
    expect((await a.call(contract.saveSecurity, { token: supportToken, body: { requireTwoStep: true } })).code).toBe(
      ErrorCode.SupportRefused,
    );
    expect((await a.call(contract.revokeSupportAccess, { token: adminToken, body: {} })).code).toBe(0);
    for (const server of [a, b]) {
      expect((await server.call(contract.portalInfo, { token: supportToken })).code).toBe(ErrorCode.Unauthorized);
    }
  });

  it("a window's end signs the support out within seconds and is recorded once, by one of the two", async () => {
    const { company, adminToken, supportToken } = await setting();
    expect((await a.call(contract.grantSupportAccess, { token: adminToken, body: { hours: 1 } })).code).toBe(0);
    expect(
      (await b.call(contract.enterAsSupport, { token: supportToken, body: { enterpriseId: company.enterpriseId } }))
        .code,
    ).toBe(0);
    // the window's end brought forward, as its hour having passed would
    const ending = Date.now() + 500;
    await db.db
      .updateTable('support_access')
      .set({ ends_at: ending })
      .where('enterprise_id', '=', company.enterpriseId)
      .execute();
    await sleep(500);
    const started = Date.now();
    await expect
      .poll(
        async () =>
          (await db.db
            .selectFrom('support_access')
            .select('ended_at')
            .where('enterprise_id', '=', company.enterpriseId)
            .executeTakeFirstOrThrow())!.ended_at,
        { timeout: 5_000, interval: 100 },
      )
      .not.toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const server of [a, b]) {
      expect((await server.call(contract.portalInfo, { token: supportToken })).code).toBe(ErrorCode.Unauthorized);
    }
    // both processes sweep: the end is one event and one audit row
    await sleep(1_500);
    const ended = await db.db
      .selectFrom('events')
      .select('id')
      .where('enterprise_id', '=', company.enterpriseId)
      .where('type', '=', 'support_access.ended')
      .execute();
    const audited = await db.db
      .selectFrom('audit_events')
      .select('id')
      .where('enterprise_id', '=', company.enterpriseId)
      .where('action', '=', 'support-access.end')
      .execute();
    expect([ended.length, audited.length]).toEqual([1, 1]);
  });

  it('a support request asked on one process and approved 20 times across both opens one window', async () => {
    const { company, adminToken, supportToken } = await setting();
    const domain = (await db.db
      .selectFrom('enterprises')
      .select('domain')
      .where('id', '=', company.enterpriseId)
      .executeTakeFirstOrThrow())!.domain;
    const asked = await b.call(contract.requestSupportAccess, {
      token: supportToken,
      body: { domain, hours: 2, reason: 'Meter readings missing' },
    });
    expect(asked.code, asked.msg).toBe(0);
    const body = { requestId: asked.data.requestId };
    const codes = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) => (await (i % 2 ? b : a).call(contract.approveSupportRequest, { token: adminToken, body })).code,
      ),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.SupportRequestNotOpen)).toHaveLength(19);
    const windows = await db.db
      .selectFrom('support_access')
      .select('id')
      .where('enterprise_id', '=', company.enterpriseId)
      .execute();
    expect(windows).toHaveLength(1);
  });

  it('a client secret rotated with an overlap: both processes take the old and the new until its end', async () => {
    const ctx = fixtureContext(a, db);
    const { client, secret } = await addClient(ctx, {
      productCode: 'esguard',
      environment: `rotation${Date.now()}`,
      redirectUris: ['http://127.0.0.1:9/callback'],
      firstParty: true,
    });
    const token = async (server: ServerProcess, presented: string) =>
      (
        await server.call('/oidc/token', {
          method: 'POST',
          from: newClientAddress(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${client.clientId}:${presented}`).toString('base64')}`,
          },
          raw: 'grant_type=client_credentials',
        })
      ).status;
    const rotated = await rotateClientSecret(ctx, client.clientId, Date.now() + 3_600_000);
    for (const server of [a, b])
      expect([await token(server, secret!), await token(server, rotated.secret)]).toEqual([200, 200]);
    // the overlap ended: a rotation with none refuses the old at once, on both
    const again = await rotateClientSecret(ctx, client.clientId, Date.now());
    for (const server of [a, b]) {
      expect([await token(server, rotated.secret), await token(server, again.secret)]).toEqual([401, 200]);
    }
  });
});
