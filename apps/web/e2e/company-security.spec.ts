import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { latestCode, newAdmin, newMember } from './people';
import { clickOnceAtRest, createAccountMember } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible } from './support';
import { expect, test } from './test';

/** Turns on two-step sign-in for the session's person, as the personal centre does. */
async function turnOnTwoStep(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const setup = (await (await request.post(accountSecurityCalls.twoStepSetup.path, { headers })).json()) as {
    data: { secret: string };
  };
  const confirmed = await request.post(accountSecurityCalls.twoStepConfirm.path, {
    headers,
    data: { code: await generate({ secret: setup.data.secret }) },
  });
  expect(((await confirmed.json()) as { code: number }).code).toBe(0);
}

test('requiring two-step sign-in waits for the administrator to have it, then names who it touches first', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const admin = await newAdmin(request, 'Security Admin');
  // a handed-out member: no two-step sign-in (its phone and email unproven too)
  await createAccountMember(request, admin, 'Unproven Member');
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=security');
  const toggle = page.getByRole('switch', { name: 'Require two-step sign-in for members' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(/Turn on two-step sign-in for yourself first/);
  await expect(page.getByRole('link', { name: 'Set it up in the personal center' })).toHaveAttribute(
    'href',
    '/personal',
  );
  await expectAccessible(page);

  await turnOnTwoStep(request, admin.token);
  await page.reload();
  await expect(toggle).toBeEnabled();
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Require two-step sign-in of every member?' });
  await expect(dialog).toContainText(
    'It applies to 2 members, you included. 1 of them has no two-step sign-in and will have to set it up at their next sign-in',
  );
  await clickOnceAtRest(dialog.getByRole('button', { name: 'Cancel' }));
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await toggle.click();
  await clickOnceAtRest(dialog.getByRole('button', { name: 'Require it' }));
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
});

test("a member a company requires two-step sign-in of sets it up with the app's code and one sent to the phone", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await newAdmin(request, 'Requiring Admin');
  await grantProducts(admin.domain, 'settcntr');
  await turnOnTwoStep(request, admin.token);
  const saved = await request.post(settingsCalls.saveSecurity.path, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { requireTwoStep: true },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(0);
  // signed up with a proven phone and an unproven email: the set-up's code goes to the phone
  const member = await newMember(request, admin.domain, 'Required Member');
  await useSession(context, member.token, baseURL!);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/two-step-setup$/);
  const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await generate({ secret }));
  // the password that opened this session is not enough: a code to the phone as well
  await expect(page.getByText(/Your company requires two-step sign-in\. To make sure it is you/)).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Code sent to ${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`)).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('textbox', { name: 'Code sent to your email or phone' })
    .fill(await latestCode(request, member.phone));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
});

test('phones and emails no code has proven are tagged, in the members list and the personal centre', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const admin = await newAdmin(request, 'Tagging Admin');
  const member = await createAccountMember(request, admin, 'Unproven Member');
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=members');
  const row = page.getByRole('row', { name: /Unproven Member/ });
  await expect(row).toContainText(member.phone);
  await expect(row.getByText('Not verified')).toBeVisible();
  // the administrator's own registration email is unproven too; the phone, proven by its code, is not tagged
  const own = page.getByRole('row', { name: /Tagging Admin/ });
  await expect(own.getByText('Not verified')).toHaveCount(1);
  await expectAccessible(page);

  await page.goto('/personal');
  await page.getByRole('button', { name: 'Verify email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify email' });
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(admin.email);
});
