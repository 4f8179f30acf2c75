import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ENGINE, ServerProcess, freePort, isEnvelope, newClientAddress } from './support/server-process.ts';

/** With Redis configured but out of reach, the throttled calls answer 1000503 and the server stays up. */
describe(`Redis out of reach (${ENGINE})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.start({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => server?.close());

  it('answers sign-ins and code sends with 1000503 envelopes, and /readyz says not ready', async () => {
    const replies = await Promise.all([
      server.call(contract.login, {
        body: { loginType: 'password', identifierType: 'account', identifier: 'someone', password: 'Secret2026' },
        from: newClientAddress(),
      }),
      server.call(contract.sendSms, {
        body: { phone: '13712345678', scene: 'register' },
        from: newClientAddress(),
      }),
    ]);
    for (const reply of replies) {
      expect(isEnvelope(reply.json)).toBe(true);
      expect([reply.status, reply.json.code]).toEqual([503, 1000503]);
    }
    expect((await server.call(contract.readiness)).status).toBe(503);
    expect(server.alive).toBe(true);
  });
});
