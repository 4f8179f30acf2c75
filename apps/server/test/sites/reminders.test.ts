import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { translate } from '@portal/shared/locales/catalog';
import { remindEndingGrants } from '../../src/libraries/sites/reminders.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { DAY, type SiteCompany, eventsOf, newSite, share, shareOn, siteCompany } from '../support/sites.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

/** The job that runs beside the purge: reminders 7 days and 1 day before a grant ends, to the
 *  administrators of both companies, each at most once whatever runs at the same time; then the
 *  expiry, recorded once in every company it ends a grant of. */
describe(`reminders before a grant ends, and its expiry (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const endingMails = async (company: SiteCompany) => {
    await t.app.messenger.idle();
    const reply = await call(t.app, contract.devOutbox, { query: { to: company.admin.email! } });
    return (reply.data as { subject: string }[]).filter(
      (m) => m.subject === translate('zh-CN', 'mail.grantEndingSubject'),
    );
  };

  it('sends each reminder once to both companies, then records the expiry with the chain it ended', async () => {
    const [a, b, c] = [await siteCompany(t.app), await siteCompany(t.app), await siteCompany(t.app)];
    const siteId = await newSite(t.app, a);
    const [toB] = await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'technician',
      mayShare: true,
      endsAt: new Date(t.app.ctx.now() + 10 * DAY).toISOString(),
    });
    const [toC] = await shareOn(t.app, b, {
      grantIds: [toB!.grantId],
      domain: c.domain,
      template: 'operator',
      endsAt: toB!.endsAt,
    });

    await remindEndingGrants(t.app.ctx);
    expect(await endingMails(a)).toHaveLength(0);

    t.clock.advance(4 * DAY);
    // two processes at once: the claim keeps each reminder to one
    await Promise.all([remindEndingGrants(t.app.ctx), remindEndingGrants(t.app.ctx)]);
    await remindEndingGrants(t.app.ctx);
    // A and B for B's grant; B and C for C's
    expect(await endingMails(a)).toHaveLength(1);
    expect(await endingMails(b)).toHaveLength(2);
    expect(await endingMails(c)).toHaveLength(1);

    t.clock.advance(5.5 * DAY);
    await Promise.all([remindEndingGrants(t.app.ctx), remindEndingGrants(t.app.ctx)]);
    expect(await endingMails(a)).toHaveLength(2);
    expect(await endingMails(c)).toHaveLength(2);

    t.clock.advance(DAY);
    const [first, second] = await Promise.all([remindEndingGrants(t.app.ctx), remindEndingGrants(t.app.ctx)]);
    await remindEndingGrants(t.app.ctx);
    expect(first!.expired + second!.expired).toBe(1);
    for (const company of [a, b, c]) {
      const token = await tokenFor(t.app, company.admin.account, PASSWORD);
      expect((await eventsOf(t.app, { ...company, token }, 'site_grant.expired')).map((e) => e.data)).toEqual([
        { grantId: toB!.grantId, siteId, endedGrants: [toB!.grantId, toC!.grantId] },
      ]);
    }
  });

  it('a grant made inside the week gets only the reminder of the day before', async () => {
    const [a, b] = [await siteCompany(t.app), await siteCompany(t.app)];
    const siteId = await newSite(t.app, a);
    await share(t.app, a, {
      siteIds: [siteId],
      domain: b.domain,
      template: 'auditor',
      endsAt: new Date(t.app.ctx.now() + 3 * DAY).toISOString(),
    });
    await remindEndingGrants(t.app.ctx);
    expect(await endingMails(b)).toHaveLength(0);
    t.clock.advance(2.5 * DAY);
    await remindEndingGrants(t.app.ctx);
    expect(await endingMails(b)).toHaveLength(1);
  });
});
