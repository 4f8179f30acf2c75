import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { call } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE } from './support/test-app.ts';
import { type TracedApp, startTracedApp } from './support/traced-app.ts';

describe(`company API keys in the log (${ENGINE})`, () => {
  let traced: TracedApp;
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    traced = await startTracedApp({ PORTAL_DEV_OUTBOX: '1' });
    ({ app, lines } = traced);
  });
  afterAll(async () => traced?.close());

  it('holds no key, whether it was let in, refused, tampered with or sent in the URL', async () => {
    const a = await companyWithAdmin(app);
    const made = await call(app, contract.createApiKey, {
      token: a.token,
      body: { name: 'Logged', scopes: ['members.manage'] },
    });
    expect(made.code, made.msg).toBe(0);
    const key = made.data.key as string;
    const secret = key.slice(13);

    expect((await call(app, contract.members, { token: key })).code).toBe(0);
    const created = await call(app, contract.createMember, {
      token: key,
      body: { account: 'logged.member', nickname: 'Logged', password: 'Staff2026x' },
    });
    expect(created.code, created.msg).toBe(0);
    expect((await call(app, contract.invitations, { token: key })).code).toBe(ErrorCode.Forbidden);
    expect((await call(app, contract.currentUser, { token: key })).code).toBe(ErrorCode.ApiKeyCallRefused);
    const tampered = `${key.slice(0, -2)}xx`;
    expect((await call(app, contract.members, { token: tampered })).code).toBe(ErrorCode.Unauthorized);
    await call(app, contract.members, { query: { access_token: key, token: key }, token: key });
    await app.messenger.idle();

    expect(lines.length).toBeGreaterThan(10);
    for (const held of [secret, tampered.slice(13)]) {
      const leaks = lines.filter((line) => line.includes(held) || line.includes(encodeURIComponent(held)));
      expect(leaks, `a log line holds ${held.slice(0, 4)}…`).toEqual([]);
    }
    expect(lines.filter((line) => /bearer\s+pak_/i.test(line))).toEqual([]);
  });
});
