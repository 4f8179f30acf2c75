import { type Page, test as base } from '@playwright/test';

/** A client address of its own for each test, sent as X-Forwarded-For to the e2e server, which
 *  trusts loopback as its proxy: the per-address limits (docs/sign-in.md#sign-in-waits,
 *  docs/verification-codes.md#sending-limits) then apply per test, as they would to separate people,
 *  instead of to the whole suite. */
function clientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

/**
 * Until React has taken over the page the server sent drawn (the prerendered screens before sign-in):
 * a form sent before then is held and sent after, but a tab or a switch pressed before then does
 * nothing, as on any page drawn by a server. A person presses again; a test waits instead. A page
 * drawn by the browser has nothing in its root before React, and passes at once.
 */
async function untilHydrated(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => {
      const drawn = document.getElementById('root')?.firstElementChild;
      return !drawn || Object.keys(drawn).some((key) => key.startsWith('__reactFiber$'));
    });
  } catch (error) {
    // the page went on to another (a session sent on from sign-in): that one is waited for by the test
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
  }
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    // a test that asks for less than the load (the prerendered page's own tests) acts before React
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil || options.waitUntil === 'load') await untilHydrated(page);
      return response;
    };
    await use(page);
  },
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
