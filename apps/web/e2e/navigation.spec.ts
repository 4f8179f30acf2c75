import { expect, test } from './test';

test('without a token, a signed-in page or a product entry path sends the visitor to sign-in', async ({ page }) => {
  for (const path of ['/home', '/personal', '/mg?productId=2']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});
