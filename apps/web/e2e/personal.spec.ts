import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { call, succeed } from './call';
import { type Person, PASSWORD, inviteLink, latestCode, newMember, registrationTicket, uniquePhone } from './people';
import { clickOnceAtRest } from './portal-api';
import { expectAccessible, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

/** A new member signed up without an email (people.ts always gives one), to bind a first email. */
async function newMemberWithoutEmail(request: APIRequestContext): Promise<Omit<Person, 'email' | 'id'>> {
  const link = await inviteLink('member');
  const phone = uniquePhone();
  const ticket = await registrationTicket(request, phone);
  const nickname = 'No Email Yet';
  const { token } = await succeed(request, registrationCalls.memberSignUp, {
    body: { referralId: link.id, ticket, nickname, password: PASSWORD, confirmPassword: PASSWORD },
  });
  return { phone, password: PASSWORD, nickname, token };
}

/** The envelope code of a password sign-in: 0 when it works, 1009117 when it does not. */
async function signInCode(
  request: APIRequestContext,
  identifierType: 'phone' | 'email',
  identifier: string,
  password: string,
): Promise<{ code: number; token?: string }> {
  const reply = await call(request, signInCalls.login, {
    body: { loginType: 'password', identifierType, identifier, password },
  });
  return { code: reply.code, ...(reply.code === 0 ? { token: reply.data.token } : {}) };
}

/** Opens the personal centre as `person`, in English. */
async function openPersonal(page: Page, context: BrowserContext, baseURL: string, person: { token: string }) {
  await useLanguage(context, 'en-US', baseURL);
  await context.addCookies([{ name: 'token', value: person.token, url: baseURL }]);
  await page.goto('/personal');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal center' })).toBeVisible();
}

/** Asks for a code in the open dialog and reads it from the development outbox once it is sent. */
async function requestCode(page: Page, request: APIRequestContext, target: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  // a dialog opened just now may still be zooming in: a press then can miss the moving button
  await clickOnceAtRest(dialog.getByRole('button', { name: 'Get code' }));
  // not anchored at the start: antd keeps its fading loading icon (named "loading") a moment longer
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s$/ })).toBeDisabled();
  return latestCode(request, target);
}

const security = (page: Page) => page.getByRole('region', { name: 'Account and security' });

test.describe('personal centre', () => {
  test('changes the name everywhere the app shows it', async ({ page, context, baseURL, request }) => {
    const person = await newMember(request);
    await openPersonal(page, context, baseURL!, person);

    await page.getByRole('button', { name: 'Change name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change name' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Renamed Person');
    // keyboard: Enter in the field saves
    await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');

    await expect(page.getByText('Changed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Renamed Person');
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('_userInfo') ?? '{}'));
    expect(stored).toMatchObject({ nickname: 'Renamed Person' });
  });

  test('changes the phone with a code sent to the new one, which then signs in', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const person = await newMember(request);
    const newPhone = uniquePhone();
    await openPersonal(page, context, baseURL!, person);

    await page.getByRole('button', { name: 'Change phone number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change phone number' });
    await expect(dialog.getByText(`Current: ${person.phone}`)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'New phone number' }).fill(newPhone);
    const code = await requestCode(page, request, newPhone);
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Changed successfully')).toBeVisible();
    await expect(security(page).getByText(newPhone)).toBeVisible();
    expect((await signInCode(request, 'phone', newPhone, person.password)).code).toBe(0);
    expect((await signInCode(request, 'phone', person.phone, person.password)).code).toBe(1009117);
  });

  test('changes the password: the old one stops working and other sessions end', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const person = await newMember(request);
    const elsewhere = await signInCode(request, 'phone', person.phone, person.password);
    expect(elsewhere.code).toBe(0);
    const newPassword = 'Changed2026pw';
    await openPersonal(page, context, baseURL!, person);

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Original password').fill(person.password);
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Changed successfully')).toBeVisible();
    expect((await signInCode(request, 'phone', person.phone, person.password)).code).toBe(1009117);
    expect((await signInCode(request, 'phone', person.phone, newPassword)).code).toBe(0);
    expect((await call(request, signInCalls.currentUser, { token: elsewhere.token })).code).toBe(1000401);
    // this session goes on
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Personal center' })).toBeVisible();
  });

  test('verifies the email given at registration, then changes it with a code sent to the new one', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const person = await newMember(request);
    const newEmail = `${uniquePhone()}@changed.example.com`;
    await openPersonal(page, context, baseURL!, person);

    // the email typed at registration is unproven until a code sent to it proves it
    await expect(security(page).getByText('Not verified')).toBeVisible();
    await page.getByRole('button', { name: 'Verify email' }).click();
    const proving = page.getByRole('dialog', { name: 'Verify email' });
    await expect(proving.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
    await proving
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await requestCode(page, request, person.email));
    await proving.getByRole('button', { name: 'Save' }).click();
    await expect(proving).toBeHidden();
    await expect(security(page).getByText('Not verified')).toBeHidden();

    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email' });
    await dialog.getByRole('textbox', { name: 'New email' }).fill(newEmail);
    const code = await requestCode(page, request, newEmail);
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // the proof's own toast may still be on screen: this one is the newest
    await expect(page.getByText('Changed successfully').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(security(page).getByText(newEmail)).toBeVisible();
    expect((await signInCode(request, 'email', newEmail, person.password)).code).toBe(0);
  });

  test('binds an email for a person who has none', async ({ page, context, baseURL, request }) => {
    const person = await newMemberWithoutEmail(request);
    const email = `${person.phone}@bound.example.com`;
    await openPersonal(page, context, baseURL!, person);
    await expect(security(page).getByText('Not bound')).toBeVisible();

    await page.getByRole('button', { name: 'Bind email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bind email' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    const code = await requestCode(page, request, email);
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Saved successfully')).toBeVisible();
    await expect(security(page).getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
  });

  for (const mode of ['dark', 'light'] as const) {
    test(`the page and every form are accessible in the ${mode} theme`, async ({ page, context, baseURL, request }) => {
      // five axe scans of a full antd page take 1.5-2 s each here, more when the machine is busy
      test.setTimeout(60_000);
      const person = await newMember(request, 'demo', 'Accessible Person');
      await context.addInitScript((theme) => {
        window.localStorage.setItem('_appPreferences', JSON.stringify({ mode: theme }));
      }, mode);
      await openPersonal(page, context, baseURL!, person);
      await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await page.screenshot({ path: screenshotPath(`personal-${mode}`), fullPage: true });
      await expectAccessible(page);

      for (const [button, shot] of [
        ['Change name', 'name'],
        ['Change phone number', 'phone'],
        // a new member's email, typed at registration, waits to be proven
        ['Verify email', 'email'],
        ['Change password', 'password'],
      ] as const) {
        const trigger = page.getByRole('button', { name: button });
        await trigger.click();
        const dialog = page.getByRole('dialog', { name: button });
        await expect(dialog).toBeVisible();
        // the name starts filled in; emptied, every form shows its messages, whose contrast counts too
        if (shot === 'name') await dialog.getByRole('textbox', { name: 'Name' }).clear();
        // pressed once the dialog has stopped zooming in: a press then can miss the moving button
        await clickOnceAtRest(dialog.getByRole('button', { name: 'Save' }));
        await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
        // colours are measured once the opening and message animations are over
        await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-show-help-appear')).toHaveCount(0);
        await page.screenshot({ path: screenshotPath(`personal-${shot}-${mode}`) });
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        // focus goes back to the button that opened the dialog
        await expect(trigger).toBeFocused();
      }
    });
  }
});
