import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from './support/fixtures.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`scheduled purge (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // every 60 ms instead of every hour, and audit events kept for 10 days
    t = await startTestApp({ PURGE_INTERVAL_MINUTES: '0.001', AUDIT_RETENTION_DAYS: '10' });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  it('deletes audit events past their retention and ended sessions on its own, while the app runs', async () => {
    const db = t.app.ctx.db;
    const day = 86_400_000;
    const now = Date.now();
    const event = { action: 'logout', user_id: null, enterprise_id: null, ip: null, detail: null };
    await db
      .insertInto('audit_events')
      .values([
        { ...event, at: now - 11 * day },
        { ...event, at: now - 9 * day },
      ])
      .execute();
    const ages = () => db.selectFrom('audit_events').select('at').execute();
    await expect.poll(ages, { timeout: 3_000 }).toEqual([{ at: now - 9 * day }]);
  });

  it("keeps companies' events and the outbox rows done with as long as the audit log; waiting rows stay", async () => {
    const db = t.app.ctx.db;
    const day = 86_400_000;
    const now = Date.now();
    const event = { enterprise_id: 0, type: 'member.joined' as const, version: 1, data: '{}' };
    await db
      .insertInto('events')
      .values([
        { ...event, public_id: 'evt_retention-old', at: now - 11 * day },
        { ...event, public_id: 'evt_retention-kept', at: now - 9 * day },
      ])
      .execute();
    const row = {
      topic: 'webhook' as const,
      payload: '{}',
      attempts: 1,
      created_at: now - 40 * day,
      // not due before the test ends: no worker takes the waiting one
      next_at: now + day,
    };
    await db
      .insertInto('outbox')
      .values([
        { ...row, ordering_key: 'retention:delivered-old', state: 'delivered', done_at: now - 11 * day },
        { ...row, ordering_key: 'retention:dead-old', state: 'dead', done_at: now - 12 * day },
        { ...row, ordering_key: 'retention:delivered-kept', state: 'delivered', done_at: now - 9 * day },
        { ...row, ordering_key: 'retention:waiting', state: 'pending', done_at: null },
      ])
      .execute();
    const events = () =>
      db.selectFrom('events').select('public_id').where('public_id', 'like', 'evt_retention-%').execute();
    const outbox = () =>
      db
        .selectFrom('outbox')
        .select('ordering_key')
        .where('ordering_key', 'like', 'retention:%')
        .orderBy('id')
        .execute();
    await expect.poll(events, { timeout: 3_000 }).toEqual([{ public_id: 'evt_retention-kept' }]);
    await expect
      .poll(outbox, { timeout: 3_000 })
      .toEqual([{ ordering_key: 'retention:delivered-kept' }, { ordering_key: 'retention:waiting' }]);
  });

  it('deletes the API keys that ended longer ago than the audit retention, and keeps the others', async () => {
    const db = t.app.ctx.db;
    const day = 86_400_000;
    const now = Date.now();
    const { enterpriseId } = await createCompany(t.app);
    const key = {
      enterprise_id: enterpriseId,
      secret_hash: 'x',
      scopes: '["members.read"]',
      created_at: now - 400 * day,
    };
    await db
      .insertInto('api_keys')
      .values([
        { ...key, name: 'revoked long ago', prefix: 'pak_retent01', expires_at: now + day, revoked_at: now - 11 * day },
        { ...key, name: 'expired long ago', prefix: 'pak_retent02', expires_at: now - 12 * day, revoked_at: null },
        { ...key, name: 'revoked lately', prefix: 'pak_retent03', expires_at: now + day, revoked_at: now - 9 * day },
        { ...key, name: 'expired lately', prefix: 'pak_retent04', expires_at: now - 9 * day, revoked_at: null },
        { ...key, name: 'live', prefix: 'pak_retent05', expires_at: now + day, revoked_at: null },
      ])
      .execute();
    const names = () =>
      db.selectFrom('api_keys').select('name').where('prefix', 'like', 'pak_retent%').orderBy('prefix').execute();
    await expect
      .poll(names, { timeout: 3_000 })
      .toEqual([{ name: 'revoked lately' }, { name: 'expired lately' }, { name: 'live' }]);
  });
});
