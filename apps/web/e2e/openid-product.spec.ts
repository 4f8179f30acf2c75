import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { ProductCode } from '@portal/shared/products';
import { expect, test } from './openid-product';
import { type Person, newAdmin } from './people';
import { grantProducts, useSession } from './product-rights';
import { screenshotPath, useLanguage } from './support';

/**
 * The sample product (examples/product-app) signs people in through the portal's OpenID provider in
 * the browser: a product on another site, with a stock library (openid-client), end to end.
 */

/** An address that begins with `prefix`. */
const startsWith = (prefix: string) => (url: URL) => url.href.startsWith(prefix);

/** A new admin of a company with `products`, who reads the portal in English. */
async function englishAdmin(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  name: string,
  ...products: ProductCode[]
) {
  const admin = await newAdmin(request, name);
  if (products.length) await grantProducts(admin.domain, ...products);
  await useLanguage(context, 'en-US', baseURL);
  return admin;
}

/** Opens the product and follows its "Sign in" link to the portal. */
async function startSignIn(page: Page, productUrl: string) {
  await page.goto(productUrl);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
}

/** Signs in on the portal's sign-in page, where the product's "Sign in" led, with the phone's password. */
async function signInOnPortal(page: Page, baseURL: string, person: Pick<Person, 'phone' | 'password'>) {
  await expect(page).toHaveURL(startsWith(`${baseURL}/login`));
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
  await panel.getByLabel('Password', { exact: true }).fill(person.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** The page fits its viewport's width: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [label, viewport] of [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 360 px', { width: 360, height: 780 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a person signs in to the product through the portal, calls its API and signs out of both', async ({
      page,
      context,
      request,
      baseURL,
      productApp,
    }) => {
      const admin = await englishAdmin(request, context, baseURL!, 'Product Person', 'esguard');

      await page.goto(productApp.url);
      await expect(page.getByTestId('signed-out')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Sign in with the portal' }).click();

      await signInOnPortal(page, baseURL!, admin);
      await expect(page).toHaveURL(`${productApp.url}/`);
      await expect(page.getByTestId('who')).toHaveText('Product Person');
      await expect(page.getByTestId('sub')).toHaveText(String(admin.id));
      await expect(page.getByTestId('company')).toHaveText(admin.companyName);
      await expect(page.getByTestId('role')).toHaveText('admin');
      await expect(page.getByTestId('product')).toHaveText('esguard');
      await expectNoSidewaysScroll(page);

      // the product's API verified the JWT access token the portal issued for it
      await page.getByRole('button', { name: 'Call the API' }).click();
      const answer = JSON.parse((await page.getByTestId('api-result').textContent())!) as Record<string, unknown>;
      expect(answer).toMatchObject({
        sub: String(admin.id),
        company_name: admin.companyName,
        company_role: 'admin',
        product: 'esguard',
        aud: `${baseURL}/es`,
      });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: screenshotPath(`openid-product-${viewport.width}`), fullPage: true });

      // the portal confirms the sign-out, then sends the person back to the product
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(startsWith(`${baseURL}/oidc/session/end`));
      await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByTestId('signed-out')).toBeVisible();
      await expect(page).toHaveURL(`${productApp.url}/`);
      // the confirmed sign-out took the portal's token cookie with it
      expect((await context.cookies(baseURL!)).map((c) => c.name)).not.toContain('token');

      // and out of the portal: its session ends with the product's sign-out, and no "login expired" greets
      await page.goto(`${baseURL}/home`);
      await expect(page).toHaveURL(startsWith(`${baseURL}/login`));
      await expect(page.getByText('Login Expired')).toHaveCount(0);
    });
  });
}

test('a person signed in to the portal is not asked again', async ({ page, context, request, baseURL, productApp }) => {
  const admin = await newAdmin(request, 'Already In');
  await grantProducts(admin.domain, 'esguard');
  await useSession(context, admin.token, baseURL!);
  const portalPages: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith(baseURL!)) portalPages.push(new URL(frame.url()).pathname);
  });

  await startSignIn(page, productApp.url);
  await expect(page.getByTestId('who')).toHaveText('Already In');
  await expect(page).toHaveURL(`${productApp.url}/`);
  expect(portalPages).not.toContain('/login');
});

test('revoking the session in My sessions signs the person out of the product within seconds', async ({
  browser,
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await englishAdmin(request, context, baseURL!, 'Revoked Person', 'esguard');
  await startSignIn(page, productApp.url);
  await signInOnPortal(page, baseURL!, admin);
  await expect(page.getByTestId('who')).toHaveText('Revoked Person');

  // the person's other browser, in the session their first sign-in opened, signs this one out
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.7' } });
  try {
    await useSession(other, admin.token, baseURL!);
    const personal = await other.newPage();
    await personal.goto(`${baseURL}/personal`);
    const sessions = personal.getByRole('region', { name: 'My sessions' });
    const items = sessions.getByRole('listitem').filter({ has: personal.getByRole('img') });
    await expect(items).toHaveCount(2);
    await items.filter({ hasNotText: 'This device' }).getByRole('button').click();
    await personal.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(personal.getByText('The device was signed out')).toBeVisible();
  } finally {
    await other.close();
  }

  // the portal's back-channel logout reached the product, which ended its session
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('signed-out')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
});

test("a company without the product's right is refused, and the product says so", async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await englishAdmin(request, context, baseURL!, 'No Rights');
  await startSignIn(page, productApp.url);
  await signInOnPortal(page, baseURL!, admin);

  await expect(page.getByRole('heading', { name: 'No access to Energy Storage Manager' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Energy Storage Manager' }).click();
  await expect(page).toHaveURL(startsWith(`${productApp.url}/callback?`));
  await expect(page.getByRole('heading', { name: 'Your company has no access to this product' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
});

test('a person refused by the product signs in with another account, and the same sign-in goes on as them', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const refused = await englishAdmin(request, context, baseURL!, 'Wrong Account');
  const entitled = await newAdmin(request, 'Right Account');
  await grantProducts(entitled.domain, 'esguard');
  await startSignIn(page, productApp.url);
  await signInOnPortal(page, baseURL!, refused);

  await expect(page.getByRole('heading', { name: 'No access to Energy Storage Manager' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await signInOnPortal(page, baseURL!, entitled);
  await expect(page.getByTestId('who')).toHaveText('Right Account');
  await expect(page).toHaveURL(`${productApp.url}/`);
});
