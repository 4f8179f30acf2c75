import { errors } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { ipKey } from '../platform/ip-key.ts';

/**
 * Failed client authentications (a wrong secret at the token, introspection or revocation endpoint)
 * allowed per client from one address, and per address, within CLIENT_AUTH_WINDOW_MS
 * (docs/openid-provider.md#addresses-headers-and-limits). A product's server fails none in its normal work: a secret it
 * holds is right until an operator rotates it, and
 * stays right through the rotation's overlap (clients.ts clientSecretMatches). No limit is the client's alone: a client id is public
 * (every authorization URL names it), and failures counted for it from any address would let anybody
 * hold up the product's own token requests.
 */
export const CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS = 20;
export const CLIENT_AUTH_FAILURES_PER_ADDRESS = 40;
export const CLIENT_AUTH_WINDOW_MS = 60_000;

/** The refusal past a limit: `invalid_client`, as any failed authentication, with 429 and the wait. */
class ClientAuthThrottled extends errors.InvalidClientAuth {
  constructor() {
    super('too many failed client authentications; try again later');
    Object.assign(this, { status: 429, statusCode: 429 });
  }
}

/**
 * Checks a client's secret, and counts a wrong one under the limits. Every secret is compared, also
 * past a limit, and a right one goes through: a secret of 256 random bits needs no lockout against
 * guessing, and a product's server keeps working whatever others send for its client id, even from an
 * address it shares with them. A wrong one is answered 401, or past a limit 429 with Retry-After.
 */
export async function throttledSecretCheck(
  ctx: AppContext,
  clientId: string,
  address: string,
  retryAfter: (seconds: number) => void,
  matches: () => boolean | Promise<boolean>,
): Promise<boolean> {
  if (await matches()) return true;
  const subject = ipKey(address);
  const failure = await ctx.throttles.reserve(
    [
      {
        // its name in the refusals' metric (`portal_throttled_total`) stays, for the dashboards that count it
        bucket: 'oidc-client-auth-client',
        subject: `${clientId} ${subject}`,
        windowMs: CLIENT_AUTH_WINDOW_MS,
        max: CLIENT_AUTH_FAILURES_PER_CLIENT_ADDRESS,
      },
      {
        bucket: 'oidc-client-auth-address',
        subject,
        windowMs: CLIENT_AUTH_WINDOW_MS,
        max: CLIENT_AUTH_FAILURES_PER_ADDRESS,
      },
    ],
    ctx.now(),
  );
  if (failure.granted) return false;
  retryAfter(Math.max(1, Math.ceil(failure.retryAfterMs / 1000)));
  throw new ClientAuthThrottled();
}
