import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHZEN_PATHS } from '@portal/shared/api/contract/authzen';
import type { Db } from '../src/db/database.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { insertAssignment, insertGrant, insertSite } from '../test/support/site-rows.ts';
import { insertAccount } from './support/accounts.ts';
import { type ServerProcess, type TwoProcesses, newClientAddress, twoProcesses } from './support/server-process.ts';
import { createCompany, fixtureContext } from './support/tenants.ts';

const DAY = 86_400_000;

/**
 * A product's server asks whichever process the balancer picks: no process keeps a grant, so a revoke
 * written anywhere holds on both at the next question, and a token one process issued is the client's
 * on the other.
 */
describe('site decisions on two server processes of one installation', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let servers: TwoProcesses | undefined;
  let basic: string;
  let clientId: string;
  let secret: string;

  beforeAll(async () => {
    servers = await twoProcesses();
    ({ a, b, db } = servers);
    const added = await addClient(fixtureContext(a, db), {
      productCode: 'esguard',
      environment: 'decisions',
      redirectUris: ['http://127.0.0.1:9/callback'],
      firstParty: true,
    });
    clientId = added.client.clientId;
    secret = added.secret!;
    basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  });
  afterAll(async () => {
    await servers?.close();
  });

  it('answers alike on both processes, before and after a revoke on the chain', async () => {
    const ctx = fixtureContext(a, db);
    const [owner, holder, technician] = [await insertAccount(db), await insertAccount(db), await insertAccount(db)];
    const ownerCompany = await createCompany(ctx, {
      products: ['esguard'],
      people: [{ userId: owner.id, role: 'admin' }],
    });
    const b1 = await createCompany(ctx, { products: ['esguard'], people: [{ userId: holder.id, role: 'admin' }] });
    const c1 = await createCompany(ctx, { products: ['esguard'], people: [{ userId: technician.id, role: 'member' }] });
    const now = Date.now();
    const site = await insertSite(db.db, { enterpriseId: ownerCompany.enterpriseId, products: ['esguard'], at: now });
    const top = await insertGrant(db.db, {
      siteId: site.id,
      grantor: ownerCompany.enterpriseId,
      grantee: b1.enterpriseId,
      template: 'installer',
      startsAt: now - DAY,
      endsAt: now + DAY,
    });
    const below = await insertGrant(db.db, {
      siteId: site.id,
      grantor: b1.enterpriseId,
      grantee: c1.enterpriseId,
      parentId: top,
      template: 'technician',
      startsAt: now - DAY,
    });
    await insertAssignment(db.db, { grantId: below, userId: technician.id, template: 'technician', at: now });

    const decide = async (server: ServerProcess, authorization = basic) => {
      const reply = await server.call(AUTHZEN_PATHS.evaluation, {
        headers: { authorization },
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

    // a client-credentials token from one process is the client's on the other
    const issued = await a.call('/oidc/token', {
      raw: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      from: newClientAddress(),
    });
    expect(issued.status, issued.text).toBe(200);
    expect(await decide(b, `Bearer ${issued.json.access_token}`)).toBe(true);

    // the owner revokes the top grant: the one below it ends at once, on both processes
    await db.db.updateTable('site_grants').set({ revoked_at: Date.now() }).where('id', '=', top).execute();
    expect([await decide(b), await decide(a)]).toEqual([false, false]);
  });
});
