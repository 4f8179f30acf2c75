import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { type ProductCode, isProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import { throttledSecretCheck } from '../../libraries/openid/client-auth-throttle.ts';
import { clientSecretMatches } from '../../libraries/openid/clients.ts';
import { findClient } from '../../queries/openid.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the product clients' gate on the decision point's calls: who asks, for which product. */
    productClient: { clientId: string; product: ProductCode } | null;
  }
}

const refused = () => new AppError(ErrorCode.ProductClientUnauthorized);

/** `Basic` credentials: the id and secret, each form-encoded (RFC 6749, section 2.3.1). */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const form = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * The gate of the decision point's calls (audience `productClient`): a product's own confidential
 * client, by the method it is registered with at the token endpoint (its id and secret in the `Basic`
 * header, or `client_id` and `client_secret` in the body for client_secret_post), or by an access token
 * the provider issued to it (client credentials). A wrong secret counts under the same limits as at
 * the token endpoint (client-auth-throttle.ts). Anything else is 1009260. Runs at preValidation: the
 * body is parsed, and the credentials in it are taken out before the call's schema reads it.
 */
export const productClientAudience = fp(async (app: FastifyInstance) => {
  app.decorateRequest('productClient', null);
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.call?.audience !== 'productClient') return;
    const header = request.headers.authorization ?? '';
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : null;
    const posted =
      body && ('client_id' in body || 'client_secret' in body)
        ? { client_id: body.client_id, client_secret: body.client_secret }
        : null;
    if (body) {
      delete body.client_id;
      delete body.client_secret;
    }

    if (/^bearer\s/i.test(header)) {
      if (posted) throw refused();
      const provider = await app.openid.provider();
      const token = await provider.ClientCredentials.find(header.replace(/^bearer\s+/i, '').trim());
      const client =
        token?.clientId && !token.isSenderConstrained() ? await findClient(app.ctx.db, token.clientId) : undefined;
      if (!client || client.disabled_at !== null || !isProductCode(client.product_code)) throw refused();
      request.productClient = { clientId: client.client_id, product: client.product_code };
      return;
    }

    const basic = header ? basicCredentials(header) : null;
    const sent = basic
      ? { ...basic, method: 'client_secret_basic' as const }
      : posted && typeof posted.client_id === 'string' && typeof posted.client_secret === 'string'
        ? { id: posted.client_id, secret: posted.client_secret, method: 'client_secret_post' as const }
        : null;
    // one method at a time, as the token endpoint takes them
    if (!sent || (basic && posted) || (header && !basic)) throw refused();
    const client = await findClient(app.ctx.db, sent.id);
    if (!client || client.disabled_at !== null || client.auth_method !== sent.method || !client.secret_hash)
      throw refused();
    let waitSeconds = 0;
    let matches: boolean;
    try {
      matches = await throttledSecretCheck(
        app.ctx,
        client.client_id,
        request.ip,
        (seconds) => (waitSeconds = seconds),
        () => clientSecretMatches(app.ctx, client, sent.secret),
      );
    } catch (error) {
      if (waitSeconds > 0)
        throw new AppError(
          ErrorCode.TooManyAttempts,
          { retryAfterSeconds: waitSeconds },
          { retryAfterMs: waitSeconds * 1000 },
        );
      throw error;
    }
    if (!matches || !isProductCode(client.product_code)) throw refused();
    request.productClient = { clientId: client.client_id, product: client.product_code };
  });
});
