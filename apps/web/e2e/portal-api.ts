import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { succeed } from './call';
import { PASSWORD, uniquePhone } from './people';
import { grantProducts, revokeProducts } from './product-rights';

export interface AccountMember {
  account: string;
  nickname: string;
  phone: string;
  password: string;
}

/**
 * A member account an administrator hands out (settings centre). It arrives with its phone not yet
 * verified, and that phone has never been sent a code, so no send cooldown stands in a test's way.
 * The settings centre opens only to companies with its product: it is granted for the call and
 * taken back, so the company keeps the products it had.
 */
export async function createAccountMember(
  request: APIRequestContext,
  admin: { token: string; domain: string },
  nickname = 'Handed Out',
): Promise<AccountMember> {
  const phone = uniquePhone();
  const member = { account: `m${phone}`, nickname, phone, password: PASSWORD };
  await grantProducts(admin.domain, 'settcntr');
  try {
    await succeed(request, settingsCalls.createMember, { token: admin.token, body: member });
  } finally {
    await revokeProducts(admin.domain, 'settcntr');
  }
  return member;
}

/** The session token the browser holds. */
export async function browserToken(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  if (!token) throw new Error('the browser holds no token');
  return token;
}

/** Signs in on the phone tab with the password (English UI). */
export async function signInWithPhone(page: Page, person: { phone: string; password: string }) {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
  await panel.getByLabel('Password', { exact: true }).fill(person.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** Sets the display theme the way the app keeps it, then reloads the page in it. */
export async function reloadInTheme(page: Page, mode: 'dark' | 'light') {
  await page.evaluate((m) => {
    const stored = JSON.parse(window.localStorage.getItem('_appPreferences') ?? '{}') as object;
    window.localStorage.setItem('_appPreferences', JSON.stringify({ ...stored, mode: m }));
  }, mode);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/**
 * Clicks an item of a menu or a dialog once it has finished opening. antd draws these in: a menu
 * invisible first, then shrunk to a point, then growing from 0.8 of its height; a dialog from a
 * point. Playwright may find the item steady in the middle of that (two frames alike on a busy
 * machine) and press it, then release after the item has moved: the release lands on something
 * else, and no click reaches the item at all. At rest: nothing around it is see-through or moving.
 */
export async function clickOnceAtRest(target: Locator): Promise<void> {
  const atRest = (node: Element) => {
    for (let shown: Element | null = node; shown; shown = shown.parentElement) {
      if (getComputedStyle(shown).opacity !== '1') return false;
    }
    return document.getAnimations().every((motion) => {
      const moved = motion.effect instanceof KeyframeEffect ? motion.effect.target : null;
      return motion.playState !== 'running' || !moved?.contains(node);
    });
  };
  await expect.poll(() => target.evaluate(atRest)).toBe(true);
  await target.click();
}
