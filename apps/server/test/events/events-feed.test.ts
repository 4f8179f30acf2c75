import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { CompanyEvent, EventType } from '@portal/shared/api/integrations';
import { grantProducts, revokeProducts } from '../../src/libraries/company/product-rights.ts';
import { recordEvent } from '../../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { encodeCursor } from '../../src/libraries/platform/cursor.ts';
import { insertClient } from '../../src/queries/openid.ts';
import { call } from '../support/http.ts';
import { companyWithAdmin } from '../support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

/** The feed of a company's events: paged by a cursor that never runs out, filtered by type, the
 *  company's own only; and the outbox rows its endpoints get, written with the event. */
describe(`the events feed (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const page = (token: string, query: Record<string, string | number> = {}) =>
    call(t.app, contract.companyEvents, { token, query });
  const invite = (token: string) =>
    call(t.app, contract.createInvitation, { token, body: { kind: 'member', maxUses: 1 } });
  const saveNames = (token: string) =>
    call(t.app, contract.savePersonalization, {
      token,
      body: { platformName: 'P', platformNameCn: '门户', platformNameEn: 'P', languageType: 'zh-CN' },
    });
  const idsOf = (items: CompanyEvent[]) => items.map((item) => item.id);
  const stored = (enterpriseId: number) =>
    t.app.ctx.db
      .selectFrom('events')
      .select(['id', 'public_id', 'type'])
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('id')
      .execute();

  it('an empty feed answers a cursor from the start, which later brings the first events', async () => {
    const a = await companyWithAdmin(t.app);
    const empty = await page(a.token);
    expect(empty.code, empty.msg).toBe(0);
    expect(empty.data).toEqual({ items: [], nextCursor: expect.any(String) });
    expect((await invite(a.token)).code).toBe(0);
    const later = await page(a.token, { cursor: empty.data.nextCursor });
    expect(later.data.items.map((item: CompanyEvent) => item.type)).toEqual(['invitation.created']);
    // after the newest event the cursor stays where it is
    const after = await page(a.token, { cursor: later.data.nextCursor });
    expect(after.data).toEqual({ items: [], nextCursor: later.data.nextCursor });
  });

  it('pages oldest first while events are being added: none repeats, none is skipped', async () => {
    const a = await companyWithAdmin(t.app);
    const writes = 24;
    let writing = true;
    const writer = (async () => {
      // in pairs at once, so that changes overlap each other as well as the reads
      for (let i = 0; i < writes; i += 2) {
        const made = await Promise.all([invite(a.token), saveNames(a.token)]);
        expect(made.map((reply) => reply.code)).toEqual([0, 0]);
      }
      writing = false;
    })();
    const seen: CompanyEvent[] = [];
    let cursor: string | undefined;
    for (;;) {
      const stillWriting = writing;
      const next = await page(a.token, { pageSize: 3, ...(cursor ? { cursor } : {}) });
      expect(next.code, next.msg).toBe(0);
      expect(next.data.items.length).toBeLessThanOrEqual(3);
      seen.push(...next.data.items);
      cursor = next.data.nextCursor;
      // an empty page read after the last write has committed: the reader has caught up
      if (!stillWriting && next.data.items.length === 0) break;
      if (next.data.items.length === 0) await sleep(1);
    }
    await writer;
    expect(seen.length).toBe(writes);
    expect(new Set(idsOf(seen)).size).toBe(writes);
    expect(idsOf(seen)).toEqual((await stored(a.enterpriseId)).map((row) => row.public_id));
  });

  it('keeps one event type when asked; the cursor then skips the others', async () => {
    const a = await companyWithAdmin(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await invite(a.token)).code).toBe(0);
      expect((await saveNames(a.token)).code).toBe(0);
    }
    const first = await page(a.token, { type: 'company.branding_changed', pageSize: 2 });
    expect(first.data.items.map((item: CompanyEvent) => item.type)).toEqual(Array(2).fill('company.branding_changed'));
    const second = await page(a.token, { type: 'company.branding_changed', cursor: first.data.nextCursor });
    expect(second.data.items.map((item: CompanyEvent) => item.type)).toEqual(['company.branding_changed']);
    const all = await page(a.token);
    expect(all.data.items.map((item: CompanyEvent) => item.type)).toEqual(
      Array(3).fill(['invitation.created', 'company.branding_changed']).flat(),
    );
    expect((await page(a.token, { type: 'member.nonsense' })).code).toBe(1000400);
  });

  it("never shows another company's events, whatever the cursor", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    expect((await invite(a.token)).code).toBe(0);
    expect((await invite(b.token)).code).toBe(0);
    expect((await invite(a.token)).code).toBe(0);
    const ofA = (await page(a.token)).data.items as CompanyEvent[];
    const ofB = (await page(b.token)).data.items as CompanyEvent[];
    expect(ofA.map((item) => item.companyId)).toEqual([a.enterpriseId, a.enterpriseId]);
    expect(ofB.map((item) => item.companyId)).toEqual([b.enterpriseId]);
    // a cursor made before the other company's event still reads only one's own
    const fromStart = await page(b.token, { cursor: encodeCursor([0]) });
    expect(idsOf(fromStart.data.items)).toEqual(idsOf(ofB));
  });

  it('refuses a cursor the server did not make, with fields.cursor', async () => {
    const a = await companyWithAdmin(t.app);
    for (const cursor of ['nonsense', encodeCursor([1, 2]), Buffer.from('[1.5]').toString('base64url')]) {
      const refused = await page(a.token, { cursor });
      expect([refused.code, refused.data?.fields]).toEqual([1000400, { cursor: 'validation.invalidValue' }]);
    }
    expect((await page(a.token, { pageSize: 201 })).code).toBe(1000400);
  });

  it("writes one outbox row per event for each live endpoint of the event's type, with the change", async () => {
    const a = await companyWithAdmin(t.app);
    const b = await companyWithAdmin(t.app);
    const now = t.app.ctx.now();
    const endpoint = async (enterpriseId: number, types: EventType[], disabled = false) => {
      const row = await t.app.ctx.db
        .insertInto('webhook_endpoints')
        .values({
          enterprise_id: enterpriseId,
          client_id: null,
          // nobody listens there: what matters here is the rows written, not their delivery
          url: 'https://receiver.invalid/hook',
          description: null,
          event_types: JSON.stringify(types),
          secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
          previous_secret: null,
          previous_secret_until: null,
          disabled_at: disabled ? now : null,
          disabled_reason: disabled ? 'manual' : null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const members = await endpoint(a.enterpriseId, ['member.joined', 'invitation.created']);
    const everything = await endpoint(a.enterpriseId, [
      'member.joined',
      'invitation.created',
      'company.branding_changed',
    ]);
    await endpoint(a.enterpriseId, ['member.joined', 'invitation.created'], true);
    await endpoint(b.enterpriseId, ['member.joined', 'invitation.created']);
    const rowsOf = async () =>
      t.app.ctx.db
        .selectFrom('outbox')
        .innerJoin('events', 'events.id', 'outbox.event_id')
        .select(['outbox.endpoint_id', 'events.type', 'outbox.topic', 'outbox.ordering_key'])
        .where('events.enterprise_id', 'in', [a.enterpriseId, b.enterpriseId])
        .orderBy('outbox.id')
        .execute();

    const account = `Outbox.${Date.now()}`;
    const member = { account, nickname: 'Outbox Person', password: 'Staff2026x' };
    expect((await call(t.app, contract.createMember, { token: a.token, body: member })).code).toBe(0);
    expect((await invite(a.token)).code).toBe(0);
    expect((await saveNames(a.token)).code).toBe(0);
    // rolled back: the account name is taken; neither an event nor a delivery
    const taken = await call(t.app, contract.createMember, { token: a.token, body: member });
    expect(taken.code).toBe(1000400);

    const webhook = (endpointId: number, type: EventType) => ({
      endpoint_id: endpointId,
      type,
      topic: 'webhook',
      ordering_key: `endpoint:${endpointId}`,
    });
    expect(await rowsOf()).toEqual([
      webhook(members, 'member.joined'),
      webhook(everything, 'member.joined'),
      webhook(members, 'invitation.created'),
      webhook(everything, 'invitation.created'),
      webhook(everything, 'company.branding_changed'),
    ]);
    expect((await stored(a.enterpriseId)).map((row) => row.type)).toEqual([
      'member.joined',
      'invitation.created',
      'company.branding_changed',
    ]);

    // an event whose transaction rolls back leaves no delivery behind either
    await expect(
      companyTransaction(t.app.ctx, [a.enterpriseId], async (trx) => {
        await recordEvent(t.app.ctx, trx, {
          enterpriseId: a.enterpriseId,
          type: 'invitation.revoked',
          data: { invitationId: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf()).toHaveLength(5);
    expect(await stored(a.enterpriseId)).toHaveLength(3);
  });

  it("a product's endpoint hears of the companies holding the product, and of one losing it", async () => {
    const holder = await companyWithAdmin(t.app);
    const other = await companyWithAdmin(t.app);
    await grantProducts(t.app.ctx, holder.domain, ['esguard']);
    const now = t.app.ctx.now();
    const clientId = `events-${now}`;
    await insertClient(t.app.ctx.db, {
      client_id: clientId,
      product_code: 'esguard',
      name: 'Energy storage guard',
      secret_hash: null,
      auth_method: 'none',
      redirect_uris: '[]',
      post_logout_redirect_uris: '[]',
      backchannel_logout_uri: null,
      first_party: 1,
      resources: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    });
    const { id: endpointId } = await t.app.ctx.db
      .insertInto('webhook_endpoints')
      .values({
        enterprise_id: null,
        client_id: clientId,
        url: 'https://product.invalid/hook',
        description: null,
        event_types: JSON.stringify(['invitation.created', 'company.product_rights_changed']),
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
        previous_secret: null,
        previous_secret_until: null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const heard = () =>
      t.app.ctx.db
        .selectFrom('outbox')
        .innerJoin('events', 'events.id', 'outbox.event_id')
        .select(['events.enterprise_id as companyId', 'events.type'])
        .where('outbox.endpoint_id', '=', endpointId)
        .orderBy('outbox.id')
        .execute();

    expect((await invite(holder.token)).code).toBe(0);
    expect((await invite(other.token)).code).toBe(0);
    await revokeProducts(t.app.ctx, holder.domain, ['esguard']);
    // the company no longer holds the product: the product hears no more of it
    expect((await invite(holder.token)).code).toBe(0);
    expect(await heard()).toEqual([
      { companyId: holder.enterpriseId, type: 'invitation.created' },
      { companyId: holder.enterpriseId, type: 'company.product_rights_changed' },
    ]);
  });

  if (ENGINE === 'postgres') {
    it('a reader past a later event still gets one that commits after it (postgres)', async () => {
      const a = await companyWithAdmin(t.app);
      const start = await page(a.token);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let recorded!: () => void;
      const written = new Promise<void>((resolve) => (recorded = resolve));
      // a change whose event is written first but commits last
      const slow = companyTransaction(t.app.ctx, [a.enterpriseId], async (trx) => {
        await recordEvent(t.app.ctx, trx, {
          enterpriseId: a.enterpriseId,
          type: 'invitation.revoked',
          data: { invitationId: 1 },
        });
        recorded();
        await held;
      });
      await written;
      const quick = invite(a.token);
      // the quick change waits for the slow one's commit, or commits meanwhile: the feed is right either way
      await Promise.race([quick, sleep(500)]);
      const between = await page(a.token, { cursor: start.data.nextCursor });
      commit();
      await slow;
      expect((await quick).code).toBe(0);
      const rest = await page(a.token, { cursor: between.data.nextCursor });
      const types = [...between.data.items, ...rest.data.items].map((item: CompanyEvent) => item.type);
      expect(types).toEqual(['invitation.revoked', 'invitation.created']);
    });
  }
});
