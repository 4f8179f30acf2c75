import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { PASSWORD, newMember } from './people';
import { addVirtualAuthenticator, useLanguage } from './support';
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
