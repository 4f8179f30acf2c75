import { clickOnceAtRest } from './portal-api';
import { ADMIN, expectAccessible, screenshotPath, signInWithAccount, useLanguage } from './support';
import { expect, test } from './test';

test.describe('sign-in', () => {
  test('opens on the Chinese sign-in page in the dark theme', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('tab', { name: '手机号' })).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: screenshotPath('login-dark-zh'), fullPage: true });
    await expectAccessible(page);
  });

  test('an administrator with several products lands on home and sees them', async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en-US', baseURL!);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('login-dark'), fullPage: true });
    await signInWithAccount(page, ADMIN);

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('product-card')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Energy Storage Manager' })).toHaveAttribute(
      'href',
      /^\/es\?productId=\d+$/,
    );
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.expires).toBeGreaterThan(Date.now() / 1000);
    expect(cookies.find((c) => c.name === 'enterpriseId')?.value).toMatch(/^\d+$/);

    await page.screenshot({ path: screenshotPath('home-dark'), fullPage: true });
    await expectAccessible(page);

    // Still signed in: the sign-in page passes the user on instead of asking again.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('product-card')).toHaveCount(5);
  });

  test('wrong credentials are refused with a message in the chosen language', async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en-US', baseURL!);
    await signInWithAccount(page, { account: ADMIN.account, password: 'Wrong-password-1' });
    await expect(page.getByText('Invalid account or password', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing out ends the session', async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en-US', baseURL!);
    await signInWithAccount(page, ADMIN);
    await expect(page.getByTestId('product-card')).toHaveCount(5);

    await page.getByRole('button', { name: 'User menu' }).click();
    await clickOnceAtRest(page.getByRole('menuitem', { name: 'Sign out' }));
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();

    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});
