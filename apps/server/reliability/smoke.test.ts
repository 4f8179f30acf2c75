import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ENGINE, ServerProcess, isEnvelope } from './support/server-process.ts';

describe(`the server as its own process (${ENGINE})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.start();
  });
  afterAll(async () => server?.close());

  it('is alive, compiled as production runs it', async () => {
    const reply = await server.call(contract.health);
    expect([reply.status, reply.json?.data?.status]).toEqual([200, 'alive']);
  });

  it('has a compiled command line that runs as the script, on the same database', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'migrate', '--json'], {
      cwd: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
      env: { PATH: process.env.PATH, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' },
    });
    expect(JSON.parse(stdout)).toEqual({ applied: [] });
  });

  it('answers over real HTTP with the envelope', async () => {
    const reply = await server.call(contract.currentUser);
    expect(reply.status).toBe(401);
    expect(isEnvelope(reply.json)).toBe(true);
  });
});
