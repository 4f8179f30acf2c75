import type { APIRequestContext, Page } from '@playwright/test';
import { latestCode, newMember } from './people';
import { SOLO, expectAccessible, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

const ADMIN_PASSWORD = 'Portal2026';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en-US', baseURL!);
});

// the account tab is sign-in.spec.ts's
for (const [tab, label, identifier] of [
  ['Phone', 'Phone number', '13800000000'],
  ['Email', 'Email', 'admin@demo.example.com'],
] as const) {
  test(`signs in with the password and the ${tab.toLowerCase()}`, async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await panel.getByRole('textbox', { name: label }).fill(identifier);
    await panel.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('product-card')).toHaveCount(5);
  });
}

/** Opens code sign-in on a tab, asks for a code and types the one the outbox received. */
async function signInWithCode(page: Page, request: APIRequestContext, tab: 'Phone' | 'Email', identifier: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByText('Code sign-in').click();
  await panel.getByRole('textbox', { name: tab === 'Phone' ? 'Phone number' : 'Email' }).fill(identifier);
  await panel.getByRole('button', { name: 'Get code' }).click();
  await expect(panel.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  // the button disables itself for the countdown; the focus waits where the code is typed
  await expect(panel.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
  await panel.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, identifier));
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in with a code sent to the phone', async ({ page, request }) => {
  // A fresh person's phone has just had its registration code and waits out the 60 s resend
  // cooldown, and a phone an administrator typed in gets no sign-in code until it is verified; the
  // demo administrator's phone has neither problem, and signing in changes nothing about the account.
  await signInWithCode(page, request, 'Phone', '13800000000');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('product-card')).toHaveCount(5);
});

test('refuses a wrong code with the message of the catalogue', async ({ page, request }) => {
  const member = await newMember(request);
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByText('Code sign-in').click();
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(member.phone);
  await panel.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid verification code')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a company with one product opens it in the same tab', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Email' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Email' });
  await panel.getByRole('textbox', { name: 'Email' }).fill('solo@demo.example.com');
  await panel.getByLabel('Password', { exact: true }).fill(SOLO.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cesuan\?productId=\d+$/);
});

test('the sign-in page is accessible in the light theme too', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByText('Code sign-in').click();
  await expect(panel.getByRole('textbox', { name: 'Verification code' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('login-light'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);
  // the choice outlives the page
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test("a company's sub-host shows that company's name and icon", async ({ page, context, baseURL }) => {
  const port = new URL(baseURL!).port;
  const origin = `http://demo.localhost:${port}`;
  await useLanguage(context, 'en-US', origin);
  // The e2e server runs without MAIN_DOMAIN; hand the page the tag a server with MAIN_DOMAIN=localhost writes.
  await page.route(`${origin}/login`, async (route) => {
    const response = await route.fetch({ url: `${baseURL}/login` });
    const html = (await response.text()).replace(
      '</head>',
      '<meta name="portal:main-domain" content="localhost"></head>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto(`${origin}/login`);
  await expect(
    page.getByText('Sign in to 绿能示范 to use the energy management products your company subscribes to'),
  ).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    'href',
    /\/api\/settcntr\/admin\/v4\/enterprise\/personalization\/icon\/\d+\?v=\d+$/,
  );
  await expect(page).toHaveTitle('Smart Energy Cloud Platform');
  await page.screenshot({ path: screenshotPath('login-company-host'), fullPage: true, animations: 'disabled' });
});

test('signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  const phone = page.getByRole('tabpanel', { name: 'Phone' }).getByRole('textbox', { name: 'Phone number' });
  // from the top of the page: language, theme, the tabs and the method toggle come first
  for (let presses = 0; presses < 10 && !(await phone.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(phone).toBeFocused();
  await page.keyboard.type('13800000000');
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // the first product card's link takes the focus, and the card shows it
  const firstCard = page.getByTestId('product-card').first();
  const firstLink = firstCard.getByRole('link');
  await firstLink.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(firstLink).toBeFocused();
  expect(await firstCard.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

test('signs in with a code sent to the email', async ({ page, request }) => {
  // a registered email receives sign-in codes once its owner has proven it in the personal centre
  const person = await newMember(request, 'demo', 'Test Member', { emailProven: true });
  await signInWithCode(page, request, 'Email', person.email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hello, Test Member' })).toBeVisible();
});
