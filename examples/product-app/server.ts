import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import * as oidc from 'openid-client';
import { startBanner } from './banner.ts';
import { productConfig } from './config.ts';
import { type CommandOutcome, accessDeniedPage, errorPage, eventsPage, signedInPage, signedOutPage } from './pages.ts';
import { connectPortal } from './portal.ts';
import { type Session, SessionStore, type SignedIn } from './sessions.ts';
import { PortalEvents, connectDecisions, siteClaimsOf, siteIdOf } from './sites.ts';
import { COMMANDS, STEP_UP_PARAMS, isCommand, stepUpRefusal } from './step-up.ts';

/**
 * A sample product that signs its people in through the portal (OpenID Connect), shows who and which
 * company it got, calls its own API with the access token, signs out through the portal and hears
 * of the portal's sign-outs by back-channel logout. Run: `node --import tsx examples/product-app/server.ts`.
 */
const settings = productConfig();
const portal = connectPortal(settings);
const decisions = connectDecisions(settings);
const sessions = new SessionStore(settings.appUrl);
const portalEvents = new PortalEvents(process.env.WEBHOOK_SECRET);

/** A logout token is a few kilobytes at most. */
const MAX_BODY = 64 * 1024;
/** An access token this close to its end is renewed before the call rather than refused by the API. */
const RENEW_BEFORE_MS = 10_000;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const html = (res: ServerResponse, body: string, status = 200) => send(res, status, 'text/html; charset=utf-8', body);
const json = (res: ServerResponse, body: unknown, status = 200) =>
  send(res, status, 'application/json', JSON.stringify(body));

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { location: to, 'cache-control': 'no-store' });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_BODY) throw new Error('request body too large');
  }
  return body;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

/** Where to come back to after a sign-in or a renewal: the site the product was opened on, if any. */
const homeOf = (siteId: string | undefined) => (siteId ? `/?siteId=${encodeURIComponent(siteId)}` : '/');

/**
 * The home page. Opened on a site (`?siteId=`, as the portal's launcher card opens it), it signs the
 * person in first, then shows the site as the access token names it and asks the decision point
 * whether they may view it now.
 */
async function home(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const session = sessions.find(req);
  const siteId = siteIdOf(url);
  if (!session?.user)
    return siteId ? redirect(res, `/login?siteId=${encodeURIComponent(siteId)}`) : html(res, signedOutPage());
  const user = await withFreshToken(session, session.user);
  const tokenSites = siteClaimsOf(await portal.verifyAccessToken(user.accessToken));
  const site = siteId
    ? {
        id: siteId,
        claim: tokenSites.find((claim) => claim.id === siteId),
        mayView: await decisions.evaluate(String(user.claims.sub), siteId, 'view'),
      }
    : undefined;
  html(res, signedInPage(user, undefined, undefined, { tokenSites, site }));
}

/** The portal's answers of a silent sign-in (`prompt=none`) that the person must sign in first. */
const SILENT_REFUSALS = new Set(['login_required', 'consent_required', 'interaction_required']);

/** `/login?silent` asks the portal without showing it (`prompt=none`): signed in while the portal
 *  session lives, told `login_required` once it ended. */
async function login(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (sessions.find(req)?.user) return redirect(res, '/');
  const pending = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  const to = await portal.signInUrl(pending, url.searchParams.has('silent') ? { prompt: 'none' } : {});
  sessions.start(req, res, { pending: { ...pending, returnTo: homeOf(siteIdOf(url)) } });
  redirect(res, to.href);
}

async function callback(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const session = sessions.find(req);
  if (session?.stepUp) return stepUpCallback(res, url, session);
  const pending = session?.pending;
  if (!pending) return html(res, errorPage('This sign-in has expired or was finished already. Sign in again.'), 400);
  try {
    const user = await portal.redeem(url, pending);
    // a new session id for the signed-in person, the one of the sign-in under way dropped
    sessions.start(req, res, { user });
    redirect(res, pending.returnTo ?? '/');
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
      sessions.end(req, res);
      return html(res, accessDeniedPage(), 403);
    }
    if (error instanceof oidc.AuthorizationResponseError && SILENT_REFUSALS.has(error.error)) {
      sessions.end(req, res);
      return html(res, signedOutPage(error.error));
    }
    throw error;
  }
}

/** A remote command asks for a step-up first: the portal confirms it is the person, with two factors. */
async function command(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const session = sessions.find(req);
  if (!session?.user) return redirect(res, '/');
  const chosen = (await readForm(req)).get('command');
  if (!isCommand(chosen)) return html(res, errorPage('There is no such command.'), 400);
  const pending = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  session.stepUp = { ...pending, command: chosen };
  redirect(res, (await portal.signInUrl(pending, STEP_UP_PARAMS)).href);
}

/** The portal's answer to a step-up: the command is sent only if its ID token proves what was asked. */
async function stepUpCallback(res: ServerResponse, url: URL, session: Session): Promise<void> {
  const { command: chosen, ...pending } = session.stepUp!;
  delete session.stepUp;
  if (!session.user) return redirect(res, '/');
  let outcome: CommandOutcome;
  try {
    const { claims } = await portal.redeem(url, pending);
    const refusal = stepUpRefusal(claims, session.user.claims);
    outcome = refusal
      ? { refused: refusal }
      : { sent: COMMANDS[chosen], amr: Array.isArray(claims.amr) ? claims.amr.map(String) : [] };
  } catch (error) {
    if (!(error instanceof oidc.AuthorizationResponseError)) throw error;
    outcome = { refused: 'The portal did not confirm it is you.' };
  }
  html(res, signedInPage(session.user, undefined, outcome), 'refused' in outcome ? 403 : 200);
}

/** The signed-in person with an access token that is not about to end: renewed first if it is. */
async function withFreshToken(session: Session, user: SignedIn): Promise<SignedIn> {
  if (user.accessTokenExpiresAt - Date.now() >= RENEW_BEFORE_MS || !user.refreshToken) return user;
  session.user = await portal.refresh({ ...user, refreshToken: user.refreshToken });
  return session.user;
}

/** The product's page calls the product's API as any client of it would: over HTTP, with the token. */
async function apiDemo(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const session = sessions.find(req);
  if (!session?.user) return redirect(res, '/');
  let user: SignedIn;
  try {
    user = await withFreshToken(session, session.user);
  } catch (error) {
    // the portal refused the refresh token: the grant ended there (a sign-out, a revoked session)
    if (!(error instanceof oidc.ResponseBodyError)) throw error;
    sessions.end(req, res);
    return redirect(res, '/');
  }
  const response = await fetch(new URL('/api/whoami', settings.appUrl), {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  html(res, signedInPage(user, { status: response.status, body: await response.json() }));
}

/** The product's protected API: it trusts a JWT access token the portal signed for it, and nothing else. */
async function whoami(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  try {
    if (!token) throw new Error('no bearer token');
    const claims = await portal.verifyAccessToken(token);
    json(res, {
      sub: claims.sub,
      company_id: claims.company_id,
      company_name: claims.company_name,
      company_role: claims.company_role,
      product: claims.product,
      scope: claims.scope,
      client_id: claims.client_id,
      aud: claims.aud,
    });
  } catch {
    res.setHeader('www-authenticate', token ? 'Bearer error="invalid_token"' : 'Bearer');
    json(res, { error: 'invalid_token' }, 401);
  }
}

/** New tokens now, through the refresh token: what the portal says of the person's sites today. */
async function renew(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const session = sessions.find(req);
  if (!session?.user?.refreshToken) return redirect(res, '/');
  try {
    session.user = await portal.refresh({ ...session.user, refreshToken: session.user.refreshToken });
  } catch (error) {
    if (!(error instanceof oidc.ResponseBodyError)) throw error;
    sessions.end(req, res);
  }
  redirect(res, homeOf(siteIdOf(url)));
}

/** The product's webhook endpoint: the portal's events for every company holding the product. */
async function receiveEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    portalEvents.receive(req.headers, await readBody(req));
  } catch (error) {
    return json(res, { error: String(error) }, 400);
  }
  res.writeHead(204).end();
}

function listEvents(_req: IncomingMessage, res: ServerResponse): void {
  html(res, eventsPage(portalEvents.list()));
}

async function logout(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const user = sessions.find(req)?.user;
  sessions.end(req, res);
  if (!user) return redirect(res, '/');
  redirect(res, (await portal.signOutUrl(user.idToken)).href);
}

/** The portal tells the product that a portal session ended: every product session begun in it ends. */
async function backchannelLogout(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let sid: string;
  try {
    const token = (await readForm(req)).get('logout_token');
    if (!token) throw new Error('no logout_token');
    sid = await portal.verifyLogoutToken(token);
  } catch (error) {
    return json(res, { error: 'invalid_request', error_description: String(error) }, 400);
  }
  sessions.endPortalSession(sid);
  json(res, {});
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

const ROUTES: Record<string, Handler> = {
  'GET /': home,
  'GET /login': login,
  'GET /callback': callback,
  'GET /api-demo': apiDemo,
  'GET /api/whoami': whoami,
  'POST /command': command,
  'POST /logout': logout,
  'POST /backchannel-logout': backchannelLogout,
  'POST /renew': renew,
  'POST /portal-events': receiveEvent,
  'GET /portal-events': listEvents,
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', settings.appUrl);
  const handler = ROUTES[`${req.method} ${url.pathname}`];
  if (!handler) return html(res, errorPage('There is no such page.'), 404);
  Promise.resolve(handler(req, res, url)).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) html(res, errorPage(error instanceof Error ? error.message : String(error)), 500);
  });
});

server.listen(settings.port, () => {
  console.log(startBanner(settings));
});
