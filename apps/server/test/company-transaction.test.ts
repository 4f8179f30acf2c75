import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { recordEvent } from '../src/libraries/integrations/events/record-event.ts';
import { companyTransaction, lockCompanies } from '../src/libraries/platform/company-transaction.ts';
import { seal } from '../src/libraries/platform/secrets.ts';
import { createCompany } from './support/fixtures.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** How a change of a company is opened: its companies' locks first and in id order, its events only
 *  under the lock, and the outbox told of its rows once they can be seen. */
describe(`a company's transaction (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const event = (enterpriseId: number) =>
    ({ enterpriseId, type: 'invitation.revoked', data: { invitationId: 1 } }) as const;

  it('refuses an event of a company whose lock the transaction does not hold', async () => {
    const a = await createCompany(t.app);
    const b = await createCompany(t.app);
    await expect(
      companyTransaction(t.app.ctx, [a.enterpriseId], (trx) => recordEvent(t.app.ctx, trx, event(b.enterpriseId))),
    ).rejects.toThrow(`company ${b.enterpriseId} is changed without its lock`);
    await expect(
      t.app.ctx.db.transaction().execute((trx) => recordEvent(t.app.ctx, trx, event(a.enterpriseId))),
    ).rejects.toThrow('without its lock');
  });

  it('takes several companies in id order, and refuses one below a company it holds', async () => {
    const low = await createCompany(t.app);
    const high = await createCompany(t.app);
    await companyTransaction(t.app.ctx, [high.enterpriseId, low.enterpriseId], async (trx) => {
      await recordEvent(t.app.ctx, trx, event(low.enterpriseId));
      await recordEvent(t.app.ctx, trx, event(high.enterpriseId));
    });
    await expect(
      companyTransaction(t.app.ctx, [high.enterpriseId], (trx) => lockCompanies(trx, [low.enterpriseId])),
    ).rejects.toThrow(`company ${low.enterpriseId} locked after company ${high.enterpriseId}`);
  });

  it("wakes the outbox once the event's deliveries can be seen, and not for a change rolled back", async () => {
    const a = await createCompany(t.app, { products: ['settcntr'] });
    const now = t.app.ctx.now();
    await t.app.ctx.db
      .insertInto('webhook_endpoints')
      .values({
        enterprise_id: a.enterpriseId,
        client_id: null,
        url: 'https://hooks.example.com/portal',
        description: null,
        event_types: JSON.stringify(['invitation.revoked']),
        secret: seal(t.app.ctx.config.outboxSecret, 'whsec'),
        previous_secret: null,
        previous_secret_until: null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const seenAtNudge: number[] = [];
    let nudged: () => void;
    const woken = new Promise<void>((resolve) => (nudged = resolve));
    // the outbox's rows, read from outside the writer's transaction at the moment it is woken
    const ctx: AppContext = {
      ...t.app.ctx,
      outbox: {
        nudge: () => {
          void t.app.ctx.db
            .selectFrom('outbox')
            .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'outbox.endpoint_id')
            .select('outbox.id')
            .where('outbox.topic', '=', 'webhook')
            .where('webhook_endpoints.enterprise_id', '=', a.enterpriseId)
            .execute()
            .then((rows) => {
              seenAtNudge.push(rows.length);
              nudged();
            });
        },
      },
    };
    await expect(
      companyTransaction(ctx, [a.enterpriseId], async (trx) => {
        await recordEvent(ctx, trx, event(a.enterpriseId));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(seenAtNudge).toEqual([]);
    await companyTransaction(ctx, [a.enterpriseId], async (trx) => {
      await recordEvent(ctx, trx, event(a.enterpriseId));
      // the commit waits a while: a nudge sent before it would find nothing
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await woken;
    expect(seenAtNudge).toEqual([1]);
  });
});
