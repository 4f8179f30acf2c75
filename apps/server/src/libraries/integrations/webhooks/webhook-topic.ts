import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../queries/executor.ts';
import {
  clearEndpointFailing,
  disableFailingEndpoint,
  findDeliveryParts,
  listAdministratorEmails,
  markEndpointFailing,
} from '../../../queries/webhook-deliveries.ts';
import { findEndpointCompany } from '../../../queries/webhook-endpoints.ts';
import { formatNoticeTime } from '../../account-security/security-notices.ts';
import type { OutboxTopicHandler, TryOutcome } from '../../outbox/outbox-worker.ts';
import { recordAudit } from '../../platform/audit.ts';
import { companyTransaction, enclosing, lockCompanies } from '../../platform/company-transaction.ts';
import { unseal } from '../../platform/secrets.ts';
import { toCompanyEvent } from '../events/company-event.ts';
import { auditedUrl } from './endpoints.ts';
import { sendWebhook } from './webhook-sender.ts';

/** The waits after the 1st, 2nd, ... failed try, the Standard Webhooks (Svix) schedule: a receiver
 *  down for a deploy gets the event seconds later, one down for a day still gets it. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
const LONGEST_WAIT_MS = WEBHOOK_RETRY_DELAYS_MS.at(-1)!;

/** The wait before the next try after `attempts` tries, within 10 % either side, so that the
 *  deliveries of endpoints that failed together (the portal's own outage) do not return together. */
export function webhookRetryDelayMs(attempts: number): number {
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

/**
 * The outbox's `webhook` topic: a row is one event to one endpoint, POSTed signed with the endpoint's
 * secret (and its previous one while a rotation's overlap lasts), tried again on the schedule above
 * or after the receiver's `Retry-After` (no later than the longest wait), and given up after
 * WEBHOOK_GIVE_UP_HOURS. A run of an endpoint's deliveries reads the endpoint and the events once; an
 * endpoint deleted or turned off meanwhile ends its deliveries with the run in flight (a quarter of a
 * second at most).
 * After each try the endpoint's failing streak is kept: a success ends it, and an endpoint that has
 * failed for WEBHOOK_DISABLE_AFTER_DAYS is turned off and its company's administrators told.
 * `timeoutMs`: how long a receiver has to answer (tests shorten it).
 */
export function webhookTopic(ctx: AppContext, { timeoutMs }: { timeoutMs?: number } = {}): OutboxTopicHandler {
  const forRun: NonNullable<OutboxTopicHandler['forRun']> = async (rows) => {
    const { endpoints, events } = await findDeliveryParts(ctx.db, rows);
    // a success ends the failing streak once in a run, as the next one reads the endpoint again
    let cleared = false;
    return async (row, signal): Promise<TryOutcome> => {
      const endpoint = row.endpoint_id === null ? undefined : endpoints.get(row.endpoint_id);
      const event = row.event_id === null ? undefined : events.get(row.event_id);
      if (!endpoint) return { ok: false, error: 'the endpoint was deleted', permanent: true };
      if (endpoint.disabled_at !== null)
        return {
          ok: false,
          error:
            endpoint.disabled_reason === 'failing'
              ? 'the endpoint was turned off after failing for days'
              : 'the endpoint is turned off',
          permanent: true,
        };
      if (!event) return { ok: false, error: 'the event is no longer kept', permanent: true };
      const key = ctx.config.outboxSecret;
      const secrets = [unseal(key, endpoint.secret, 'OUTBOX_SECRET')];
      if (endpoint.previous_secret && (endpoint.previous_secret_until ?? 0) > ctx.now())
        secrets.push(unseal(key, endpoint.previous_secret, 'OUTBOX_SECRET'));
      const answer = await sendWebhook(
        ctx.config,
        // signed at the wall clock's time: the receiver checks it against its own
        { url: endpoint.url, company: endpoint.company, event: toCompanyEvent(event), secrets, signedAt: new Date() },
        { timeoutMs, signal },
      );
      if (answer.ok) {
        // the failing streak ends here rather than after the outcome is written: the receiver took
        // it either way, and an endpoint that was not failing costs no statement
        if (endpoint.failing_since !== null && !cleared) {
          await clearEndpointFailing(ctx.db, endpoint.id);
          cleared = true;
        }
        return answer;
      }
      return {
        ...answer,
        retryAfterMs: answer.retryAfterMs === undefined ? undefined : Math.min(answer.retryAfterMs, LONGEST_WAIT_MS),
      };
    };
  };
  return {
    topic: 'webhook',
    attempt: async (row, signal) => (await forRun([row]))(row, signal),
    forRun,
    retryDelayMs: webhookRetryDelayMs,
    // the delivery log shows every try, as a receiver's developer debugs with it
    keepsTries: true,
    giveUpAfterMs: () => ctx.config.webhookGiveUpMs,
    async after(row, outcome) {
      if (row.endpoint_id === null || outcome.ok) return;
      // the endpoint is gone or off: nothing was asked of its receiver
      if (outcome.permanent) return;
      const now = ctx.now();
      await markEndpointFailing(ctx.db, row.endpoint_id, now);
      const endpointId = row.endpoint_id;
      // off exactly when its audit row and its notices exist: a crash between them would otherwise
      // leave it off unseen, since the switch-off matches only once
      const disabled = await companyTransaction(ctx, [], async (trx) => {
        // a company's endpoint is its change, under its lock; a product's belongs to no company
        const company = await findEndpointCompany(trx, endpointId);
        if (company !== null) await lockCompanies(trx, [company]);
        const off = await disableFailingEndpoint(trx, endpointId, now, now - ctx.config.webhookDisableAfterMs);
        // a product's endpoint belongs to the operator, who has the log
        if (!off || off.enterprise_id === null) return off;
        // the company's log says the portal turned it off: no person acted
        await recordAudit(
          ctx,
          {
            action: 'webhook.update',
            enterpriseId: off.enterprise_id,
            detail: {
              endpointId: off.id,
              url: auditedUrl(off.url),
              enabled: false,
              reason: 'failing',
              failingSince: new Date(off.failing_since ?? now).toISOString(),
            },
          },
          trx,
        );
        await tellAdministrators(ctx, { ...off, enterprise_id: off.enterprise_id }, now, trx);
        return off;
      });
      if (disabled)
        ctx.log.warn(
          { endpointId: disabled.id, failingSince: disabled.failing_since },
          'webhook endpoint turned off after failing for days',
        );
    },
  };
}

/** Each administrator of the company, by email in their language: which endpoint, failing since when;
 *  written in `trx`, the outbox's rows with the switch-off. */
async function tellAdministrators(
  ctx: AppContext,
  endpoint: { enterprise_id: number; url: string; failing_since: number | null },
  at: number,
  trx: Executor,
): Promise<void> {
  const messenger = ctx.messenger;
  if (!messenger) return;
  for (const admin of await listAdministratorEmails(trx, endpoint.enterprise_id)) {
    const lang = admin.lang_code;
    await messenger.send(
      {
        channel: 'email',
        to: admin.email!,
        subject: translate(lang, 'mail.webhookDisabledSubject'),
        text: translate(lang, 'mail.webhookDisabledText', {
          url: endpoint.url,
          since: formatNoticeTime(lang, endpoint.failing_since ?? at),
          time: formatNoticeTime(lang, at),
        }),
        purpose: 'notice',
      },
      enclosing(trx),
    );
  }
}
