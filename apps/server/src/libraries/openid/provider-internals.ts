import Provider, { type KoaContextWithOIDC, type Session, type interactionPolicy } from 'oidc-provider';

/**
 * Every touch of oidc-provider beyond its configuration: a member the library uses inside but does not
 * offer to change. Each is one function here, named for what the portal does with it, and each has a
 * test (test/openid/provider-internals.test.ts) that names the library behaviour it relies on, so that
 * an upgrade that changes one fails there and not in a sign-in.
 */

/** The client whose secret is checked, as the library's `Client` instance carries it. */
export interface SecretHolder {
  clientId: string;
  clientSecret?: string;
}

/**
 * Checks a presented client secret with `check` instead of comparing it as stored: the library calls
 * `Client#compareClientSecret(presented)` for client_secret_basic and client_secret_post, at the
 * token, introspection and revocation endpoints. `check` gets the request's context, from the
 * library's async-local `Provider.ctx`.
 */
export function replaceClientSecretCheck(
  provider: Provider,
  check: (client: SecretHolder, presented: string, koa: KoaContextWithOIDC | undefined) => Promise<boolean>,
): void {
  provider.Client.prototype.compareClientSecret = async function compare(this: SecretHolder, presented: string) {
    return check(this, presented, Provider.ctx);
  };
}

/**
 * Runs `follow` on the session each request loads: the library loads a browser's session with the
 * static `Session.get(ctx)` at the start of every request that has one (the authorization endpoint
 * among them), before it reads the account and the grant.
 */
export function followLoadedSessions(
  provider: Provider,
  follow: (koa: KoaContextWithOIDC, session: Session) => Promise<Session>,
): void {
  const sessions = provider.Session;
  const get = sessions.get.bind(sessions);
  sessions.get = async (koa: KoaContextWithOIDC) => follow(koa, await get(koa));
}

/** A new, empty session of the library's, for a browser that is to sign in as another person. */
export function newSession(provider: Provider): Session {
  return new provider.Session();
}

/**
 * Makes `session` the request's session: the library reads it from the request's entities
 * (`ctx.oidc.entity('Session', …)` sets one), and saves it, with its cookie, at the end of the request
 * only when it is marked `touched`, which its type declarations leave out.
 */
export function useSession(koa: KoaContextWithOIDC, session: Session, replaced: boolean): void {
  (session as Session & { touched: boolean }).touched = true;
  if (replaced) koa.oidc.entity('Session', session);
}

/** The scopes the authorization request asked for, before any was granted: the library's
 *  `ctx.oidc.requestParamScopes`. */
export function requestedScopes(koa: KoaContextWithOIDC): Set<string> {
  return koa.oidc.requestParamScopes;
}

/**
 * Adds what `extra` answers to a prompt's details: the library builds an interaction's
 * `prompt.details` by calling the prompt's `details(ctx)` when the prompt is requested.
 */
export function addPromptDetails(prompt: interactionPolicy.Prompt, extra: () => Record<string, unknown>): void {
  const details = prompt.details;
  prompt.details = async (koa) => ({ ...(await details(koa)), ...extra() });
}
