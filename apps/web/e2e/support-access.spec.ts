import { portalCalls } from '@portal/shared/api/contract/portal';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { database } from './database';
import { expect, test } from './openid-product';
import { newAdmin } from './people';
import { reloadInTheme } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';

test.use({ viewport: { width: 360, height: 780 } });

/**
 * On a phone: the platform's support enters a company that consented, sees who acts and until when,
 * the product sees `act`, a change that stays the company's own is refused, and the company's
 * early revoke signs the support out of the portal and the product.
 */
test('support enters with consent, is refused a security change, and is signed out by the revoke', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  // eight page loads, a product sign-in and four accessibility scans before the revoke, whose own
  // bound is the 10 s below: on a loaded machine they used up the default 30 s
  test.slow();
  const customer = await newAdmin(request, 'Customer Admin');
  await grantProducts(customer.domain, 'esguard', 'settcntr');
  const support = await newAdmin(request, 'Sam Support');
  const supportCompany = await database()
    .selectFrom('enterprises')
    .select('id')
    .where('domain', '=', support.domain)
    .executeTakeFirstOrThrow();
  // the operator names the support staff (`portal support add`), in the server's database
  await database()
    .insertInto('support_staff')
    .values({ user_id: support.id, enterprise_id: supportCompany.id, created_at: Date.now() })
    .execute();

  // the company's administrator consents, just signed in: a fresh proof
  const asCustomer = { Authorization: `Bearer ${customer.token}` };
  const granted = await request.post(settingsCalls.grantSupportAccess.path, {
    headers: asCustomer,
    data: { hours: 2 },
  });
  expect(((await granted.json()) as { code: number }).code).toBe(0);

  await useSession(context, support.token, baseURL!);
  await page.goto('/');
  // the offer of this company (a support person sees every company whose window is open)
  await page
    .getByRole('listitem')
    .filter({ hasText: customer.companyName })
    .getByRole('button', { name: 'Enter as support' })
    .click();
  const banner = page.getByRole('status').filter({ hasText: "as the platform's support" });
  await expect(banner).toContainText(`Sam Support acts for ${customer.companyName}`);
  // the banner fits the phone's width
  const box = (await banner.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  // readable in both themes
  for (const mode of ['light', 'dark'] as const) {
    await reloadInTheme(page, mode);
    await expect(banner).toBeVisible();
    await page.screenshot({ path: screenshotPath(`support-banner-360-${mode}`), fullPage: true });
    await expectAccessible(page);
  }

  // the product sees who acts
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('Sam Support');
  await expect(page.getByTestId('role')).toHaveText('support');
  await expect(page.getByTestId('acting')).toContainText(`subject ${support.id}`);

  // the company's own security stays its own
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('status').filter({ hasText: 'Sam Support acts for' })).toBeVisible();
  // the card with its revoke reads in both themes
  for (const mode of ['dark', 'light'] as const) {
    await reloadInTheme(page, mode);
    await expect(page.getByRole('button', { name: 'End support access now' })).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'End support access now' }).click();
  await expect(page.getByText("Not while the platform's support acts in this company")).toBeVisible();

  // the company ends it early: the portal signs the support out, and the product within 5 s
  const revoked = await request.post(settingsCalls.revokeSupportAccess.path, { headers: asCustomer, data: {} });
  expect(((await revoked.json()) as { code: number }).code).toBe(0);
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  const answer = await request.get(portalCalls.portalInfo.path, {
    headers: { Authorization: `Bearer ${support.token}` },
  });
  expect(answer.status()).toBe(401);
  await expect
    .poll(
      async () => {
        await page.goto(productApp.url);
        return page.getByTestId('signed-out').isVisible();
      },
      { timeout: 5_000 },
    )
    .toBe(true);
});

/**
 * On a phone: a support person asks a company from the launcher, the company's administrator approves
 * it for fewer hours in the support access card, and the support person may then enter.
 */
test('a support request asked from the launcher and approved in the card opens the window', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const customer = await newAdmin(request, 'Customer Admin');
  await grantProducts(customer.domain, 'esguard', 'settcntr');
  const support = await newAdmin(request, 'Sam Support');
  const supportCompany = await database()
    .selectFrom('enterprises')
    .select('id')
    .where('domain', '=', support.domain)
    .executeTakeFirstOrThrow();
  await database()
    .insertInto('support_staff')
    .values({ user_id: support.id, enterprise_id: supportCompany.id, created_at: Date.now() })
    .execute();

  await useSession(context, support.token, baseURL!);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Company domain' }).fill(customer.domain);
  await page.getByRole('spinbutton', { name: /^Hours/ }).fill('6');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Meter readings missing since Monday');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Waiting')).toBeVisible();
  const form = page.getByRole('region', { name: 'Ask a company for access' });
  const formBox = (await form.boundingBox())!;
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: screenshotPath('support-request-360'), fullPage: true });
  await expectAccessible(page);

  // the company's administrator, just signed in (a fresh proof), approves it for 2 hours of the 6
  await useSession(context, customer.token, baseURL!);
  await page.goto('/settings?tab=security');
  await expect(page.getByLabel('1 open request')).toBeVisible();
  await expect(page.getByText('Sam Support asks for 6 h: Meter readings missing since Monday')).toBeVisible();
  await page.screenshot({ path: screenshotPath('support-request-card-360'), fullPage: true });
  await expectAccessible(page);
  await page.getByRole('spinbutton', { name: /Hours to approve/ }).fill('2');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText("The platform's support may enter until")).toBeVisible();
  await expect(page.getByText('Requests from support')).toBeHidden();

  // the support person sees it approved, and the company to enter
  await useSession(context, support.token, baseURL!);
  await page.goto('/');
  await expect(page.getByText('Approved')).toBeVisible();
  // every company whose window is open is offered to the whole support staff: this one among them
  const offered = page.getByRole('listitem').filter({ hasText: customer.companyName });
  await expect(offered.getByRole('button', { name: 'Enter as support' })).toBeVisible();
});
