import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../src/app-error.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ok } from '../src/plugins/envelope.ts';
import { createLogger } from '../src/plugins/logger.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { ENGINE, type TestDatabase, createTestDatabase } from './support/test-app.ts';

const accountSchema = z.object({
  userId: z.number(),
  nickname: z.string(),
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
});

/**
 * Calls of the kind the routes make, added to the real app: a handler that hands over more than its
 * call describes (as a library returning a whole row would), and one whose answer breaks its schema.
 */
function addProbeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: envelopeSchema(accountSchema) };
  r.get(`${API_PREFIX}/probe/account`, { schema: { response } }, async () => {
    const row = {
      userId: 7,
      nickname: 'Ada',
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      companies: [{ id: 1, name: 'Grid', credit_code: '91330100MA0000001X' }],
    };
    return { ...ok(row), debug: 'internal' };
  });
  r.get(`${API_PREFIX}/probe/broken`, { schema: { response } }, async () =>
    // a query that lost a column: the answer cannot be what the call describes
    ok({ userId: 7, companies: [] } as unknown as z.infer<typeof accountSchema>),
  );
  r.get(`${API_PREFIX}/probe/bound`, { schema: { response } }, async () => {
    throw new AppError(ErrorCode.PhoneBound, { boundTo: { nickname: '张*', account: 'ad***n' } });
  });
  r.get(`${API_PREFIX}/probe/last-admin`, { schema: { response } }, async () => {
    throw new AppError(ErrorCode.Forbidden, { reason: 'lastAdmin' });
  });
  r.get(`${API_PREFIX}/probe/new-detail`, { schema: { response } }, async () => {
    // a detail the description does not know yet, of a type it does not expect (which AppError's type
    // refuses: only code that escapes the type checker, or a server of another version, sends it)
    throw new AppError(ErrorCode.RegistrationFailed, { status: 'archived', since: 2026 } as never);
  });
}

describe(`responses leave through their schemas (${ENGINE})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateToLatest(testDb.database);
    const config = loadConfig({ PORTAL_DEV_OUTBOX: '1', LOG_LEVEL: 'error' });
    const logger = createLogger('error', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    app = await buildApp({ config, database: testDb.database, logger });
    addProbeRoutes(app);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
    await testDb?.drop();
  });

  it('strips every field the call does not describe, at any depth', async () => {
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe/account` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { userId: 7, nickname: 'Ada', companies: [{ id: 1, name: 'Grid' }] },
    });
    expect(response.body).not.toMatch(/password_hash|argon2|credit_code|debug/);
  });

  it('refuses an answer that breaks its schema with 1000500, and logs which field', async () => {
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe/broken` });
    expect([response.statusCode, response.json().code, response.json().data]).toEqual([500, 1000500, null]);
    const logged = logLines.find((line) => String((line.err as { message?: string })?.message).includes('nickname'));
    expect(logged?.msg).toBe('unhandled error');
    expect((logged?.err as { message: string }).message).toContain(`${API_PREFIX}/probe/broken`);
  });

  it('keeps the details of business rejections (HTTP 200) and of rejections with their own status', async () => {
    const bound = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe/bound` });
    expect([bound.statusCode, bound.json().code]).toEqual([200, ErrorCode.PhoneBound]);
    expect(bound.json().data).toEqual({ boundTo: { nickname: '张*', account: 'ad***n' } });
    const lastAdmin = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe/last-admin` });
    expect([lastAdmin.statusCode, lastAdmin.json().code]).toEqual([403, ErrorCode.Forbidden]);
    expect(lastAdmin.json().data).toEqual({ reason: 'lastAdmin' });
    expect(lastAdmin.headers['redirect-page']).toBe('001');
  });

  it('answers a rejection as an envelope even when its details drift from their description', async () => {
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe/new-detail` });
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { code: ErrorCode.RegistrationFailed, msg: expect.any(String), data: { status: 'archived', since: 2026 } },
    ]);
  });

  it('answers real calls exactly as their schemas describe them', async () => {
    const errorsBefore = logLines.length;
    const user = await createUser(app);
    const token = await tokenFor(app, user.account, PASSWORD);
    const current = await call(app, contract.currentUser, { token });
    expect(Object.keys(current.data).sort()).toEqual(
      [
        'account',
        'email',
        'emailVerified',
        'hasPassword',
        'langCode',
        'local',
        'nickname',
        'phone',
        'phoneCertified',
        'twoStepEnabled',
        'twoStepSetupRequired',
        'userId',
        'userType',
      ].sort(),
    );
    const refused = await call(app, contract.login, {
      body: { loginType: 'password', identifierType: 'account', identifier: user.account, password: 'Wrong2026x' },
    });
    expect([refused.status, refused.code, refused.data]).toEqual([200, ErrorCode.InvalidCredentials, null]);
    const invalid = await call(app, contract.login, { body: { loginType: 'password' } });
    expect([invalid.status, invalid.code]).toEqual([400, ErrorCode.BadRequest]);
    expect(Object.keys(invalid.data.fields)).toContain('identifier');
    expect(logLines.slice(errorsBefore)).toEqual([]);
  });
});
