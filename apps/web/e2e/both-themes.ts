import type { Page } from '@playwright/test';
import { expectAccessible, screenshotPath } from './support';
import { expect } from './test';

/**
 * One screen in both themes (the toggle is on every screen before sign-in): a screenshot
 * `<name>-dark` / `<name>-light` and the accessibility scan in each, ending in the dark theme again.
 */
export async function checkScreenInBothThemes(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`${name}-dark`), fullPage: true });
  await expectAccessible(page);
  await switchTheme(page, 'light');
  await page.screenshot({ path: screenshotPath(`${name}-light`), fullPage: true });
  await expectAccessible(page);
  await switchTheme(page, 'dark');
}

async function switchTheme(page: Page, to: 'light' | 'dark') {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', to);
  // the toggle keeps the focus, and its tooltip would cover a corner of the screenshot
  await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).blur();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
}
