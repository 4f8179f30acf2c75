import { codeCalls } from '@portal/shared/api/contract/codes';
import { uniquePhone } from './people';
import { useLanguage } from './support';
import { expect, test } from './test';

const SEND_SMS = codeCalls.sendSms.path;
/** The anonymous sends an address makes before the server asks for a proof of work. */
const SENDS_WITHOUT_PROOF = 20;

test('solves the proof of work the server asks for out of sight, and the code goes out', async ({
  context,
  playwright,
  page,
  baseURL,
}) => {
  // one address for the script below and the browser: an office whose sends have passed the threshold
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const address = `127.${octet()}.${octet()}.${octet()}`;
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  for (let i = 0; i < SENDS_WITHOUT_PROOF; i++) {
    const sent = await script.post(SEND_SMS, { data: { phone: uniquePhone(), scene: 'register' } });
    expect((await sent.json()).code).toBe(0);
  }
  const asked = await script.post(SEND_SMS, { data: { phone: uniquePhone(), scene: 'register' } });
  expect((await asked.json()).code).toBe(1009180);
  await script.dispose();

  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await useLanguage(context, 'en-US', baseURL!);
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByText('Code sign-in').click();
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(uniquePhone());
  const proven = page.waitForRequest((r) => r.url().endsWith(SEND_SMS) && r.headers()['x-proof-of-work'] !== undefined);
  const started = Date.now();
  await panel.getByRole('button', { name: 'Get code' }).click();
  const answer = await (await proven).response();
  expect((await answer!.json()).code).toBe(0);
  console.log(`proof of work in the browser's worker, asked to sent: ${((Date.now() - started) / 1000).toFixed(2)} s`);
  await expect(panel.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  // the person saw no refusal on the way
  await expect(page.getByText(/security check/i)).toHaveCount(0);
});
