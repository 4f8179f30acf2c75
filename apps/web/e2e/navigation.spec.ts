import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
  await expectAccessible(page);
});

test('without a token, a signed-in page sends the visitor to sign-in', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration pages stay open without a token', async ({ page }) => {
  // the invitation flow itself answers an unknown link (the invalid-link page), not the sign-in guard
  await page.goto('/register-common-ordinary?referralId=abc');
  await expect(page).toHaveURL(/\/register-invalidity$/);
  await expect(page.getByRole('heading', { name: '邀请链接已失效' })).toBeVisible();
});

test('the root keeps its query on the way to sign-in', async ({ page }) => {
  await page.goto('/?from=ark');
  await expect(page).toHaveURL(/\/login\?from=ark$/);
});
