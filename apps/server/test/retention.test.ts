import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
