import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { CompanyEvent } from '@portal/shared/api/integrations';
import type { Config } from '../../../config.ts';
import { type Resolve, WebhookAddressRefused, checkWebhookUrlForm, webhookLookup } from './address-guard.ts';

/** How long a receiver has to accept the connection and answer, by default. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer at most: its size up to here is logged, and a receiver's flood is not read. */
export const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024;
const USER_AGENT = 'SmartEnergyPortal-Webhooks/1.0';

/** What a receiver made of one delivery. `retryAfterMs`: its `Retry-After`, when it sent one. */
export type WebhookAnswer =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retryAfterMs?: number };

export interface WebhookDelivery {
  url: string;
  /** The domain of the endpoint's company, whom WEBHOOK_ALLOWED_HOSTS may name; null for a product's. */
  company: string | null;
  event: CompanyEvent;
  /** The endpoint's secret (`whsec_...`), and the one it replaced while their overlap lasts. */
  secrets: string[];
  /** When it is signed (the receiver compares it with its own clock). */
  signedAt: Date;
}

/** The Standard Webhooks headers of a body: the event's id, the time, and one signature per secret
 *  (`v1,<a> v1,<b>`), so that a receiver still on the previous secret verifies during a rotation. */
export function signatureHeaders(delivery: Pick<WebhookDelivery, 'secrets' | 'signedAt'>, id: string, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(delivery.signedAt.getTime() / 1000)),
    'webhook-signature': delivery.secrets
      .map((secret) => new Webhook(secret).sign(id, delivery.signedAt, body))
      .join(' '),
  };
}

/** `Retry-After` as seconds or an HTTP date, in ms from now; absent or unreadable: undefined. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * POSTs one event to a receiver and says what came of it: a 2xx is a success, anything else a
 * failure, a redirect included (it is never followed: it could lead to an address the checks
 * refused). The address is checked before, and on the address actually connected to; the receiver
 * has `timeoutMs` to answer, and no more than 64 KiB of its answer is read. Of a failed answer only
 * the status and the size are kept: the text of an internal host's error page is no customer's to
 * read in the delivery log. `resolve` replaces the system's resolver in tests.
 */
export async function sendWebhook(
  config: Pick<Config, 'production' | 'webhookAllowedHosts'>,
  delivery: WebhookDelivery,
  {
    timeoutMs = WEBHOOK_TIMEOUT_MS,
    signal,
    resolve,
  }: { timeoutMs?: number; signal?: AbortSignal; resolve?: Resolve } = {},
): Promise<WebhookAnswer> {
  let allowed: boolean;
  try {
    allowed = checkWebhookUrlForm(config, delivery.url, delivery.company).allowed;
  } catch (error) {
    if (error instanceof WebhookAddressRefused)
      return { ok: false, status: null, error: `address refused (${error.reason})` };
    throw error;
  }
  const body = JSON.stringify(delivery.event);
  const url = new URL(delivery.url);
  const deadline = AbortSignal.timeout(timeoutMs);
  const request = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'content-length': Buffer.byteLength(body),
      ...signatureHeaders(delivery, delivery.event.id, body),
    },
    // a connection of its own, resolved and checked now: no kept socket to an address checked before
    agent: false,
    lookup: webhookLookup(allowed, resolve),
    signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
  });
  return new Promise<WebhookAnswer>((answer) => {
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (deadline.aborted) answer({ ok: false, status: null, error: `no answer within ${timeoutMs / 1000} s` });
      else if (error.code === 'EWEBHOOKADDRESS') answer({ ok: false, status: null, error: error.message });
      else answer({ ok: false, status: null, error: error.code ? `${error.code}: ${error.message}` : error.message });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const finish = () => {
        if (status >= 200 && status < 300) return answer({ ok: true, status });
        const size = read >= WEBHOOK_ANSWER_MAX_BYTES ? `${WEBHOOK_ANSWER_MAX_BYTES} bytes or more` : `${read} bytes`;
        const redirect = status >= 300 && status < 400 ? ', a redirect (not followed)' : '';
        answer({
          ok: false,
          status,
          error: `answered ${status} with ${size}${redirect}`,
          retryAfterMs: retryAfterMs(response.headers['retry-after'], Date.now()),
        });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // enough read: the connection is dropped rather than drained
        if (read >= WEBHOOK_ANSWER_MAX_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      // an answer cut short (by its end or by the deadline) still has its status
      response.on('error', finish);
      response.on('aborted', finish);
    });
    request.end(body);
  });
}
