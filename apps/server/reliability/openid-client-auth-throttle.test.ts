import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import {
  CLIENT_AUTH_FAILURES_PER_ADDRESS,
  CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS,
} from '../src/libraries/openid/client-auth-throttle.ts';
import { addClient } from '../src/libraries/openid/clients.ts';
import { ServerProcess, freePort, newClientAddress } from './support/server-process.ts';
import { fixtureContext } from './support/tenants.ts';

/**
 * The limits of failed client authentication hold across the server processes of one
 * installation (PostgreSQL and Redis), whichever process a balancer sends each try to.
 */
describe('failed client authentication at the OpenID provider, over two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  const clients: { clientId: string; secret: string }[] = [];

  beforeAll(async () => {
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
    };
    a = await ServerProcess.start({ env });
    b = await ServerProcess.start({ env, database: a.database });
    db = a.openDatabase();
    for (let i = 0; i < 5; i++) {
      const added = await addClient(fixtureContext(a, db), {
        productCode: 'esguard',
        environment: `throttle-${i}`,
        redirectUris: ['http://127.0.0.1:9/callback'],
        firstParty: true,
      });
      clients.push({ clientId: added.client.clientId, secret: added.secret! });
    }
  });
  afterAll(async () => {
    await db?.close();
    await b?.stop('SIGKILL');
    await a?.close();
  });

  const tokenRequest = (server: ServerProcess, client: { clientId: string }, secret: string, from: string) =>
    server.call('/oidc/token', {
      method: 'POST',
      from,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`,
      },
      raw: 'grant_type=client_credentials',
    });

  it("counts a client's failures from one address on both processes, and never holds up its right secret", async () => {
    const [attacked, other] = clients;
    const from = newClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS + 4; i++) {
      const reply = await tokenRequest(i % 2 ? a : b, attacked!, `wrong-${i}`, from);
      expect(reply.json?.error).toBe('invalid_client');
      statuses.push(reply.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS);
    expect(statuses.slice(CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS)).toEqual([429, 429, 429, 429]);
    const held = await tokenRequest(a, attacked!, 'wrong-again', from);
    expect([held.status, Number(held.headers['retry-after'])]).toEqual([429, expect.any(Number)]);
    for (const server of [a, b]) {
      // a right secret is compared all the same, from that address too; a wrong one elsewhere is an ordinary 401
      expect((await tokenRequest(server, attacked!, attacked!.secret, from)).status).toBe(200);
      expect((await tokenRequest(server, attacked!, 'wrong', newClientAddress())).status).toBe(401);
      expect((await tokenRequest(server, attacked!, attacked!.secret, newClientAddress())).status).toBe(200);
      expect((await tokenRequest(server, other!, other!.secret, newClientAddress())).status).toBe(200);
    }
  });

  it("counts an address's failures on both processes, across clients", async () => {
    const from = newClientAddress();
    const spread = clients.slice(2);
    const statuses: number[] = [];
    // spread over three clients, each stays below its own limit: the address's limit is the one that refuses
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_ADDRESS + 3; i++) {
      statuses.push((await tokenRequest(i % 2 ? a : b, spread[i % spread.length]!, `wrong-${i}`, from)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(CLIENT_AUTH_FAILURES_PER_ADDRESS);
    expect(statuses.slice(CLIENT_AUTH_FAILURES_PER_ADDRESS)).toEqual([429, 429, 429]);
    // the right secret from another address is not held up, nor from this one
    expect((await tokenRequest(b, spread[0]!, spread[0]!.secret, newClientAddress())).status).toBe(200);
    expect((await tokenRequest(a, spread[1]!, spread[1]!.secret, from)).status).toBe(200);
  });
});
