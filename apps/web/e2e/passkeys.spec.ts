import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { succeed } from './call';
import { newMember } from './people';
import { addVirtualAuthenticator, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

/**
 * Passkeys in Chromium with a virtual authenticator (CDP WebAuthn domain): a platform authenticator
 * with resident keys and user verification that answers by itself, as a fingerprint would. The e2e
 * server is http://localhost, a secure context, whose relying-party id is `localhost`.
 */
test('a member adds a passkey in the personal centre, signs out, and signs in with it', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const person = await newMember(request, 'demo', 'Passkey Person');
  const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);

  await useLanguage(context, 'en-US', baseURL!);
  await context.addCookies([{ name: 'token', value: person.token, url: baseURL! }]);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/personal');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet')).toBeVisible();

  await card.getByRole('button', { name: /Add a passkey/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Test laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(card.getByRole('list', { name: '1 passkey' }).getByText('Test laptop')).toBeVisible();
  await expect(card.getByText('Not used yet')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
  await page.screenshot({ path: screenshotPath('passkeys-personal-360') });

  // signed out: the session ends on the server and the browser forgets it
  await succeed(request, signInCalls.logout, { token: person.token });
  await context.clearCookies({ name: 'token' });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // into the portal as after a password: the home page of the member's company
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });

  // the passkey says it was used, and can be renamed and removed
  await page.goto('/personal');
  await expect(card.getByText(/^Added .* · Last used /)).toBeVisible();
  await card.getByRole('button', { name: 'Rename: Test laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Work laptop')).toBeVisible();
  await card.getByRole('button', { name: 'Remove: Work laptop' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(card.getByText('No passkeys yet')).toBeVisible();
});
