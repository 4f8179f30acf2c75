import { test as base } from '@playwright/test';

/** A client address of its own for each test, sent as X-Forwarded-For to the e2e server, which
 *  trusts loopback as its proxy: the per-address limits (docs/sign-in.md#sign-in-waits,
 *  docs/verification-codes.md#sending-limits) then apply per test, as they would to separate people,
 *  instead of to the whole suite. */
function clientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    await use(context);
  },
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      ...(baseURL ? { baseURL } : {}),
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    await use(request);
    await request.dispose();
  },
});

export { expect } from '@playwright/test';
