import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { addClient, fixtureContext, setProductEndpoint } from '@portal/server/test-kit';
import { type ProductCode, productEntryPath } from '@portal/shared/products';
import { DATABASE, connection } from './database';
import { test as base } from './test';

/**
 * The repository's sample product (examples/product-app) as a product on another origin: one per
 * worker, on a port of its own, registered as a client of the e2e server's OpenID provider the way
 * the operator's command line registers one.
 */
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
export const PRODUCT_NAME = 'Sample Product';

export interface ProductApp {
  /** The product's home page, on 127.0.0.1: another site than the portal's localhost, so that
   *  neither sees the other's cookies. */
  url: string;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** How a sample product is started: for which product, on which port, with which API, and whether
 *  the portal sends it its events. */
export interface ProductAppOptions {
  product: ProductCode;
  /** A free one unless named. */
  port?: number;
  /** The product's API as a resource indicator; the portal's entry path of the product by default. */
  resource?: (portal: string, appUrl: string) => string;
  /** Event types sent to the product's webhook endpoint at `/portal-events`; none: no endpoint. */
  events?: string[];
}

/** A client of the product for the app at `appUrl`, and its webhook endpoint when it takes events. */
async function registerClient(portal: string, appUrl: string, options: ProductAppOptions) {
  // the e2e server's allowance of the loopback receivers (playwright.config.ts)
  const ctx = fixtureContext(connection(), {
    publicUrl: portal,
    databaseUrl: `sqlite:${DATABASE}`,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' },
  });
  const { client, secret } = await addClient(ctx, {
    productCode: options.product,
    environment: `e2e${new URL(appUrl).port}`,
    name: PRODUCT_NAME,
    redirectUris: [`${appUrl}/callback`],
    postLogoutRedirectUris: [`${appUrl}/`],
    backchannelLogoutUri: `${appUrl}/backchannel-logout`,
    firstParty: true,
  });
  const endpoint = options.events
    ? await setProductEndpoint(ctx, client.clientId, { url: `${appUrl}/portal-events`, eventTypes: options.events })
    : undefined;
  return { clientId: client.clientId, secret: secret!, webhookSecret: endpoint?.secret ?? undefined };
}

/** Resolves once the app answers its home page; rejects with its output if it exits first. */
async function listening(app: ChildProcess, url: string, output: () => string): Promise<void> {
  const exited = once(app, 'exit').then(([code]) => {
    throw new Error(`the sample product exited with ${String(code)}:\n${output()}`);
  });
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
}

export async function startProductApp(
  portal: string,
  options: ProductAppOptions,
): Promise<{ app: ProductApp; stop: () => Promise<void> }> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { clientId, secret, webhookSecret } = await registerClient(portal, url, options);
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/product-app/server.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      PORTAL_ISSUER: portal,
      CLIENT_ID: clientId,
      CLIENT_SECRET: secret,
      PRODUCT_CODE: options.product,
      PRODUCT_RESOURCE: options.resource?.(portal, url) ?? `${portal}${productEntryPath(options.product)}`,
      ...(webhookSecret ? { WEBHOOK_SECRET: webhookSecret } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  await listening(child, url, () => output);
  return {
    app: { url },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}

export const test = base.extend<object, { productApp: ProductApp }>({
  productApp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const portal = workerInfo.project.use.baseURL!;
      const { app, stop } = await startProductApp(portal, { product: 'esguard' });
      await use(app);
      await stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from './test';
