import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Command } from './step-up.ts';

/** A sign-in under way: what the callback must find again in the portal's answer. */
export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  /** The product's own page to show once signed in (the site it was opened on). */
  returnTo?: string;
}

/** Who signed in through the portal, and the tokens the product holds for them. */
export interface SignedIn {
  claims: Record<string, unknown>;
  idToken: string;
  accessToken: string;
  refreshToken: string | undefined;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number;
  /** The portal's session id: a back-channel logout names it. */
  sid: string | undefined;
}

export interface Session {
  id: string;
  pending?: PendingSignIn;
  user?: SignedIn;
  /** A step-up under way before `command`: its callback finds it here, the signed-in person stays. */
  stepUp?: PendingSignIn & { command: Command };
  lastSeen: number;
}

const COOKIE = 'product_session';
/** A session unused this long is forgotten, as a product's own session store would expire it. */
const IDLE_MS = 8 * 3_600_000;

/**
 * The product's own sessions, in memory: the browser holds only an opaque id in an HttpOnly cookie,
 * the tokens stay on the server.
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #secureCookie: boolean;

  constructor(appUrl: URL) {
    this.#secureCookie = appUrl.protocol === 'https:';
  }

  /** The request's session, if its cookie names a live one. */
  find(req: IncomingMessage): Session | undefined {
    const id = cookieValue(req.headers.cookie, COOKIE);
    const session = id ? this.#sessions.get(id) : undefined;
    if (!session) return undefined;
    if (Date.now() - session.lastSeen > IDLE_MS) {
      this.#sessions.delete(session.id);
      return undefined;
    }
    session.lastSeen = Date.now();
    return session;
  }

  /** A new session, its cookie set on the response; any session the request had is dropped, so
   *  that an id known before the sign-in is never the signed-in one. */
  start(req: IncomingMessage, res: ServerResponse, content: Omit<Session, 'id' | 'lastSeen'>): Session {
    this.end(req, res);
    const session: Session = { id: randomBytes(32).toString('base64url'), lastSeen: Date.now(), ...content };
    this.#sessions.set(session.id, session);
    res.appendHeader('set-cookie', this.#cookie(session.id, 'Max-Age=28800'));
    return session;
  }

  end(req: IncomingMessage, res: ServerResponse): void {
    const id = cookieValue(req.headers.cookie, COOKIE);
    if (!id) return;
    this.#sessions.delete(id);
    res.appendHeader('set-cookie', this.#cookie('', 'Max-Age=0'));
  }

  /** Ends every session signed in within the portal session `sid`; answers how many there were. */
  endPortalSession(sid: string): number {
    let ended = 0;
    for (const [id, session] of this.#sessions) {
      if (session.user?.sid !== sid) continue;
      this.#sessions.delete(id);
      ended += 1;
    }
    return ended;
  }

  #cookie(value: string, age: string): string {
    // Lax: the portal's redirect back to /callback is a top-level navigation from another site
    return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; ${age}${this.#secureCookie ? '; Secure' : ''}`;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
