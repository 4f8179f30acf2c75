import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { ProductConfig } from './config.ts';

/** A site of the person's access token (`sites` claim): what the product may show without asking. */
export interface SiteClaim {
  id: string;
  name: string;
  template: string;
  /** When the person's access ends, in seconds since the epoch; null: open. */
  until: number | null;
}

/** The portal's public site ids: anything else in `?siteId=` is ignored rather than echoed. */
const SITE_ID = /^site_[A-Za-z0-9_-]{1,64}$/;

export function siteIdOf(url: URL): string | undefined {
  const siteId = url.searchParams.get('siteId');
  return siteId && SITE_ID.test(siteId) ? siteId : undefined;
}

export function siteClaimsOf(claims: Record<string, unknown>): SiteClaim[] {
  return Array.isArray(claims.sites) ? (claims.sites as SiteClaim[]) : [];
}

/**
 * The portal's decision point (OpenID AuthZEN 1.0), asked with the product's own client id and
 * secret. A token is read once and lives an hour; a product asks here before anything that must stop
 * the moment a grant ends.
 */
export function connectDecisions(settings: ProductConfig) {
  let endpoint: Promise<string> | undefined;
  const authorization = `Basic ${Buffer.from(
    `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
  ).toString('base64')}`;

  function evaluationEndpoint(): Promise<string> {
    endpoint ??= fetch(new URL('/.well-known/authzen-configuration', settings.issuer))
      .then(async (response) => {
        if (!response.ok) throw new Error(`the decision point's configuration answered ${response.status}`);
        return ((await response.json()) as { access_evaluation_endpoint: string }).access_evaluation_endpoint;
      })
      .catch((error: unknown) => {
        endpoint = undefined;
        throw error;
      });
    return endpoint;
  }

  return {
    /** Whether the person (`sub` of their tokens) may do `action` on the site, as the portal says now. */
    async evaluate(sub: string, siteId: string, action: string): Promise<boolean> {
      const response = await fetch(await evaluationEndpoint(), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: { type: 'user', id: sub },
          resource: { type: 'site', id: siteId },
          action: { name: action },
        }),
      });
      if (!response.ok) throw new Error(`the decision point answered ${response.status}`);
      return ((await response.json()) as { decision: boolean }).decision === true;
    },
  };
}

/** An event the portal sent to the product's webhook endpoint. */
export interface PortalEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * The product's webhook endpoint (`clients set-events`): every event verified by its Standard
 * Webhooks signature with the endpoint's secret, the newest kept in memory. A delivery may come more
 * than once: the webhook id tells them apart.
 */
export class PortalEvents {
  static readonly KEPT = 100;
  readonly #webhook: Webhook | undefined;
  readonly #events = new Map<string, PortalEvent>();

  constructor(secret: string | undefined) {
    this.#webhook = secret ? new Webhook(secret) : undefined;
  }

  /** Verifies and keeps one delivery; throws when it is not the portal's. */
  receive(headers: IncomingHttpHeaders, body: string): void {
    if (!this.#webhook) throw new Error('no WEBHOOK_SECRET: this product has no webhook endpoint');
    const event = this.#webhook.verify(body, headers as Record<string, string>) as PortalEvent;
    this.#events.set(String(headers['webhook-id']), { type: event.type, data: event.data });
    while (this.#events.size > PortalEvents.KEPT) this.#events.delete(this.#events.keys().next().value!);
  }

  list(): PortalEvent[] {
    return [...this.#events.values()].reverse();
  }
}
