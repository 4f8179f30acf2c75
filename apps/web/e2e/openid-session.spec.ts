import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { generate } from 'otplib';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { expect, test } from './openid-product';
import { PASSWORD, newAdmin } from './people';
import { grantProducts, useSession } from './product-rights';

/**
 * The sample product (examples/product-app) and the portal session in the browser: a silent sign-in
 * (`prompt=none`) while the portal session lives and not after it ended, and a step-up before a
 * remote command that asks the portal for two factors and gets `amr` with the second.
 */

/** The product forgets its own session, as it does after its idle limit: the portal's stays. */
async function forgetProductSession(context: BrowserContext) {
  await context.clearCookies({ name: 'product_session' });
}

/** Turns two-step sign-in on for the session's person, as the personal centre does; the app's secret
 *  and the recovery codes. */
async function turnOnTwoStep(
  request: APIRequestContext,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const headers = { Authorization: `Bearer ${token}` };
  const setup = (await (await request.post(accountSecurityCalls.twoStepSetup.path, { headers })).json()) as {
    data: { secret: string };
  };
  const confirmed = await request.post(accountSecurityCalls.twoStepConfirm.path, {
    headers,
    data: { code: await generate({ secret: setup.data.secret }) },
  });
  const answer = (await confirmed.json()) as { code: number; data: { recoveryCodes: string[] } };
  expect(answer.code).toBe(0);
  return { secret: setup.data.secret, recoveryCodes: answer.data.recoveryCodes };
}

/** A portal sign-in with both steps: the password, then `code` (of the app, or a recovery code). */
async function signInWithBothSteps(request: APIRequestContext, phone: string, code: string): Promise<string> {
  const first = await request.post(signInCalls.login.path, {
    data: { loginType: 'password', identifierType: 'phone', identifier: phone, password: PASSWORD },
  });
  const { ticket } = ((await first.json()) as { data: { twoStep: { ticket: string } } }).data.twoStep;
  const second = await request.post(signInCalls.loginTwoStep.path, { data: { ticket, code } });
  const answer = (await second.json()) as { code: number; data: { token: string } };
  expect(answer.code).toBe(0);
  return answer.data.token;
}

test('a product signs in silently while the portal session lives, and is refused once it ended', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await newAdmin(request, 'Silent Person');
  await grantProducts(admin.domain, 'esguard');
  await useSession(context, admin.token, baseURL!);

  // the first sign-in makes the product's grant (the portal asks nothing of a person signed in)
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('Silent Person');

  await forgetProductSession(context);
  await page.goto(`${productApp.url}/login?silent`);
  await expect(page.getByTestId('who')).toHaveText('Silent Person');
  await expect(page).toHaveURL(`${productApp.url}/`);

  // the person signs out of the portal (elsewhere, the product not told): the next silent sign-in is refused
  const signedOut = await request.post(signInCalls.logout.path, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(((await signedOut.json()) as { code: number }).code).toBe(0);
  await forgetProductSession(context);
  await page.goto(`${productApp.url}/login?silent`);
  await expect(page.getByTestId('silent-refused')).toContainText('login_required');
});

test("a product is refused once the person ended this browser's portal session from another device", async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await newAdmin(request, 'Revoked Person');
  await grantProducts(admin.domain, 'esguard');
  await useSession(context, admin.token, baseURL!);
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('Revoked Person');

  // on their phone, the person signs in and ends this browser's session in My sessions
  const signedIn = await request.post(signInCalls.login.path, {
    data: { loginType: 'password', identifierType: 'phone', identifier: admin.phone, password: PASSWORD },
  });
  const phone = { Authorization: `Bearer ${((await signedIn.json()) as { data: { token: string } }).data.token}` };
  const sessions = (await (await request.get(accountSecurityCalls.mySessions.path, { headers: phone })).json()) as {
    data: { items: { id: number; current: boolean }[] };
  };
  const others = sessions.data.items.filter((session) => !session.current);
  expect(others).toHaveLength(1);
  const revoked = await request.post(accountSecurityCalls.revokeMySession.path, {
    headers: phone,
    data: { id: others[0]!.id },
  });
  expect(((await revoked.json()) as { code: number }).code).toBe(0);

  await forgetProductSession(context);
  await page.goto(`${productApp.url}/login?silent`);
  await expect(page.getByTestId('silent-refused')).toContainText('login_required');
});

test('a remote command asks for a step-up, and the product gets amr with the second factor', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await newAdmin(request, 'Step Up Person');
  await grantProducts(admin.domain, 'esguard');
  const { secret } = await turnOnTwoStep(request, admin.token);
  await useSession(context, admin.token, baseURL!);
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('Step Up Person');

  await page.getByRole('button', { name: 'Stop the plant' }).click();
  // the portal's screen asks for the password, then the code of the app: the portal session stays
  await expect(page).toHaveURL((url) => url.href.startsWith(`${baseURL}/authorize`));
  const step = page.getByTestId('authorize-reauthenticate-step');
  await expect(page.getByText('asks for two steps')).toBeVisible();
  await step.getByLabel('Current password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Confirm' }).click();
  await step
    .getByLabel('Two-step code or recovery code')
    .fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await step.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL((url) => url.href.startsWith(productApp.url));
  await expect(page.getByTestId('command-sent')).toContainText('Sent: Stop the plant');
  // the product checked the ID token of the step-up: two factors, the second among its methods
  await expect(page.getByTestId('command-amr')).toHaveText('pwd otp mfa');
  await expect(page.getByTestId('who')).toHaveText('Step Up Person');

  // still signed in to the portal
  await page.goto(`${baseURL}/home`);
  await expect(page).toHaveURL(`${baseURL}/home`);
});

test('a person who signed in to the portal with both steps proves both again for a remote command', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await newAdmin(request, 'Both Steps Person');
  await grantProducts(admin.domain, 'esguard');
  const { secret, recoveryCodes } = await turnOnTwoStep(request, admin.token);
  // the portal session's own sign-in had both steps (its second a recovery code, so that the app's
  // next code is still unused for the step-up)
  const token = await signInWithBothSteps(request, admin.phone, recoveryCodes[0]!);
  await useSession(context, token, baseURL!);
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('Both Steps Person');

  await page.getByRole('button', { name: 'Restart the inverter' }).click();
  // that sign-in came before the product's request: the screen asks for both steps of this one
  await expect(page).toHaveURL((url) => url.href.startsWith(`${baseURL}/authorize`));
  const step = page.getByTestId('authorize-reauthenticate-step');
  await expect(page.getByText('asks for two steps')).toBeVisible();
  await expect(step.getByRole('radio')).toHaveCount(0);
  await step.getByLabel('Current password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Confirm' }).click();
  await step
    .getByLabel('Two-step code or recovery code')
    .fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await step.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL((url) => url.href.startsWith(productApp.url));
  await expect(page.getByTestId('command-sent')).toContainText('Sent: Restart the inverter');
  await expect(page.getByTestId('command-amr')).toHaveText('pwd otp mfa');
});

test('a person without a second factor is told where to get one, and the product sends nothing', async ({
  page,
  context,
  request,
  baseURL,
  productApp,
}) => {
  const admin = await newAdmin(request, 'One Factor Person');
  await grantProducts(admin.domain, 'esguard');
  await useSession(context, admin.token, baseURL!);
  await page.goto(productApp.url);
  await page.getByRole('link', { name: 'Sign in with the portal' }).click();
  await expect(page.getByTestId('who')).toHaveText('One Factor Person');

  await page.getByRole('button', { name: 'Stop the plant' }).click();
  const notice = page.getByTestId('authorize-no-second-factor');
  await expect(notice).toContainText('Turn on two-step sign-in or add a passkey in the personal center');
  await expect(notice.getByRole('link', { name: 'Open the personal center' })).toHaveAttribute('href', '/personal');
  const step = page.getByTestId('authorize-reauthenticate-step');
  await step.getByLabel('Current password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL((url) => url.href.startsWith(productApp.url));
  await expect(page.getByTestId('command-refused')).toContainText('one factor only');
});
