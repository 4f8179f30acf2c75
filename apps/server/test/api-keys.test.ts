import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { API_KEYS_MAX, type ApiKeyScope } from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { API_KEY_REQUESTS_PER_MINUTE } from '../src/libraries/integrations/api-keys.ts';
import { hashSecret } from '../src/libraries/platform/secrets.ts';
import { deleteEnterpriseProducts, findProductsByCode } from '../src/queries/products.ts';
import { insertSession } from '../src/queries/sessions.ts';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { call, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const STALE_MS = (FRESH_PROOF_MINUTES + 1) * 60_000;

describe(`company API keys (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const makeKey = (token: string, body: { name: string; scopes: ApiKeyScope[]; expiresInDays?: number }) =>
    call(t.app, contract.createApiKey, { token, body });
  async function keyOf(token: string, scopes: ApiKeyScope[], name = 'HR sync') {
    const made = await makeKey(token, { name, scopes });
    expect(made.code, made.msg).toBe(0);
    return made.data as { key: string; apiKey: { id: number; prefix: string } };
  }
  const newMember = (n: string) => ({ account: `keyed.${n}`, nickname: `Keyed ${n}`, password: 'Staff2026x' });

  it('makes a key shown once, stored as a hash behind its visible prefix, and lists it', async () => {
    const a = await companyWithAdmin(t.app, 'Key Maker');
    const { key, apiKey } = await keyOf(a.token, ['members.read'], 'Payroll');
    expect(key).toMatch(/^pak_[a-z2-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.prefix).toBe(key.slice(0, 12));
    const row = await t.app.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(key.slice(13));
    expect(row.prefix).toBe(apiKey.prefix);
    const listed = await call(t.app, contract.apiKeys, { token: a.token });
    expect(listed.data.items).toEqual([
      {
        id: apiKey.id,
        name: 'Payroll',
        prefix: apiKey.prefix,
        scopes: ['members.read'],
        status: 'active',
        expiresAt: expect.any(String),
        lastUsedAt: null,
        createdAt: expect.any(String),
        createdBy: { userId: a.admin.id, nickname: 'Key Maker', account: a.admin.account },
      },
    ]);
    // the longest life unless asked: API_KEY_MAX_DAYS
    const days =
      (Date.parse(listed.data.items[0]!.expiresAt) - Date.parse(listed.data.items[0]!.createdAt)) / 86_400_000;
    expect(days).toBe(366);
    expect(JSON.stringify(listed.data)).not.toContain(key.slice(13));
  });

  it('a key with members.read lists members and departments and cannot change them; manage can', async () => {
    const a = await companyWithAdmin(t.app);
    const reader = await keyOf(a.token, ['members.read']);
    const listed = await call(t.app, contract.members, { token: reader.key });
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.items.map((m: { userId: number }) => m.userId)).toEqual([a.admin.id]);
    expect((await call(t.app, contract.departments, { token: reader.key })).code).toBe(0);
    for (const refused of [
      await call(t.app, contract.createMember, { token: reader.key, body: newMember('r') }),
      await call(t.app, contract.removeMember, { token: reader.key, body: { userId: a.admin.id } }),
      await call(t.app, contract.createDepartment, { token: reader.key, body: { name: 'Ops' } }),
      await call(t.app, contract.invitations, { token: reader.key }),
      await call(t.app, contract.companyEvents, { token: reader.key }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.code).toBe(ErrorCode.Forbidden);
    }
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('account', '=', 'keyed.r').execute()).toEqual([]);

    const manager = await keyOf(a.token, ['members.manage']);
    // manage includes reading
    expect((await call(t.app, contract.members, { token: manager.key })).code).toBe(0);
    const created = await call(t.app, contract.createMember, { token: manager.key, body: newMember('m') });
    expect(created.code, created.msg).toBe(0);
    const department = await call(t.app, contract.createDepartment, { token: manager.key, body: { name: 'Ops' } });
    expect(department.code, department.msg).toBe(0);
    const moved = await call(t.app, contract.updateMember, {
      token: manager.key,
      body: { userId: created.data.userId, departmentId: department.data.id },
    });
    expect(moved.code, moved.msg).toBe(0);

    const inviter = await keyOf(a.token, ['invitations.manage']);
    const link = await call(t.app, contract.createInvitation, { token: inviter.key, body: { kind: 'member' } });
    expect(link.code, link.msg).toBe(0);
    expect((await call(t.app, contract.invitations, { token: inviter.key })).data.items).toHaveLength(1);
  });

  it('takes a key as sessions are taken: any case of the Bearer scheme, or bare', async () => {
    const a = await companyWithAdmin(t.app);
    const { key } = await keyOf(a.token, ['members.read']);
    for (const authorization of [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key} `, key]) {
      const listed = await call(t.app, contract.members, { headers: { authorization } });
      expect(listed.code, authorization.slice(0, 8)).toBe(0);
    }
  });

  it('a key with events.read reads the feed of its company, and nothing else', async () => {
    const a = await companyWithAdmin(t.app);
    const manager = (await keyOf(a.token, ['members.manage'])).key;
    const created = await call(t.app, contract.createMember, { token: manager, body: newMember('feed') });
    expect(created.code, created.msg).toBe(0);
    const reader = (await keyOf(a.token, ['events.read'])).key;
    const feed = await call(t.app, contract.companyEvents, { token: reader });
    expect(feed.code, feed.msg).toBe(0);
    expect(feed.data.items).toContainEqual(
      expect.objectContaining({ type: 'member.joined', companyId: a.enterpriseId }),
    );
    expect((await call(t.app, contract.members, { token: reader })).code).toBe(ErrorCode.Forbidden);
  });

  it("a key of one company never sees or changes another's", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const other = await createUser(t.app);
    const key = (await keyOf(a.token, ['members.manage'])).key;
    const listed = await call(t.app, contract.members, { token: key });
    expect(listed.data.items.map((m: { userId: number }) => m.userId)).toEqual([a.admin.id]);
    const removed = await call(t.app, contract.removeMember, { token: key, body: { userId: b.admin.id } });
    expect(removed.code).toBe(ErrorCode.NotFound);
    const moved = await call(t.app, contract.updateMember, { token: key, body: { userId: other.id, role: 'admin' } });
    expect(moved.code).toBe(ErrorCode.NotFound);
    // nor its keys: revoking another company's key is 1000404
    const bKey = await keyOf(b.token, ['members.read']);
    expect((await call(t.app, contract.revokeApiKey, { token: a.token, body: { id: bKey.apiKey.id } })).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await call(t.app, contract.members, { token: bKey.key })).code).toBe(0);
  });

  it('a revoked key stops at once; an expired, unknown or tampered key is 1000401', async () => {
    const a = await companyWithAdmin(t.app);
    const { key, apiKey } = await keyOf(a.token, ['members.read']);
    expect((await call(t.app, contract.members, { token: key })).code).toBe(0);
    const revoked = await call(t.app, contract.revokeApiKey, { token: a.token, body: { id: apiKey.id } });
    expect(revoked.code, revoked.msg).toBe(0);
    const after = await call(t.app, contract.members, { token: key });
    expect([after.status, after.code]).toEqual([401, ErrorCode.Unauthorized]);
    // revoking twice changes nothing
    expect((await call(t.app, contract.revokeApiKey, { token: a.token, body: { id: apiKey.id } })).code).toBe(0);
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', 'like', 'api-key.%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['api-key.create', 'api-key.revoke']);

    const short = await makeKey(a.token, { name: 'Short', scopes: ['members.read'], expiresInDays: 1 });
    expect((await call(t.app, contract.members, { token: short.data.key })).code).toBe(0);
    t.clock.advance(86_400_000 + 1000);
    try {
      expect((await call(t.app, contract.members, { token: short.data.key })).code).toBe(ErrorCode.Unauthorized);
    } finally {
      t.clock.advance(-(86_400_000 + 1000));
    }
    const listed = await call(t.app, contract.apiKeys, { token: await freshToken(a.admin.account) });
    expect(listed.data.items.map((k: { status: string }) => k.status)).toEqual(['active', 'revoked']);

    const live = (await keyOf(a.token, ['members.read'])).key;
    const tampered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [tampered, `${live.slice(0, 12)}_${'x'.repeat(43)}`, 'pak_zzzzzzzz_short', 'pak_']) {
      const reply = await call(t.app, contract.members, { headers: { authorization: `Bearer ${wrong}` } });
      expect([reply.status, reply.code], wrong).toEqual([401, ErrorCode.Unauthorized]);
    }
  });

  const freshToken = (account: string) => tokenFor(t.app, account, PASSWORD);

  it('a key is never a session: every call without its scope answers 1009201', async () => {
    const a = await companyWithAdmin(t.app);
    const { key } = await keyOf(a.token, ['members.manage', 'events.read', 'invitations.manage']);
    for (const declaration of [
      contract.currentUser,
      contract.portalInfo,
      contract.apiKeys,
      contract.security,
      contract.auditEvents,
      contract.webhooks,
    ]) {
      const reply = await call(t.app, declaration, { token: key });
      expect([reply.status, reply.code], declaration.path).toEqual([200, ErrorCode.ApiKeyCallRefused]);
    }
    const made = await call(t.app, contract.createApiKey, {
      token: key,
      body: { name: 'Child', scopes: ['events.read'] },
    });
    expect(made.code).toBe(ErrorCode.ApiKeyCallRefused);
  });

  it('a session whose random token happens to start with pak_ is still a session', async () => {
    const a = await companyWithAdmin(t.app);
    // 43 base64url characters, as every session token: one in 64^4 starts with the keys' prefix
    const token = `pak_${randomBytes(30).toString('base64url').slice(0, 39)}`;
    const now = t.app.ctx.now();
    await insertSession(t.app.ctx.db, {
      user_id: a.admin.id,
      token_hash: hashSecret(token),
      enterprise_id: a.enterpriseId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + 3_600_000,
      revoked_at: null,
    });
    expect((await call(t.app, contract.currentUser, { token })).code).toBe(0);
    expect((await call(t.app, contract.members, { token })).code).toBe(0);
  });

  it('a company that lost the settings centre has its keys refused with 1000403', async () => {
    const a = await companyWithAdmin(t.app);
    const { key } = await keyOf(a.token, ['members.read']);
    const [settings] = await findProductsByCode(t.app.ctx.db, ['settcntr']);
    await deleteEnterpriseProducts(t.app.ctx.db, a.enterpriseId, [settings!.id]);
    expect((await call(t.app, contract.members, { token: key })).code).toBe(ErrorCode.Forbidden);
  });

  it('the audit log shows the key as the actor of a change made with it, and its last use', async () => {
    const a = await companyWithAdmin(t.app);
    const { key, apiKey } = await keyOf(a.token, ['members.manage'], 'HR system');
    const created = await call(t.app, contract.createMember, { token: key, body: newMember('audit') });
    expect(created.code, created.msg).toBe(0);
    const row = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', '=', 'member.create')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(JSON.parse(row.detail!).apiKey).toEqual({ id: apiKey.id, prefix: apiKey.prefix, name: 'HR system' });
    const log = await call(t.app, contract.auditEvents, { token: a.token, query: { action: 'member.create' } });
    expect(log.code, log.msg).toBe(0);
    expect(log.data.items[0]!.actor).toEqual({
      userId: null,
      nickname: 'HR system',
      apiKey: { id: apiKey.id, prefix: apiKey.prefix },
    });
    expect(log.data.items[0]!.detail!.memberName).toBe('Keyed audit');

    // the file names the key as the person, and the key's own making in words
    const file = await t.app.inject({
      method: 'GET',
      url: `${contract.auditEventsCsv.path}?timeZone=UTC`,
      headers: { authorization: `Bearer ${a.token}`, cookie: 'langCode=en-US' },
    });
    const csv = file.body.split('\r\n');
    expect(csv.find((line) => line.includes(',member.create,'))).toMatch(/^[^,]+,HR system,,/);
    expect(csv.find((line) => line.includes(',api-key.create,'))).toContain(`Created an API key,api-key.create,`);
    expect(csv.find((line) => line.includes(',api-key.create,'))).toContain(`Key: HR system (${apiKey.prefix})`);

    const lastUse = async () =>
      (
        await t.app.ctx.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', apiKey.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = await lastUse();
    expect(first).not.toBeNull();
    // written at most once a minute
    t.clock.advance(30_000);
    await call(t.app, contract.members, { token: key });
    expect(await lastUse()).toBe(first);
    t.clock.advance(31_000);
    await call(t.app, contract.members, { token: key });
    expect(Number(await lastUse())).toBeGreaterThan(Number(first));
  });

  it('each key has its own request rate', async () => {
    const a = await companyWithAdmin(t.app);
    const busy = (await keyOf(a.token, ['members.read'])).key;
    const quiet = (await keyOf(a.token, ['members.read'])).key;
    // each request from its own address: the per-address rate stays out of it
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const reply = await call(t.app, contract.departments, { token: busy });
      expect(reply.code, `request ${i}`).toBe(0);
    }
    const over = await call(t.app, contract.departments, { token: busy });
    expect([over.status, over.code]).toEqual([429, ErrorCode.TooManyAttempts]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t.app, contract.departments, { token: quiet })).code).toBe(0);
    // the administrator's own session is not held by the key's limit
    expect((await call(t.app, contract.departments, { token: a.token })).code).toBe(0);
  });

  it(`of concurrent creations at ${API_KEYS_MAX - 1} live keys exactly one gets through`, async () => {
    const a = await companyWithAdmin(t.app);
    for (let i = 0; i < API_KEYS_MAX - 1; i++) await keyOf(a.token, ['events.read'], `Key ${i}`);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => makeKey(a.token, { name: `Race ${i}`, scopes: ['events.read'] })),
    );
    const codes = replies.map((reply) => reply.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.ApiKeyLimit)).toHaveLength(29);
    const live = await t.app.ctx.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('enterprise_id', '=', a.enterpriseId)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(API_KEYS_MAX);
    // a revoked key frees its place
    const listed = await call(t.app, contract.apiKeys, { token: a.token });
    await call(t.app, contract.revokeApiKey, { token: a.token, body: { id: listed.data.items[0]!.id } });
    expect((await makeKey(a.token, { name: 'After', scopes: ['events.read'] })).code).toBe(0);
  });

  it('needs a fresh proof, and tells every administrator by email', async () => {
    const other = await createUser(t.app, { langCode: 'en-US' });
    const a = await companyWithAdmin(t.app, 'Stale Admin');
    await t.app.ctx.db
      .insertInto('memberships')
      .values({
        enterprise_id: a.enterpriseId,
        user_id: other.id,
        role: 'admin',
        department_id: a.defaultDepartmentId,
        joined_at: t.app.ctx.now(),
      })
      .execute();
    t.clock.advance(STALE_MS);
    try {
      const stale = await makeKey(a.token, { name: 'Late', scopes: ['members.read'] });
      expect(stale.code).toBe(ErrorCode.ReauthenticationRequired);
      expect(
        await t.app.ctx.db.selectFrom('api_keys').select('id').where('enterprise_id', '=', a.enterpriseId).execute(),
      ).toEqual([]);
      const proved = await call(t.app, contract.reauthenticate, {
        token: a.token,
        body: { password: PASSWORD },
      });
      expect(proved.code, proved.msg).toBe(0);
      const made = await makeKey(a.token, { name: 'Late', scopes: ['members.read'] });
      expect(made.code, made.msg).toBe(0);
      // the notices are due at the moved clock's time
      await t.app.messenger.idle();
    } finally {
      t.clock.advance(-STALE_MS);
    }
    const told = async (to: string) =>
      (
        (await call(t.app, contract.devOutbox, { query: { to } })).data as {
          subject: string;
          text: string;
        }[]
      ).filter((m) => m.subject === translate('en-US', 'notices.subject') || m.text.includes('Late'));
    const notice = (await told(other.email!)).map((m) => m.text);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain('"Late"');
    expect(await told(a.admin.email!)).toHaveLength(1);
  });
});
