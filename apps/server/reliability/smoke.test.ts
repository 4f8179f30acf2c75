import { apiPaths } from '@portal/shared/api/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, ServerProcess, isEnvelope } from './support/server-process.ts';

describe(`the server as its own process (${ENGINE})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.start();
  });
  afterAll(async () => server?.close());

  it('is alive, compiled as production runs it', async () => {
    const reply = await server.call(apiPaths.health);
    expect([reply.status, reply.json?.data?.status]).toEqual([200, 'alive']);
  });

  it('answers over real HTTP with the envelope', async () => {
    const reply = await server.call(apiPaths.currentUser);
    expect(reply.status).toBe(401);
    expect(isEnvelope(reply.json)).toBe(true);
  });
});
