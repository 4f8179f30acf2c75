import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The claims of a logout token (OpenID Connect Back-Channel Logout 1.0, 2.4). */
export interface LogoutClaims {
  iss: string;
  aud: string | string[];
  iat: number;
  jti: string;
  sub?: string;
  sid?: string;
  events: Record<string, unknown>;
  nonce?: unknown;
}

export interface ReceivedLogout {
  /** The token as the product got it, for a test that checks its signature. */
  token: string;
  claims: LogoutClaims;
}

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

function claimsOf(token: string): LogoutClaims {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as LogoutClaims;
}

/**
 * A product's back-channel logout endpoint: a small HTTP server that answers 200 to every POST and
 * keeps the `logout_token` of its form body, as a product's server does before it ends its session.
 */
export class BackchannelReceiver {
  readonly received: ReceivedLogout[] = [];
  uri = '';
  readonly #server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('logout_token');
      const taken = request.method === 'POST' && token !== null;
      if (taken) this.received.push({ token, claims: claimsOf(token) });
      response.writeHead(taken ? 200 : 400).end();
    });
  });

  static async start(): Promise<BackchannelReceiver> {
    const receiver = new BackchannelReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.#server.address() as AddressInfo;
    receiver.uri = `http://127.0.0.1:${port}/backchannel-logout`;
    return receiver;
  }

  /** The logout tokens of one product session (its `sid`), as received so far. */
  of(sid: string): ReceivedLogout[] {
    return this.received.filter((logout) => logout.claims.sid === sid);
  }

  /** The first logout token of a product session, waited for up to `timeoutMs`; undefined if none came. */
  async waitFor(sid: string, timeoutMs = 2_000): Promise<ReceivedLogout | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [logout] = this.of(sid);
      if (logout || Date.now() >= deadline) return logout;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Whether a JWT's RS256 signature is one of the issuer's published keys (its `kid`). */
export async function signedByIssuer(token: string, jwksUri: string): Promise<boolean> {
  const [header, payload, signature] = token.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as { kid?: string; alg?: string };
  const { keys } = (await (await fetch(jwksUri)).json()) as { keys: (JsonWebKey & { kid?: string })[] };
  const jwk = keys.find((key) => key.kid === kid);
  if (alg !== 'RS256' || !jwk) return false;
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signature!, 'base64url'),
  );
}
