import { errors } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { ipKey } from '../ip-key.ts';

/**
 * Failed client authentications (a wrong secret at the token, introspection or revocation endpoint)
 * allowed per client, and per address, within CLIENT_AUTH_WINDOW_MS (docs/openid-provider.md#throttling).
 * A product's server fails none in its normal work: a secret it holds is right until an operator
 * rotates it. The client's own limit holds whatever addresses the tries come from; the address's
 * limit holds across clients.
 */
export const CLIENT_AUTH_FAILURES_PER_CLIENT = 20;
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
 * Checks a client's secret under the limits: the try is counted as a failure before the comparison
 * (so that concurrent tries cannot pass a limit together), and taken back when the secret is right.
 * Past a limit nothing is compared, and the answer is 429 with Retry-After.
 */
export async function throttledSecretCheck(
  ctx: AppContext,
  clientId: string,
  address: string,
  retryAfter: (seconds: number) => void,
  matches: () => boolean,
): Promise<boolean> {
  const reservation = await ctx.throttles.reserve(
    [
      {
        bucket: 'oidc-client-auth-client',
        subject: clientId,
        windowMs: CLIENT_AUTH_WINDOW_MS,
        max: CLIENT_AUTH_FAILURES_PER_CLIENT,
      },
      {
        bucket: 'oidc-client-auth-address',
        subject: ipKey(address),
        windowMs: CLIENT_AUTH_WINDOW_MS,
        max: CLIENT_AUTH_FAILURES_PER_ADDRESS,
      },
    ],
    ctx.now(),
  );
  if (!reservation.granted) {
    retryAfter(Math.max(1, Math.ceil(reservation.retryAfterMs / 1000)));
    throw new ClientAuthThrottled();
  }
  if (!matches()) return false;
  await reservation.release();
  return true;
}
