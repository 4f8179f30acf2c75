import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { latestCode, newAdmin, newMember, uniquePhone } from './people';
import { signInWithPhone } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { useLanguage } from './support';
import { expect, test } from './test';

/**
 * Boxes measured at a phone's 360 px where a walk-through found them wrong: what a finger taps is at
 * least 44 px each way (WCAG 2.2 asks 24; the design keeps to 44 on phones), a notice's link goes
 * under its text, a name stays with its account, and an error line stands off the button under it.
 */

const PHONE = { width: 360, height: 740 };
const TARGET_PX = 44;
/** As layout-walkthrough.spec.ts: the least room between an error line and a button under it. */
const ERROR_TO_BUTTON_PX = 16;

test.use({ viewport: PHONE });

async function box(target: Locator) {
  const found = await target.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function expectTapTarget(target: Locator, name: string) {
  const { width, height } = await box(target);
  expect(Math.round(width), `${name}: width`).toBeGreaterThanOrEqual(TARGET_PX);
  expect(Math.round(height), `${name}: height`).toBeGreaterThanOrEqual(TARGET_PX);
}

/** How many lines a stretch of an element's text takes, from `from` to the end of `to`. */
function linesOfStretch(page: Page, selector: string, from: string, to: string) {
  return page.locator(selector).evaluate(
    (el, [start, end]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const text = nodes.map((n) => n.data).join('');
      const endAt = text.lastIndexOf(end!) + end!.length;
      const startAt = text.lastIndexOf(start!, endAt);
      if (startAt < 0 || endAt < end!.length) return -1;
      const at = (offset: number) => {
        let left = offset;
        for (const node of nodes) {
          if (left <= node.data.length) return [node, left] as const;
          left -= node.data.length;
        }
        throw new Error('past the end');
      };
      const range = document.createRange();
      range.setStart(...at(startAt));
      range.setEnd(...at(endAt));
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    },
    [from, to],
  );
}

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

for (const lang of ['en-US', 'zh-CN', 'it-IT'] as const) {
  test(`the security tab's notice keeps its text a readable width and its link under it, in ${lang}`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const admin = await newAdmin(request, 'Narrow Admin');
    await grantProducts(admin.domain, 'settcntr');
    await useSession(context, admin.token, baseURL!, lang);
    await page.goto('/settings?tab=security');
    const text = page.locator('#security-admin-missing');
    const link = page.locator('.ant-alert').getByRole('link');
    await expect(link).toBeVisible();
    const textBox = await box(text);
    const linkBox = await box(link);
    const alertBox = await box(page.locator('.ant-alert'));
    // the text has the notice's width, less its icon and padding: not a column of letters
    expect(textBox.width, 'the notice text').toBeGreaterThan(alertBox.width * 0.6);
    expect(linkBox.y, 'the link under the text').toBeGreaterThanOrEqual(textBox.y + textBox.height - 1);
  });
}

test('"Forgot password?" and the show-password eyes are a fingertip wide and tall', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await useLanguage(context, 'en-US', baseURL!);
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await expectTapTarget(panel.getByRole('link', { name: 'Forgot password?' }), '"Forgot password?"');
  await expectTapTarget(panel.getByRole('button', { name: 'Show password' }), 'the sign-in eye');

  // antd's password fields: the change-password dialog has three
  const person = await newMember(request, 'demo', 'Tap Person');
  await useSession(context, person.token, baseURL!);
  await page.goto('/personal');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const eyes = dialog.locator('.ant-input-password-icon');
  await expect(eyes.first()).toBeVisible();
  // measured once the dialog has grown in: its opening animation scales it
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  const count = await eyes.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    // the target reaches past the drawn icon: a press 21 px off its centre, each way, lands on it
    const reach = await eyes.nth(i).evaluate(
      (eye, half) => {
        const { left, top, width, height } = eye.getBoundingClientRect();
        const [x, y] = [left + width / 2, top + height / 2];
        const offsets = [
          [-half, 0],
          [half, 0],
          [0, -half],
          [0, half],
        ];
        return offsets.every(([dx, dy]) => eye.contains(document.elementFromPoint(x + dx!, y + dy!)));
      },
      TARGET_PX / 2 - 1,
    );
    expect(reach, `eye ${i + 1} of the dialog is ${TARGET_PX} px across`).toBe(true);
  }
  // the eye's target leaves the field as tall as the phone's text fields, which are a fingertip tall
  const fields = dialog.locator('.ant-input-affix-wrapper');
  for (let i = 0; i < (await fields.count()); i += 1)
    expect(Math.round((await box(fields.nth(i))).height), `field ${i + 1}`).toBe(TARGET_PX);
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the "already bound" modal keeps the holder's name with the account, in ${lang}`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const admin = await newAdmin(request);
    const held = uniquePhone();
    await newMember(request, admin.domain, '演示成员', { phone: held, account: `ad${held}n` });
    await useSession(context, admin.token, baseURL!, lang);
    await page.goto('/vertify-phone');
    const phone = page.getByRole('textbox').first();
    await phone.fill(held);
    await page.getByTestId('send-code').click();
    await page
      .getByRole('textbox')
      .nth(1)
      .fill(await latestCode(request, held));
    await page.locator('form button[type="submit"]').click();
    const modal = page.getByRole('dialog');
    await expect(modal).toContainText('演*');
    expect(await linesOfStretch(page, '.ant-modal-body p >> nth=0', '演*', 'n')).toBe(1);
  });
}

test('the two-step error line stands off the Verify button', async ({ page, context, request, baseURL }) => {
  // two argon2 proofs and a sign-in on a machine shared with the other worker
  test.slow();
  const person = await newMember(request, 'demo', 'Gap Two Step');
  await turnOnTwoStep(request, person.token);
  await useLanguage(context, 'en-US', baseURL!);
  await signInWithPhone(page, person);
  await expect(page).toHaveURL(/\/login\/two-step$/);
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  // found by its text, not its accessible name: antd's loading icon leaves the button in a motion
  // that a loaded machine can leave unfinished, its `aria-label="loading"` still inside the name
  const verify = page.locator('button[type="submit"]', { hasText: 'Verify' });
  await verify.click();
  const error = page.getByText('Wrong two-step code, please try again');
  await expect(error).toBeVisible();
  // the answer has come and the button rests: on a busy machine the error's line can show while
  // antd still animates the field's help, which then holds it twice for a moment
  await expect(verify).not.toHaveClass(/ant-btn-loading/, { timeout: 30_000 });
  await expect(error).toHaveCount(1);
  // the error line grows in, and the room under it with it: measured until it is at rest
  // measured on the last line that says it: a leaving copy of antd's help motion never counts
  const room = async () => {
    const bottom = await error.last().evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().bottom;
    });
    return Math.round((await box(verify)).y - bottom);
  };
  await expect.poll(room, { message: 'room under the error' }).toBeGreaterThanOrEqual(ERROR_TO_BUTTON_PX);
  // and it stays so
  expect(await room()).toBeGreaterThanOrEqual(ERROR_TO_BUTTON_PX);
});
