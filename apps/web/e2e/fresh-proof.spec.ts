import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { PASSWORD, newMember } from './people';
import { addVirtualAuthenticator, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATABASE = fileURLToPath(new URL(`../test-results/e2e-${PORT}.db`, import.meta.url));

/** The server's clock cannot be moved: the session's proof is dated back in the database of the
 *  running e2e server, as it stands once FRESH_PROOF_MINUTES have passed since the sign-in. */
function makeProofStale(token: string) {
  const db = new Database(DATABASE);
  try {
    db.pragma('busy_timeout = 5000');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const { changes } = db
      .prepare('UPDATE sessions SET proven_at = ? WHERE token_hash = ?')
      .run(Date.now() - (FRESH_PROOF_MINUTES + 1) * 60_000, tokenHash);
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
}

test('a session signed in more than 10 minutes ago is asked for the password before adding a passkey', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const person = await newMember(request, 'demo', 'Proof Person');
  await addVirtualAuthenticator(context, page);
  await useLanguage(context, 'en-US', baseURL!);
  await context.addCookies([{ name: 'token', value: person.token, url: baseURL! }]);
  makeProofStale(person.token);

  await page.goto('/personal');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet')).toBeVisible();
  await card.getByRole('button', { name: /Add a passkey/ }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Borrowed?');
  await add.getByRole('button', { name: 'Continue' }).click();

  const proof = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(proof).toBeVisible();
  await proof.getByLabel('Current password').fill('Wrong2026pass');
  await proof.getByRole('button', { name: 'Confirm' }).click();
  await expect(proof.getByText('Incorrect password')).toBeVisible();
  await expect(card.getByText('No passkeys yet')).toBeVisible();

  await proof.getByLabel('Current password').fill(PASSWORD);
  await proof.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(proof).toBeHidden();
  await expect(card.getByRole('list', { name: '1 passkey' }).getByText('Borrowed?')).toBeVisible();
});

test('a stale session proves it is the person with their passkey before removing it', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await newMember(request, 'demo', 'Passkey Proof');
  await addVirtualAuthenticator(context, page);
  await useLanguage(context, 'en-US', baseURL!);
  await context.addCookies([{ name: 'token', value: person.token, url: baseURL! }]);
  await page.setViewportSize({ width: 360, height: 780 });

  // the sign-in is a fresh proof: the passkey is added without a question
  await page.goto('/personal');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: /Add a passkey/ }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Phone');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('list', { name: '1 passkey' }).getByText('Phone')).toBeVisible();

  makeProofStale(person.token);
  await card.getByRole('button', { name: 'Remove: Phone' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the passkey “Phone”?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const proof = page.getByRole('dialog', { name: 'Confirm it’s you' });
  const usePasskey = proof.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  // reached by the keyboard from the password, with its focus ring, once the dialog has settled
  await proof.getByLabel('Current password').focus();
  // past the password's show button
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(usePasskey).toBeFocused({ timeout: 100 });
  }).toPass({ timeout: 5_000 });
  await expect(usePasskey).toHaveCSS('outline-style', 'solid');
  await expect(page.locator('[class*="ant-zoom"]')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('fresh-proof-passkey-360') });

  // the authenticator answers by itself, as a fingerprint would: proven, and the removal goes ahead
  await usePasskey.click();
  await expect(proof).toBeHidden({ timeout: 20_000 });
  await expect(card.getByText('No passkeys yet')).toBeVisible();
});
