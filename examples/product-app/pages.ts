import type { SignedIn } from './sessions.ts';
import type { PortalEvent, SiteClaim } from './sites.ts';
import { COMMANDS } from './step-up.ts';

/** The product's pages: plain HTML that reads well from a 360 px phone up. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · Sample Product</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f5f7fa;color:#1f2329}
main{box-sizing:border-box;max-width:560px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 16px}
h2{font-size:18px;margin:0 0 12px}
section{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 2px 12px rgb(0 0 0/.06)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}
dt{color:#596170}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:12px}
button,a.button{font:inherit;padding:10px 20px;border-radius:8px;border:1px solid #1668dc;background:#1668dc;color:#fff;text-decoration:none;cursor:pointer}
button.secondary{background:transparent;color:inherit;border-color:#d0d5dd}
form{margin:0}
:focus-visible{outline:3px solid #4096ff;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#141414;color:#e8e8e8}section{background:#1f1f1f}dt{color:#a6adb8}button.secondary{border-color:#424242}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const text = (value: unknown) => escapeHtml(value === undefined || value === null ? '—' : String(value));

/** `silentRefusal`: the portal's answer to a silent sign-in, which needs the person at the portal. */
export function signedOutPage(silentRefusal?: string): string {
  const silent = silentRefusal
    ? `<p data-testid="silent-refused">You are not signed in to the portal (${escapeHtml(silentRefusal)}).</p>`
    : '';
  return layout(
    'Welcome',
    `<h1>Sample Product</h1>
<section data-testid="signed-out">
${silent}<p>You are not signed in. The energy cloud portal signs you in, with your company.</p>
<div class="actions"><a class="button" href="/login">Sign in with the portal</a></div>
</section>`,
  );
}

/** What came of a remote command: sent after a step-up (with the methods the person proved), or refused and why. */
export type CommandOutcome = { sent: string; amr: string[] } | { refused: string };

/** Who signed in and in which company, from the ID token; `apiAnswer` is what the product's API said. */
/** The sites of the access token, and the site the product was opened on with the portal's decision. */
export interface SitesView {
  tokenSites: SiteClaim[];
  site?: { id: string; claim: SiteClaim | undefined; mayView: boolean };
}

const untilText = (until: number | null) => (until === null ? 'no end' : new Date(until * 1000).toISOString());

function sitesSection({ tokenSites, site }: SitesView, returnTo: string): string {
  const opened = site
    ? `<dl>
<dt>Site</dt><dd data-testid="site-name">${text(site.claim?.name ?? site.id)}</dd>
<dt>Template</dt><dd data-testid="site-template">${text(site.claim?.template)}</dd>
<dt>Until</dt><dd>${site.claim ? escapeHtml(untilText(site.claim.until)) : '—'}</dd>
<dt>May view now</dt><dd data-testid="site-decision">${site.mayView ? 'yes' : 'no'}</dd>
</dl>`
    : '';
  const listed = tokenSites.length
    ? `<ul data-testid="token-sites">${tokenSites.map((claim) => `<li>${escapeHtml(claim.name)} (${escapeHtml(claim.template)})</li>`).join('')}</ul>`
    : '<p data-testid="token-sites">The access token names no site.</p>';
  return `<section aria-labelledby="sites-title"><h2 id="sites-title">Sites</h2>
${opened}
<h3>In the access token</h3>
${listed}
<form action="/renew?${returnTo.split('?')[1] ?? ''}" method="post"><button class="secondary">Renew the tokens</button></form>
</section>`;
}

export function signedInPage(
  user: SignedIn,
  apiAnswer?: { status: number; body: unknown },
  outcome?: CommandOutcome,
  sites?: SitesView,
): string {
  const { claims } = user;
  const answer = apiAnswer
    ? `<section aria-labelledby="api-title"><h2 id="api-title">The API answered ${apiAnswer.status}</h2>
<pre data-testid="api-result">${escapeHtml(JSON.stringify(apiAnswer.body, null, 2))}</pre></section>`
    : '';
  const commandResult = !outcome
    ? ''
    : 'sent' in outcome
      ? `<p role="status" data-testid="command-sent">Sent: ${escapeHtml(outcome.sent)}, confirmed with
<span data-testid="command-amr">${escapeHtml(outcome.amr.join(' '))}</span>.</p>`
      : `<p role="alert" data-testid="command-refused">Not sent. ${escapeHtml(outcome.refused)}</p>`;
  const commandButtons = Object.entries(COMMANDS)
    .map(([value, label]) => `<button name="command" value="${value}">${escapeHtml(label)}</button>`)
    .join('');
  // `act` (RFC 8693): the platform's support acts for the company, in its own name, until `act_until`;
  // a product always shows it (docs/product-teams.md#act)
  const act = claims.act as { sub?: unknown } | undefined;
  const acting = act
    ? `<p role="status" data-testid="acting">The platform's support acts here (subject ${text(act.sub)}), until ${text(
        typeof claims.act_until === 'number' ? new Date(claims.act_until * 1000).toISOString() : undefined,
      )}.</p>`
    : '';
  return layout(
    'Home',
    `<h1>Sample Product</h1>
${acting}
<section aria-labelledby="who-title">
<h2 id="who-title">Signed in as <span data-testid="who">${text(claims.name)}</span></h2>
<dl>
<dt>Subject</dt><dd data-testid="sub">${text(claims.sub)}</dd>
<dt>Company</dt><dd data-testid="company">${text(claims.company_name)}</dd>
<dt>Company id</dt><dd data-testid="company-id">${text(claims.company_id)}</dd>
<dt>Role</dt><dd data-testid="role">${text(claims.company_role)}</dd>
<dt>Product</dt><dd data-testid="product">${text(claims.product)}</dd>
</dl>
</section>
${sites ? sitesSection(sites, sites.site ? `/?siteId=${encodeURIComponent(sites.site.id)}` : '/') : ''}
${answer}
<section aria-labelledby="command-title">
<h2 id="command-title">Remote commands</h2>
<p>A command to a plant asks the portal to confirm it is you, with two-step sign-in.</p>
${commandResult}
<form action="/command" method="post" class="actions">${commandButtons}</form>
</section>
<div class="actions">
<form action="/api-demo" method="get"><button>Call the API</button></form>
<form action="/logout" method="post"><button class="secondary">Sign out</button></form>
</div>`,
  );
}

/** What the product's webhook endpoint received, the newest first. */
export function eventsPage(events: PortalEvent[]): string {
  const items = events
    .map(
      (event) =>
        `<li data-testid="portal-event">${escapeHtml(event.type)} ${escapeHtml(JSON.stringify(event.data))}</li>`,
    )
    .join('');
  return layout(
    'Events',
    `<h1>Sample Product</h1>
<section aria-labelledby="events-title"><h2 id="events-title">Events from the portal</h2>
${items ? `<ul>${items}</ul>` : '<p>None yet.</p>'}</section>`,
  );
}

export function accessDeniedPage(): string {
  return layout(
    'No access',
    `<h1>Sample Product</h1>
<section data-testid="access-denied">
<h2>Your company has no access to this product</h2>
<p>The portal did not sign you in: the company you chose has no right to Sample Product. Ask its
administrator, or sign in with another company.</p>
<div class="actions"><a class="button" href="/login">Try again</a></div>
</section>`,
  );
}

export function errorPage(message: string): string {
  return layout(
    'Error',
    `<h1>Sample Product</h1>
<section data-testid="error"><h2>Something went wrong</h2><p>${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="/">Back to the home page</a></div></section>`,
  );
}
