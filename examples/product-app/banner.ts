import type { ProductConfig } from './config.ts';

/** The client `npm run portal -- seed-demo` registers for this app; it accepts only this redirect URI. */
const DEMO_CLIENT = { clientId: 'demo-product', redirectUri: 'http://localhost:3001/callback' };

/**
 * What the app prints when it starts: where it listens, the portal it signs in through, and the
 * addresses its client must accept. With the demo client on another address than its own, the portal
 * would refuse every sign-in (`invalid_redirect_uri`): the banner says how to register a client instead.
 */
export function startBanner(settings: ProductConfig): string {
  const app = settings.appUrl.href;
  const lines = [
    `Sample product at ${app} (PORT, APP_URL): open it in a browser.`,
    `Signing in through the portal at ${settings.issuer.href} (PORTAL_ISSUER) as the client ${settings.clientId} (CLIENT_ID),`,
    `whose redirect URI must be ${settings.redirectUri}.`,
  ];
  if (settings.clientId === DEMO_CLIENT.clientId && settings.redirectUri !== DEMO_CLIENT.redirectUri) {
    const portalPort = settings.issuer.port ? `PORT=${settings.issuer.port} ` : '';
    lines.push(
      '',
      `The demo client ${DEMO_CLIENT.clientId} accepts only ${DEMO_CLIENT.redirectUri}: on this address, register a client`,
      `for the app and start it again with CLIENT_ID and CLIENT_SECRET set to what the command prints:`,
      `  ${portalPort}npm run -s portal -- clients add --product ${settings.product} --environment dev \\`,
      `    --redirect-uri ${settings.redirectUri} --post-logout-uri ${settings.postLogoutRedirectUri} \\`,
      `    --backchannel-logout-uri ${new URL('/backchannel-logout', settings.appUrl).href}`,
    );
  }
  return lines.join('\n');
}
