import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type Page, expect } from '@playwright/test';

/** Demo tenant seeded by the server on an empty database. */
export const ADMIN = { account: 'admin', password: 'Portal2026' };
export const SOLO = { account: 'solo', password: 'Portal2026' };

export const screenshotPath = (name: string) =>
  fileURLToPath(new URL(`../test-results/screens/${name}.png`, import.meta.url));

export async function useLanguage(context: BrowserContext, lang: string, baseURL: string) {
  await context.addCookies([{ name: 'langCode', value: lang, url: baseURL }]);
}

/** Signs in on the account tab (English UI). */
export async function signInWithAccount(page: Page, user: { account: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Account' });
  await panel.getByRole('textbox', { name: 'Account' }).fill(user.account);
  await panel.getByLabel('Password', { exact: true }).fill(user.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** No serious or critical WCAG 2.1 AA violation on the current screen, judged at rest: colours
 *  caught halfway through a transition (a tab turning teal) would fail contrast by accident. Endless
 *  animations (spinners) are not waited for. */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length === 0,
    undefined,
    { timeout: 5_000 },
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary ?? ''}`)),
  ).toEqual([]);
}

/** A platform authenticator in Chromium (CDP's virtual one) that holds discoverable credentials and
 *  verifies the user, as a phone's or laptop's would; answers its id and the session that drives it. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
