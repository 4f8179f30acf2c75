import { SITE_GRANT_REMINDER_DAYS } from '@portal/shared/api/sites';
import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import {
  type SiteGrantRow,
  activeGrantChain,
  claimReminder,
  listGrantsEndingBetween,
  listUnrecordedExpiries,
} from '../../queries/site-grants.ts';
import { findSiteById, listCompaniesByIds } from '../../queries/sites.ts';
import { listAdministratorEmails } from '../../queries/webhook-deliveries.ts';
import { formatNoticeTime } from '../account-security/security-notices.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction, enclosing } from '../platform/company-transaction.ts';
import { expirePassedAccessRequests } from './access-requests.ts';
import { grantStatuses } from './grants.ts';

const DAY = 86_400_000;
/** The grants one run looks at per kind: the rest wait for the next run. */
const BATCH = 500;

/**
 * The reminders before a grant ends (SITE_GRANT_REMINDER_DAYS: 7 days and 1 day), by email to the
 * administrators of both companies of the grant, and the record of an expiry once the end has passed.
 * Each is claimed by a row keyed by grant and lead time (0: the expiry), in the transaction that writes
 * its messages or events, so that runs of several processes send each at most once. A reminder is for
 * a grant in effect that existed at its lead time and still has more than the next lead time to run
 * (a grant made three days before its end gets the one-day reminder only).
 */
export async function remindEndingGrants(ctx: AppContext): Promise<{ reminded: number; expired: number }> {
  const now = ctx.now();
  let reminded = 0;
  const leads = [...SITE_GRANT_REMINDER_DAYS].sort((a, b) => b - a);
  for (const [index, days] of leads.entries()) {
    const next = leads[index + 1] ?? 0;
    const due = await listGrantsEndingBetween(ctx.db, now + next * DAY, now + days * DAY, BATCH);
    for (const grant of due) {
      if (grant.created_at > grant.ends_at! - days * DAY) continue;
      if (await remindOne(ctx, grant, days)) reminded++;
    }
  }
  let expired = 0;
  for (const grant of await listUnrecordedExpiries(ctx.db, now, BATCH)) if (await recordExpiry(ctx, grant)) expired++;
  return { reminded, expired };
}

async function remindOne(ctx: AppContext, grant: SiteGrantRow, days: number): Promise<boolean> {
  const companies = [grant.grantor_enterprise_id, grant.grantee_enterprise_id];
  return companyTransaction(ctx, companies, async (trx) => {
    const now = ctx.now();
    if (!(await activeGrantChain(trx, grant.id, now)).active) return false;
    if (!(await claimReminder(trx, grant.id, days, now))) return false;
    await tellEnding(ctx, trx, grant);
    return true;
  });
}

async function tellEnding(ctx: AppContext, trx: Executor, grant: SiteGrantRow): Promise<void> {
  const messenger = ctx.messenger;
  if (!messenger) return;
  const site = (await findSiteById(trx, grant.site_id))!;
  const names = new Map(
    (await listCompaniesByIds(trx, [grant.grantor_enterprise_id, grant.grantee_enterprise_id])).map((c) => [
      c.id,
      c.name,
    ]),
  );
  for (const enterpriseId of new Set([grant.grantor_enterprise_id, grant.grantee_enterprise_id]))
    for (const admin of await listAdministratorEmails(trx, enterpriseId)) {
      const lang = admin.lang_code;
      await messenger.send(
        {
          channel: 'email',
          to: admin.email!,
          subject: translate(lang, 'mail.grantEndingSubject'),
          text: translate(lang, 'mail.grantEndingText', {
            site: site.name,
            grantor: names.get(grant.grantor_enterprise_id) ?? '',
            grantee: names.get(grant.grantee_enterprise_id) ?? '',
            until: formatNoticeTime(lang, grant.ends_at!),
          }),
          purpose: 'notice',
        },
        enclosing(trx),
      );
    }
}

/**
 * Records that a grant's end passed: `site_grant.expired`, with the grants that ended with it (it and
 * those below it that were in effect just before), in the owner and every company of those grants,
 * with an audit row in each. A grant that was not in effect when it ended, or whose parent ended with
 * it, is claimed and records nothing: the grant above tells of its end.
 */
async function recordExpiry(ctx: AppContext, grant: SiteGrantRow): Promise<boolean> {
  const site = (await findSiteById(ctx.db, grant.site_id))!;
  const before = grant.ends_at! - 1;
  const subtreeCompanies = async (db: Executor) => {
    const states = await grantStatuses(db, site, before);
    const inside = new Set([grant.id]);
    const ended = [];
    for (const [id, state] of states)
      if (id === grant.id || (state.row.parent_grant_id !== null && inside.has(state.row.parent_grant_id))) {
        inside.add(id);
        if (state.status === 'active') ended.push(state.row);
      }
    return ended;
  };
  const ended = await subtreeCompanies(ctx.db);
  const companies = [site.enterprise_id, ...ended.flatMap((g) => [g.grantor_enterprise_id, g.grantee_enterprise_id])];
  return companyTransaction(ctx, companies, async (trx) => {
    if (!(await claimReminder(trx, grant.id, 0, ctx.now()))) return false;
    const now = await subtreeCompanies(trx);
    if (!now.length || now[0]!.id !== grant.id) return false;
    // a grant above that ended at the same moment or earlier ended this one: its own expiry tells it
    if (grant.parent_grant_id !== null) {
      const above = (await grantStatuses(trx, site, grant.ends_at!)).get(grant.parent_grant_id);
      if (above?.status !== 'active') return false;
    }
    const endedGrants = now.map((g) => g.public_id);
    const touched = new Set([
      site.enterprise_id,
      ...now.flatMap((g) => [g.grantor_enterprise_id, g.grantee_enterprise_id]),
    ]);
    // no grant is shared on from one that has ended, so the subtree read under the locks is the one
    // read before them
    for (const enterpriseId of touched) {
      await recordEvent(ctx, trx, {
        enterpriseId,
        type: 'site_grant.expired',
        data: { grantId: grant.public_id, siteId: site.public_id, endedGrants },
      });
      await recordAudit(
        ctx,
        {
          action: 'site-grant.expire',
          enterpriseId,
          detail: { siteId: site.public_id, siteName: site.name, grantId: grant.public_id, endedGrants },
        },
        trx,
      );
    }
    return true;
  });
}

/** Runs the reminders, and closes the grants and the access requests past their end, every
 *  `intervalMinutes` in each process; the claims keep each to one send. */
export function scheduleGrantReminders(ctx: AppContext, intervalMinutes: number): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    remindEndingGrants(ctx)
      .then(async (run) => ({ ...run, requestsExpired: await expirePassedAccessRequests(ctx) }))
      .then(
        (run) => ctx.log.info(run, 'site grant reminders, grant and request expiries done'),
        (error: unknown) =>
          ctx.log.warn({ err: error }, 'site grant reminders failed; they run again at the next interval'),
      )
      .finally(() => (running = false));
  }, intervalMinutes * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
