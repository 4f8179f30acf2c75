import { latestCode, newAdmin, newMember, uniquePhone } from './people';
import { createAccountMember, reloadInTheme, signInWithPhone } from './portal-api';
import { expectAccessible, screenshotPath, signInWithAccount, useLanguage } from './support';
import { expect, test } from './test';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en-US', baseURL!);
});

test('after the cut-off an unverified account must verify its phone before going on', async ({ page, request }) => {
  // an account an administrator hands out has not verified its phone; the cut-off (2025-06-30) is past
  const admin = await newAdmin(request);
  const member = await createAccountMember(request, admin);

  await signInWithAccount(page, member);
  const prompt = page.getByRole('dialog', { name: 'Please verify your phone number' });
  await expect(prompt).toContainText('National cybersecurity rules require a verified phone number');
  await expect(prompt.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('verify-prompt-dark'), animations: 'disabled' });
  await prompt.getByRole('button', { name: 'Verify now' }).click();

  await expect(page).toHaveURL(/\/vertify-phone$/);
  await expect(page.getByRole('heading', { name: 'Phone verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toHaveValue(member.phone);
  await page.screenshot({ path: screenshotPath('vertify-phone-dark'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);
  await reloadInTheme(page, 'light');
  await expect(phone).toHaveValue(member.phone);
  await page.screenshot({ path: screenshotPath('vertify-phone-light'), fullPage: true, animations: 'disabled' });
  await expectAccessible(page);

  // Nothing else answers until the phone is verified: the app brings the user back here.
  await page.goto('/home');
  await expect(page.getByText('Please verify your phone number first')).toBeVisible();
  await expect(page).toHaveURL(/\/vertify-phone$/);

  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, member.phone));
  await page.getByRole('button', { name: 'Verify and continue' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Phone number verified')).toBeVisible();
  // the administrator's new company has no products yet
  await expect(page.getByText('Your company has no products yet.', { exact: false })).toBeVisible();
});

test('a phone held by a colleague is refused with a modal naming that account', async ({ page, request }) => {
  // a phone holds an account once its owner has proven it: the one an administrator typed in blocks nobody
  const admin = await newAdmin(request);
  const held = uniquePhone();
  const holder = await newMember(request, admin.domain, 'Holder Person', { phone: held, account: `m${held}` });
  await signInWithPhone(page, admin);
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/vertify-phone');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toHaveValue(admin.phone);
  await phone.fill(holder.phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, holder.phone));
  await page.getByRole('button', { name: 'Verify and continue' }).click();

  const modal = page.getByRole('dialog', { name: 'Phone number already bound' });
  // masked by the server: first character of the name, ends of the account
  await expect(modal).toContainText(/already bound to another account in your company: H\* \(m1\*{3}\d\)/);
  await page.screenshot({ path: screenshotPath('vertify-phone-bound-dark'), animations: 'disabled' });
  await expectAccessible(page);
  // The modal keeps the focus; switch the theme behind it as the toolbar would.
  await page.getByRole('button', { name: 'Switch to light theme' }).dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.screenshot({ path: screenshotPath('vertify-phone-bound-light'), animations: 'disabled' });
  await expectAccessible(page);

  await modal.getByRole('button', { name: 'Use another number' }).click();
  await expect(modal).toBeHidden();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue(holder.phone);
});
