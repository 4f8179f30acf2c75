import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { type CallDeclaration, paramNamesOf, sessionNeedOf } from '@portal/shared/api/contract/define';
import { API_KEY_SCOPES, type ApiKeyScope } from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { PASSWORD, createUser } from './support/fixtures.ts';
import { type Reply, call, tokenFor } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

type Company = Awaited<ReturnType<typeof companyWithAdmin>>;

/** The calls a company API key reaches, and the scopes that reach each: written out, not read from
 *  the contract, so that a scope given to another call shows here as a failure. */
const REACHED_BY: Record<string, readonly ApiKeyScope[]> = {
  members: ['members.read', 'members.manage'],
  departments: ['members.read', 'members.manage'],
  createMember: ['members.manage'],
  updateMember: ['members.manage'],
  removeMember: ['members.manage'],
  createDepartment: ['members.manage'],
  renameDepartment: ['members.manage'],
  deleteDepartment: ['members.manage'],
  invitations: ['invitations.manage'],
  createInvitation: ['invitations.manage'],
  revokeInvitation: ['invitations.manage'],
  companyEvents: ['events.read'],
  sites: ['sites.read', 'sites.manage'],
  site: ['sites.read', 'sites.manage'],
  createSite: ['sites.manage'],
  updateSite: ['sites.manage'],
  retireSite: ['sites.manage'],
};

const declarationOf = (name: string) => (contract as Record<string, CallDeclaration>)[name]!;

describe(`what a company API key may do, by scope (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  let sequence = 0;
  const newMember = () => {
    const n = ++sequence;
    return { account: `scoped.${n}`, nickname: `Scoped ${n}`, password: 'Staff2026x' };
  };

  async function keyOf(token: string, scopes: ApiKeyScope[], name = 'Integration') {
    const made = await call(t.app, contract.createApiKey, { token, body: { name, scopes } });
    expect(made.code, made.msg).toBe(0);
    return made.data as { key: string; apiKey: { id: number; prefix: string } };
  }

  /** A member made by the administrator's session, for a key to change. */
  async function member(a: Company, role: 'admin' | 'member' = 'member') {
    const made = await call(t.app, contract.createMember, { token: a.token, body: { ...newMember(), role } });
    expect(made.code, made.msg).toBe(0);
    return made.data.userId as number;
  }

  const newSite = () => ({
    name: `Site ${++sequence}`,
    kind: 'pv',
    region: 'CN-GD',
    timeZone: 'Asia/Shanghai',
    productCodes: ['settcntr'],
  });

  /** A site made by the administrator's session, for a key to read, change or retire. */
  async function site(a: Company) {
    const made = await call(t.app, contract.createSite, { token: a.token, body: newSite() });
    expect(made.code, made.msg).toBe(0);
    return made.data.siteId as string;
  }

  async function department(a: Company) {
    const made = await call(t.app, contract.createDepartment, {
      token: a.token,
      body: { name: `Dept ${++sequence}` },
    });
    expect(made.code, made.msg).toBe(0);
    return made.data.id as number;
  }

  /** A request each call would take from the administrator: made anew for each try, so that what one
   *  try changed never decides the next. */
  const requests: Record<string, (a: Company) => Promise<{ body?: unknown; query?: Record<string, string> }>> = {
    members: async () => ({}),
    departments: async () => ({}),
    createMember: async () => ({ body: newMember() }),
    updateMember: async (a) => ({ body: { userId: await member(a), departmentId: await department(a) } }),
    removeMember: async (a) => ({ body: { userId: await member(a) } }),
    createDepartment: async () => ({ body: { name: `Dept ${++sequence}` } }),
    renameDepartment: async (a) => ({ body: { id: await department(a), name: `Renamed ${++sequence}` } }),
    deleteDepartment: async (a) => ({ body: { id: await department(a) } }),
    invitations: async () => ({}),
    createInvitation: async () => ({ body: { kind: 'member' } }),
    revokeInvitation: async (a) => {
      const link = await call(t.app, contract.createInvitation, { token: a.token, body: { kind: 'member' } });
      expect(link.code, link.msg).toBe(0);
      return { body: { id: link.data.invitationId } };
    },
    companyEvents: async () => ({}),
    sites: async () => ({}),
    site: async (a) => ({ query: { siteId: await site(a) } }),
    createSite: async () => ({ body: newSite() }),
    updateSite: async (a) => ({ body: { siteId: await site(a), region: 'CN-SH' } }),
    retireSite: async (a) => ({ body: { siteId: await site(a) } }),
  };

  const auditRows = async (enterpriseId: number) =>
    (
      await t.app.ctx.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirstOrThrow()
    ).n;

  it('the table names every call a key reaches, and only those', () => {
    const reached = Object.entries(contract)
      .filter(([, declaration]) => (declaration as CallDeclaration).apiKey !== undefined)
      .map(([name]) => name);
    expect(reached.sort()).toEqual(Object.keys(REACHED_BY).sort());
  });

  it('each scope makes each call a key reaches, or is refused with 1000403 and changes nothing', async () => {
    const a = await companyWithAdmin(t.app);
    const keys = Object.fromEntries(
      await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, (await keyOf(a.token, [scope], scope)).key])),
    ) as Record<ApiKeyScope, string>;
    const answers: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const [name, scopes] of Object.entries(REACHED_BY)) {
      answers[name] = {};
      expected[name] = {};
      for (const scope of API_KEY_SCOPES) {
        const request = await requests[name]!(a);
        const before = await auditRows(a.enterpriseId);
        const reply = await call(t.app, declarationOf(name), { token: keys[scope], ...request });
        answers[name][scope] = reply.code;
        expected[name][scope] = scopes.includes(scope) ? 0 : ErrorCode.Forbidden;
        if (reply.code !== 0) {
          expect(reply.status, `${name} with ${scope}`).toBe(403);
          expect(await auditRows(a.enterpriseId), `${name} with ${scope}`).toBe(before);
        }
      }
    }
    expect(answers).toEqual(expected);
  });

  it('a key never reaches a call that names no scope: 1009201 in the language of the request', async () => {
    const a = await companyWithAdmin(t.app);
    const { key } = await keyOf(a.token, [...API_KEY_SCOPES]);
    const refused: string[] = [];
    for (const [name, declaration] of Object.entries(contract) as [string, CallDeclaration][]) {
      if (!sessionNeedOf(declaration) || declaration.apiKey) continue;
      const params = Object.fromEntries(paramNamesOf(declaration).map((param) => [param, 'x']));
      const reply = await call(t.app, declaration, { token: key, params });
      expect([reply.status, reply.code], name).toEqual([200, ErrorCode.ApiKeyCallRefused]);
      refused.push(name);
    }
    // among them the keys themselves, security, webhooks, branding and the person's own calls
    expect(refused).toEqual(
      expect.arrayContaining([
        'currentUser',
        'apiKeys',
        'createApiKey',
        'revokeApiKey',
        'security',
        'saveSecurity',
        'webhooks',
        'createWebhook',
        'savePersonalization',
        'resetIcon',
        'auditEvents',
      ]),
    );
    for (const lang of ['en-US', 'de-DE'] as const) {
      const reply = await call(t.app, contract.currentUser, { token: key, headers: { cookie: `langCode=${lang}` } });
      expect(reply.code).toBe(ErrorCode.ApiKeyCallRefused);
      expect(reply.msg).toBe(translate(lang, `errors.${ErrorCode.ApiKeyCallRefused}`));
      expect(reply.msg).not.toBe(translate(lang, `errors.${ErrorCode.Unauthorized}`));
    }
    // a key that is no key at all says so whatever the call: the refusal tells nothing of the key
    const unknown = await call(t.app, contract.currentUser, { token: `${key.slice(0, 12)}_${'x'.repeat(43)}` });
    expect(unknown.code).toBe(ErrorCode.ApiKeyCallRefused);
  });

  it('a key with members.manage neither grants nor takes the administrator role (1009200)', async () => {
    const a = await companyWithAdmin(t.app, 'Key Creator');
    const other = await member(a, 'admin');
    const plain = await member(a);
    const { key } = await keyOf(a.token, ['members.manage']);
    const before = await auditRows(a.enterpriseId);
    const tries: [string, Promise<Reply>][] = [
      [
        'create an administrator',
        call(t.app, contract.createMember, { token: key, body: { ...newMember(), role: 'admin' } }),
      ],
      ['promote a member', call(t.app, contract.updateMember, { token: key, body: { userId: plain, role: 'admin' } })],
      [
        'demote another administrator',
        call(t.app, contract.updateMember, { token: key, body: { userId: other, role: 'member' } }),
      ],
      [
        'demote its creator',
        call(t.app, contract.updateMember, { token: key, body: { userId: a.admin.id, role: 'member' } }),
      ],
      [
        'move an administrator',
        call(t.app, contract.updateMember, {
          token: key,
          body: { userId: other, departmentId: a.defaultDepartmentId },
        }),
      ],
      ['remove another administrator', call(t.app, contract.removeMember, { token: key, body: { userId: other } })],
      ['remove its creator', call(t.app, contract.removeMember, { token: key, body: { userId: a.admin.id } })],
    ];
    for (const [what, reply] of tries) {
      const answer = await reply;
      expect([answer.status, answer.code], what).toEqual([200, ErrorCode.ApiKeyAdministratorRefused]);
      expect(answer.msg, what).toBe(translate('zh-CN', `errors.${ErrorCode.ApiKeyAdministratorRefused}`));
    }
    expect(await auditRows(a.enterpriseId)).toBe(before);
    const roles = await t.app.ctx.db
      .selectFrom('memberships')
      .select(['user_id', 'role'])
      .where('enterprise_id', '=', a.enterpriseId)
      .orderBy('user_id')
      .execute();
    expect(roles).toEqual([
      { user_id: a.admin.id, role: 'admin' },
      { user_id: other, role: 'admin' },
      { user_id: plain, role: 'member' },
    ]);
    // members stay the key's to manage: a member role said again, a member moved and removed
    expect(
      (await call(t.app, contract.createMember, { token: key, body: { ...newMember(), role: 'member' } })).code,
    ).toBe(0);
    expect(
      (await call(t.app, contract.updateMember, { token: key, body: { userId: plain, role: 'member' } })).code,
    ).toBe(0);
    expect((await call(t.app, contract.removeMember, { token: key, body: { userId: plain } })).code).toBe(0);
  });

  /** Two administrators, each with keys; the first one's keys are to end. */
  async function twoAdministrators() {
    const a = await companyWithAdmin(t.app, 'Leaving Admin');
    const stayer = await createUser(t.app, { nickname: 'Staying Admin' });
    await t.app.ctx.db
      .insertInto('memberships')
      .values({
        enterprise_id: a.enterpriseId,
        user_id: stayer.id,
        role: 'admin',
        department_id: a.defaultDepartmentId,
        joined_at: t.app.ctx.now(),
      })
      .execute();
    const stayerToken = await tokenFor(t.app, stayer.account, PASSWORD);
    const leaving = [await keyOf(a.token, ['members.manage'], 'HR'), await keyOf(a.token, ['events.read'], 'BI')];
    const staying = await keyOf(stayerToken, ['members.read'], 'Payroll');
    for (const { key } of [...leaving, staying])
      expect((await call(t.app, contract.departments, { token: key })).code).not.toBe(ErrorCode.Unauthorized);
    return { a, stayer, stayerToken, leaving, staying };
  }

  async function expectEnded(setup: Awaited<ReturnType<typeof twoAdministrators>>) {
    const { a, stayer, stayerToken, leaving, staying } = setup;
    for (const { key } of leaving) {
      const reply = await call(t.app, contract.members, { token: key });
      expect([reply.status, reply.code]).toEqual([401, ErrorCode.Unauthorized]);
    }
    expect((await call(t.app, contract.members, { token: staying.key })).code).toBe(0);
    const listed = await call(t.app, contract.apiKeys, { token: stayerToken });
    expect(listed.code, listed.msg).toBe(0);
    expect(
      listed.data.items.map((k: { name: string; status: string; createdBy: unknown }) => [
        k.name,
        k.status,
        k.createdBy,
      ]),
    ).toEqual([
      ['Payroll', 'active', { userId: stayer.id, nickname: 'Staying Admin', account: stayer.account }],
      ['BI', 'revoked', { userId: a.admin.id, nickname: 'Leaving Admin', account: a.admin.account }],
      ['HR', 'revoked', { userId: a.admin.id, nickname: 'Leaving Admin', account: a.admin.account }],
    ]);
    const revocations = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('enterprise_id', '=', a.enterpriseId)
      .where('action', '=', 'api-key.revoke')
      .orderBy('id')
      .execute();
    expect(revocations.map((row) => ({ userId: row.user_id, ...JSON.parse(row.detail!) }))).toEqual(
      leaving.map(({ apiKey }) => ({
        userId: stayer.id,
        keyId: apiKey.id,
        prefix: apiKey.prefix,
        name: apiKey.id === leaving[0]!.apiKey.id ? 'HR' : 'BI',
        reason: 'creatorNotAdministrator',
      })),
    );
  }

  it("a key ends with its creator's demotion, in the same change", async () => {
    const setup = await twoAdministrators();
    const demoted = await call(t.app, contract.updateMember, {
      token: setup.stayerToken,
      body: { userId: setup.a.admin.id, role: 'member' },
    });
    expect(demoted.code, demoted.msg).toBe(0);
    await expectEnded(setup);
    // the audit log says why, in words
    const file = await t.app.inject({
      method: 'GET',
      url: `${contract.auditEventsCsv.path}?timeZone=UTC`,
      headers: { authorization: `Bearer ${setup.stayerToken}`, cookie: 'langCode=en-US' },
    });
    const revoked = file.body.split('\r\n').filter((line) => line.includes(',api-key.revoke,'));
    expect(revoked).toHaveLength(2);
    for (const line of revoked) expect(line).toContain('its creator is no longer an administrator');
    // promoted again, the person's old keys stay revoked
    const promoted = await call(t.app, contract.updateMember, {
      token: setup.stayerToken,
      body: { userId: setup.a.admin.id, role: 'admin' },
    });
    expect(promoted.code, promoted.msg).toBe(0);
    expect((await call(t.app, contract.members, { token: setup.leaving[0]!.key })).code).toBe(ErrorCode.Unauthorized);
  });

  it("a key ends with its creator's removal from the company", async () => {
    const setup = await twoAdministrators();
    const removed = await call(t.app, contract.removeMember, {
      token: setup.stayerToken,
      body: { userId: setup.a.admin.id },
    });
    expect(removed.code, removed.msg).toBe(0);
    await expectEnded(setup);
  });

  it('a refused demotion ends no key', async () => {
    const a = await companyWithAdmin(t.app);
    const { key } = await keyOf(a.token, ['members.read']);
    const last = await call(t.app, contract.updateMember, {
      token: a.token,
      body: { userId: a.admin.id, role: 'member' },
    });
    expect(last.code).toBe(ErrorCode.Forbidden);
    expect((await call(t.app, contract.members, { token: key })).code).toBe(0);
  });

  it('the gate refuses a key whose creator is no administrator, however that came about', async () => {
    const setup = await twoAdministrators();
    const [hr, bi] = setup.leaving;
    // a change the settings centre did not make: the role changed under the key
    await t.app.ctx.db
      .updateTable('memberships')
      .set({ role: 'member' })
      .where('enterprise_id', '=', setup.a.enterpriseId)
      .where('user_id', '=', setup.a.admin.id)
      .execute();
    expect((await call(t.app, contract.members, { token: hr!.key })).code).toBe(ErrorCode.Unauthorized);
    await t.app.ctx.db
      .updateTable('memberships')
      .set({ role: 'admin' })
      .where('enterprise_id', '=', setup.a.enterpriseId)
      .where('user_id', '=', setup.a.admin.id)
      .execute();
    expect((await call(t.app, contract.members, { token: hr!.key })).code).toBe(0);
    // the account gone: disabled, or deleted
    await t.app.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', setup.a.admin.id).execute();
    expect((await call(t.app, contract.members, { token: hr!.key })).code).toBe(ErrorCode.Unauthorized);
    await t.app.ctx.db.updateTable('users').set({ disabled: 0 }).where('id', '=', setup.a.admin.id).execute();
    await t.app.ctx.db.updateTable('api_keys').set({ created_by: null }).where('id', '=', bi!.apiKey.id).execute();
    const orphan = await call(t.app, contract.companyEvents, { token: bi!.key });
    expect([orphan.status, orphan.code]).toEqual([401, ErrorCode.Unauthorized]);
    expect((await call(t.app, contract.members, { token: setup.staying.key })).code).toBe(0);
  });

  it('tells a phone-only administrator of a new key by SMS', async () => {
    const owner = await createUser(t.app, { email: null, langCode: 'en-US' });
    const a = await companyWithAdmin(t.app);
    await t.app.ctx.db
      .insertInto('memberships')
      .values({
        enterprise_id: a.enterpriseId,
        user_id: owner.id,
        role: 'admin',
        department_id: a.defaultDepartmentId,
        joined_at: t.app.ctx.now(),
      })
      .execute();
    await keyOf(a.token, ['members.read'], 'Phone notice');
    await t.app.messenger.idle();
    const outbox = await call(t.app, contract.devOutbox, { query: { to: owner.phone! } });
    const texts = (outbox.data as { channel: string; text: string }[]).map((m) => m.text);
    expect(texts.filter((text) => text.includes('"Phone notice"'))).toHaveLength(1);
  });
});
