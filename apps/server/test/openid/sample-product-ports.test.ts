import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/openid.ts';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));

describe('the sample product on other ports', () => {
  let product: ChildProcess | undefined;
  afterEach(async () => {
    if (product && product.exitCode === null) {
      product.kill();
      await once(product, 'exit');
    }
    product = undefined;
  });

  /** Starts examples/product-app as a person would (see apps/web/e2e/openid-product.ts); its banner. */
  async function banner(env: Record<string, string>): Promise<string> {
    const { PORT: _port, PORTAL_ISSUER: _issuer, CLIENT_ID: _client, APP_URL: _app, ...rest } = process.env;
    product = spawn(process.execPath, ['--import', 'tsx', 'examples/product-app/server.ts'], {
      cwd: REPO,
      env: { ...rest, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    product.stdout!.on('data', (chunk) => (output += String(chunk)));
    product.stderr!.on('data', (chunk) => (output += String(chunk)));
    // the banner is one write, made once the app listens
    while (!output.includes('Sample product at')) {
      if (product.exitCode !== null) throw new Error(`the sample product exited:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return output;
  }

  it("prints its own address and the portal's, and how to register a client when the demo one cannot serve", async () => {
    const port = await freePort();
    const printed = await banner({ PORT: String(port), PORTAL_ISSUER: 'http://localhost:9111' });
    expect(printed).toContain(`Sample product at http://localhost:${port}/`);
    expect(printed).toContain('through the portal at http://localhost:9111/ (PORTAL_ISSUER)');
    expect(printed).not.toContain('localhost:3001/ ');
    expect(printed).toContain(`redirect URI must be http://localhost:${port}/callback`);
    expect(printed).toContain('CLIENT_ID and CLIENT_SECRET');
    expect(printed).toContain(`PORT=9111 npm run -s portal -- clients add --product esguard`);
    expect(printed).toContain(`--redirect-uri http://localhost:${port}/callback`);
    // and the app answers there
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
  });

  it('says nothing of registering when it has a client of its own', async () => {
    const port = await freePort();
    const printed = await banner({
      PORT: String(port),
      PORTAL_ISSUER: 'http://localhost:9111',
      CLIENT_ID: 'esguard-qa',
      CLIENT_SECRET: 'qa-secret',
    });
    expect(printed).toContain(`Sample product at http://localhost:${port}/`);
    expect(printed).toContain('as the client esguard-qa (CLIENT_ID)');
    expect(printed).not.toContain('clients add');
  });
});
