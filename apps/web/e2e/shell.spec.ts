import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { succeed } from './call';
import { joinCompany, newAdmin, newMember } from './people';
import { browserToken, clickOnceAtRest, reloadInTheme, signInWithPhone } from './portal-api';
import { grantProducts } from './product-rights';
import { ADMIN, expectAccessible, screenshotPath, signInWithAccount, useLanguage } from './support';
import { expect, test } from './test';

/** The demo company's five products but the settings centre, which only its administrators open. */
const MEMBER_PRODUCTS = 4;

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en-US', baseURL!);
});

test('the administrator of a new company without products is told who grants them', async ({ page, request }) => {
  const admin = await newAdmin(request);
  await signInWithPhone(page, admin);
  await expect(page).toHaveURL(/\/home$/);
  // no promise of "the products below", and no sending the administrator to themselves
  await expect(page.getByText('Select a card to open it.', { exact: false })).toHaveCount(0);
  await expect(page.getByText('has no products yet.', { exact: false }).first()).toBeVisible();
  await expect(
    page.getByText(
      'Your company has no products yet. Products are granted by the platform operator: please contact them.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(0);
});

test('home in both themes; theme and sidebar outlive a reload', async ({ page, request }) => {
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // the user menu: theme
  await page.getByRole('button', { name: 'User menu' }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Light theme' }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  await page.screenshot({ path: screenshotPath('home-light'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);
  const preferences = await page.evaluate(() => JSON.parse(window.localStorage.getItem('_appPreferences')!));
  expect(preferences).toMatchObject({ mode: 'light', sidebarCollapsed: false, userType: 'investors' });

  await reloadInTheme(page, 'dark');
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  await expectAccessible(page);
});

test('switching company refreshes the products and the branding', async ({ page, context, request }) => {
  const member = await newMember(request, 'demo', 'Two Company Member');
  await joinCompany(member, 'solo');
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  const demo = await page.evaluate(() => Number(document.cookie.match(/enterpriseId=(\d+)/)?.[1]));
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', new RegExp(`/icon/${demo}\\?v=`));
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('_enterpriseConfig')!))).toMatchObject({
    platformName: '绿能示范',
  });

  await page.getByRole('combobox', { name: 'Current company' }).click();
  await clickOnceAtRest(page.getByRole('option', { name: '精算储能' }));
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'ES Actuary' })).toHaveAttribute('href', /^\/cesuan\?productId=\d+$/);
  const solo = Number((await context.cookies()).find((c) => c.name === 'enterpriseId')?.value);
  expect(solo).not.toBe(demo);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', new RegExp(`/icon/${solo}\\?v=`));
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('_enterpriseConfig')!))).toMatchObject({
    platformName: '精算储能',
  });
});

test('a session ended elsewhere says "Login Expired" once and returns to sign-in', async ({
  page,
  request,
  context,
}) => {
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);

  await succeed(request, signInCalls.logout, { token: await browserToken(context) });
  await page.reload();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Login Expired')).toHaveCount(1);
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  expect(await page.evaluate(() => window.localStorage.getItem('_userInfo'))).toBeNull();
});

test('a link into a company the user is not in shows the no-permission page', async ({ page, request }) => {
  const stranger = await newAdmin(request);
  const otherCompany = (await succeed(request, portalCalls.portalInfo, { token: stranger.token })).enterpriseId;
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);

  await page.goto(`/home?enterpriseId=${otherCompany}`);
  await expect(page).toHaveURL(/\/noAuth$/);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  // still signed in: home first, and the way back to sign-in, which signs out on the way
  // (docs/portal-and-products.md#no-access)
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('link', { name: 'Return to sign-in' })).toHaveAttribute('href', '/login');
  await page.screenshot({ path: screenshotPath('noauth-dark'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);
  await reloadInTheme(page, 'light');
  await page.screenshot({ path: screenshotPath('noauth-light'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);

  // still signed in, in the company they were in
  await page.goto('/home');
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
});

test('a member is offered only what a member can open: no settings centre card', async ({ page, request, baseURL }) => {
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  await expect(page.getByRole('link', { name: 'Settings Center' })).toHaveCount(0);
  // the administrator of the same company sees it
  await page.context().clearCookies();
  await useLanguage(page.context(), 'en-US', baseURL!);
  await signInWithAccount(page, ADMIN);
  await expect(page.getByTestId('product-card')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Settings Center' })).toBeVisible();
});

test('signing out keeps the theme and the sidebar of this device', async ({ page, request }) => {
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByTestId('product-card')).toHaveCount(MEMBER_PRODUCTS);
  await page.getByRole('button', { name: 'User menu' }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Light theme' }));
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.getByRole('button', { name: 'User menu' }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Sign out' }));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await signInWithPhone(page, member);
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
});

test('choosing the language already in use closes the user menu', async ({ page, request }) => {
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await page.getByRole('button', { name: 'User menu' }).click();
  const english = page.getByRole('menuitem', { name: 'English' });
  await clickOnceAtRest(english);
  // the pointer still rests where the language was: nothing of the menu may stay
  await expect(english).toBeHidden();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test("the settings centre's bar has the shell's user menu: personal centre and sign-out", async ({ page, request }) => {
  const admin = await newAdmin(request);
  await grantProducts(admin.domain, 'settcntr');
  await signInWithPhone(page, admin);
  // a company whose one product is the settings centre opens it at once
  await expect(page).toHaveURL(/\/settings\?productId=\d+$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Personal center' }));
  await expect(page).toHaveURL(/\/personal$/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'User menu' }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Sign out' }));
  await expect(page).toHaveURL(/\/login$/);
});

test('the app root sends on to sign-in without a router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'warning' || entry.type() === 'error') warnings.push(entry.text());
  });
  await page.goto('/?from=qr');
  await expect(page).toHaveURL(/\/login\?from=qr$/);
  await expect(page.getByRole('tab', { name: 'Phone' })).toBeVisible();
  expect(warnings).toEqual([]);
});

test('the not-found page in both themes', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  await expectAccessible(page);
  await reloadInTheme(page, 'light');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('not-found-light'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);
});
