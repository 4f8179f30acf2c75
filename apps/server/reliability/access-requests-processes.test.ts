import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { AUTHZEN_PATHS } from '@portal/shared/api/contract/authzen';
import type { Db } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { insertSite } from '../test/support/site-rows.ts';
import { insertAccount } from './support/accounts.ts';
import { type ServerProcess, type TwoProcesses, newClientAddress, twoProcesses } from './support/server-process.ts';
import { createCompany, fixtureContext, signIn } from './support/tenants.ts';

const PASSWORD = 'Right2026x';
const APPROVALS_PER_PROCESS = 10;

/**
 * Access on request on two server processes of one installation: a technician asks on one, the
 * owner's administrator's approval is raced ten times on each, and exactly one grant comes of it;
 * both processes then answer the product's question alike, and again once the grant has ended.
 */
describe('access on request on two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let servers: TwoProcesses | undefined;
  let basic: string;

  beforeAll(async () => {
    servers = await twoProcesses();
    ({ a, b, db } = servers);
    const added = await addClient(fixtureContext(a, db), {
      productCode: 'esguard',
      environment: 'requests',
      redirectUris: ['http://127.0.0.1:9/callback'],
      firstParty: true,
    });
    basic = `Basic ${Buffer.from(`${added.client.clientId}:${added.secret!}`).toString('base64')}`;
  });
  afterAll(async () => {
    await servers?.close();
  });

  it('one grant of twenty approvals raced over both, honoured alike by both until it ends', async () => {
    const ctx = fixtureContext(a, db);
    const [admin, technician] = [
      await insertAccount(db, { password: PASSWORD }),
      await insertAccount(db, { password: PASSWORD }),
    ];
    const owner = await createCompany(ctx, {
      products: ['esguard', 'settcntr'],
      people: [{ userId: admin.id, role: 'admin' }],
    });
    const partner = await createCompany(ctx, {
      products: ['esguard'],
      people: [{ userId: technician.id, role: 'member' }],
    });
    const site = await insertSite(db.db, { enterpriseId: owner.enterpriseId, products: ['esguard'], at: Date.now() });
    const [adminToken, technicianToken] = [
      await signIn(a, admin.account, PASSWORD),
      await signIn(b, technician.account, PASSWORD),
    ];

    const asked = await b.call(contract.requestSiteAccess, {
      token: technicianToken,
      body: { siteId: site.publicId, template: 'technician', hours: 4, reason: 'Inverter fault at night' },
    });
    expect(asked.code, asked.msg).toBe(0);
    const requestId = (asked.data as { requestId: string }).requestId;

    const approvals = await Promise.all(
      [a, b].flatMap((server) =>
        Array.from({ length: APPROVALS_PER_PROCESS }, () =>
          server.call(contract.approveAccessRequest, { token: adminToken, body: { requestId, hours: 2 } }),
        ),
      ),
    );
    const codes = approvals.map((reply) => reply.code);
    expect(
      codes.filter((code) => code === 0),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.every((code) => code === 0 || code >= 1000400),
      codes.join(','),
    ).toBe(true);
    const grants = await db.db
      .selectFrom('site_grants')
      .select(['id', 'ends_at'])
      .where('site_id', '=', site.id)
      .where('grantee_enterprise_id', '=', partner.enterpriseId)
      .execute();
    expect(grants).toHaveLength(1);

    const decide = async (server: ServerProcess) => {
      const reply = await server.call(AUTHZEN_PATHS.evaluation, {
        headers: { authorization: basic },
        body: {
          subject: { type: 'user', id: String(technician.id) },
          resource: { type: 'site', id: site.publicId },
          action: { name: 'operate' },
        },
        from: newClientAddress(),
      });
      expect(reply.status, reply.text).toBe(200);
      return reply.json.decision as boolean;
    };
    expect([await decide(a), await decide(b)]).toEqual([true, true]);

    // the grant's end comes: no process keeps it, so both answer no at the next question
    await db.db
      .updateTable('site_grants')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', grants[0]!.id)
      .execute();
    expect([await decide(b), await decide(a)]).toEqual([false, false]);
  });
});
