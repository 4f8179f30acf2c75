import type { APIRequestContext, Page } from '@playwright/test';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { checkScreenInBothThemes } from './both-themes';
import { call } from './call';
import { PASSWORD, latestCode, newMember } from './people';
import { useLanguage } from './support';
import { expect, test } from './test';

const NEW_PASSWORD = 'Renewed2026pass';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en-US', baseURL!);
});

/** Step 1 on the given tab: the identifier, the get-code button and the code from the development outbox. */
async function verifyIdentity(page: Page, request: APIRequestContext, tab: 'Phone' | 'Email', identifier: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).first().click();
  await expect(page).toHaveURL(/\/forget_password$/);
  await expect(page.getByRole('heading', { name: 'Reset password', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByRole('textbox', { name: tab === 'Phone' ? 'Phone number' : 'Email' }).fill(identifier);
  await panel.getByRole('button', { name: 'Get code' }).click();
  await expect(panel.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  await panel.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, identifier));
  return panel;
}

async function setNewPassword(page: Page) {
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset.', { exact: false })).toBeVisible();
}

async function signInCode(
  request: APIRequestContext,
  identifierType: 'phone' | 'email',
  identifier: string,
  password: string,
) {
  return (
    await call(request, signInCalls.login, { body: { loginType: 'password', identifierType, identifier, password } })
  ).code;
}

test('a person resets the password by email, then signs in with it on the phone tab', async ({ page, request }) => {
  // a registered email receives reset codes once its owner has proven it in the personal centre
  const person = await newMember(request, 'demo', 'Forgetful Member', { emailProven: true });
  const panel = await verifyIdentity(page, request, 'Email', person.email);
  await checkScreenInBothThemes(page, 'reset-verify');
  await panel.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(`Set a new password for the account of ${person.email}.`)).toBeVisible();
  // the confirmation is checked before anything is sent
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText('Please make sure the passwords match')).toBeVisible();
  await checkScreenInBothThemes(page, 'reset-password');
  await setNewPassword(page);

  expect(await signInCode(request, 'email', person.email, PASSWORD)).not.toBe(0);
  const phoneTab = page.getByRole('tabpanel', { name: 'Phone' });
  await phoneTab.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
  await phoneTab.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
  await phoneTab.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hello, Forgetful Member' })).toBeVisible();
});

test('a person resets the password by phone, then signs in with it', async ({ page, request }) => {
  const person = await newMember(request, 'demo', 'Phone Resetter');
  const panel = await verifyIdentity(page, request, 'Phone', person.phone);
  await panel.getByRole('button', { name: 'Next' }).click();
  await setNewPassword(page);

  expect(await signInCode(request, 'phone', person.phone, PASSWORD)).not.toBe(0);
  expect(await signInCode(request, 'phone', person.phone, NEW_PASSWORD)).toBe(0);
});
