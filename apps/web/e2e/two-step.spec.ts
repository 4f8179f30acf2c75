import { generate } from 'otplib';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { succeed } from './call';
import { newMember } from './people';
import { expectAccessible, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

/**
 * Two-step sign-in in Chromium, the authenticator app played by otplib: a member turns it on in the
 * personal centre (the code computed from the key the dialog shows), signs out, and signs in again
 * with the password and then a code.
 */
test('a member turns on two-step sign-in, signs out, and signs in with the password and a code', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const person = await newMember(request, 'demo', 'Two Step Person');
  await useLanguage(context, 'en-US', baseURL!);
  await context.addCookies([{ name: 'token', value: person.token, url: baseURL! }]);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/personal');

  const card = page.getByRole('region', { name: /Two-step sign-in/ });
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
  await dialog.getByRole('textbox', { name: '6-digit code from the app' }).fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const codes = dialog.getByRole('list', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await page.screenshot({ path: screenshotPath('two-step-recovery-codes-360') });
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();

  // signed out: the session ends on the server and the browser forgets it
  await succeed(request, signInCalls.logout, { token: person.token });
  await context.clearCookies({ name: 'token' });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
  await panel.getByLabel('Password', { exact: true }).fill(person.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();

  // the password alone opens nothing: the second step asks for the app's code
  await expect(page).toHaveURL(/\/login\/two-step$/);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expectAccessible(page);
  const code = page.getByRole('textbox', { name: 'Code' });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Wrong two-step code, please try again')).toBeVisible();
  // the code of the next 30-second step: the one that confirmed the set-up cannot be used again
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
});
