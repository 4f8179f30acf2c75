import { newAdmin } from './people';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';
import { expect, test } from './test';

test('a product card on home opens the hand-off page with the signed-in person and company', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, 'Hand-off Admin');
  await grantProducts(admin.domain, 'esguard', 'seop');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/home');
  await page.getByRole('link', { name: /Energy Storage Manager/ }).click();
  await expect(page).toHaveURL(/\/es\?productId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Energy Storage Manager' })).toBeVisible();
  await expect(page.getByText('You have entered Energy Storage Manager with your portal session.')).toBeVisible();
  await expect(page.getByTestId('handoff-user')).toHaveText('Hand-off Admin');
  await expect(page.getByText(admin.companyName)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: screenshotPath('handoff-dark'), fullPage: true });

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(page);
  await page.screenshot({ path: screenshotPath('handoff-light'), fullPage: true });

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
