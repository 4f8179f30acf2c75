import type { Language } from '@portal/shared/constants';
import type { AppContext } from '../../context.ts';
import type { Auth } from './sessions.ts';

/**
 * Who makes a request, as the libraries see it: built once per request by the HTTP layer, so that no
 * library reads a header, a cookie or a socket. `session` is the caller's session where the call's
 * audience needs one.
 */
export interface Caller<Session extends Auth | null = Auth | null> {
  /** The client's address as the proxies in front report it (`TRUST_PROXY`). */
  ip: string;
  /** The client's user agent as stored with sessions and told in notices; null when it sent none. */
  userAgent: string | null;
  /** The language of the answer and of what the request sends (the cookie, the account, the browser). */
  language: Language;
  log: AppContext['log'];
  session: Session;
}

/** A caller with a live session: the calls of signed-in people and administrators. */
export type SignedInCaller = Caller<Auth>;
