import { createHash } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { FRESH_PROOF_MINUTES } from '@portal/shared/api/fresh-proof';
import { LANGUAGES } from '@portal/shared/constants';
import { succeed } from './call';
import { DATABASE } from './database';
import { expect, test } from './openid-product';
import { PASSWORD, inviteLink, latestCode, newAdmin, newMember, uniquePhone } from './people';
import { reloadInTheme } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { useLanguage } from './support';

/**
 * The layout of the pages a new person meets first, each measured where it matters, at a phone's
 * 360 px and a desktop's 1440 px.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const SIZES = [
  ['360 px', PHONE],
  ['1440 px', DESKTOP],
] as const;

/**
 * The least room between an error line and a button under it: fields stand 24 px apart, and an
 * error 11 px above the next button (such as "验证码无效" on 下一步) reads as the button's. To a
 * label or field under it, the least room is 8 px.
 */
const ERROR_TO_BUTTON_PX = 16;
const ERROR_GAP_PX = 8;
/** The least room around a card's content and between a card and the screen's edges. */
const INSET_PX = 16;

/** How many lines the text of an element takes. */
function linesOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return { text: el.textContent ?? '', lines: tops.size };
      }),
  );
}

/** The page scrolls only up and down. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'wider than the screen').toBeLessThanOrEqual(0);
}

/** The room under each visible error line of the page, to the next label, field or button below it. */
function errorGaps(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const errors = [...document.querySelectorAll('.ant-form-item-explain-error')].filter(
      (el) => shown(el) && (el.textContent ?? '').trim() !== '',
    );
    const below = [...document.querySelectorAll('label, button, .ant-input-affix-wrapper, input')].filter(shown);
    return errors.map((error) => {
      const range = document.createRange();
      range.selectNodeContents(error);
      const text = range.getBoundingClientRect();
      const next = below
        .map((el) => ({ button: el.tagName === 'BUTTON', box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.top >= text.bottom - 1 && box.left < text.right && box.right > text.left)
        .sort((a, b) => a.box.top - b.box.top)[0];
      return {
        error: error.textContent ?? '',
        button: next?.button ?? false,
        gap: next ? Math.round(next.box.top - text.bottom) : Infinity,
      };
    });
  });
}

async function expectErrorsApart(page: Page) {
  // measured at rest: an error line grows in, and the room under it with it
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  const gaps = await errorGaps(page);
  expect(gaps.length, 'an error line shows').toBeGreaterThan(0);
  for (const { error, button, gap } of gaps) {
    const least = button ? ERROR_TO_BUTTON_PX : ERROR_GAP_PX;
    expect(gap, `room under "${error}" to the next ${button ? 'button' : 'field'}`).toBeGreaterThanOrEqual(least);
  }
}

/** Step 1 of password recovery on the phone tab (English), up to a filled code. */
async function recoveryIdentity(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/forget_password');
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await panel.getByRole('button', { name: 'Get code' }).click();
  await expect(panel.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  return { panel, code: await latestCode(request, phone) };
}

async function signedIn(context: BrowserContext, baseURL: string, token: string) {
  await useSession(context, token, baseURL);
}

test.describe('the brand stays on one line', () => {
  test.use({ viewport: PHONE });

  for (const lang of LANGUAGES) {
    test(`in ${lang} at 360 px on the sign-in and the flow pages`, async ({ page, context, baseURL }) => {
      await useLanguage(context, lang, baseURL!);
      for (const path of ['/login', '/forget_password']) {
        await page.goto(path);
        await expect(page.locator('[data-testid="brand-name"]:visible').first()).toBeVisible();
        const brands = await linesOf(page, '[data-testid="brand-name"]');
        expect(brands.length).toBeGreaterThan(0);
        for (const brand of brands) expect(brand.lines, `"${brand.text}" on ${path}`).toBe(1);
        await expectNoSidewaysScroll(page);
      }
    });
  }
});

test.describe('error lines keep their distance from the next button', () => {
  for (const [label, viewport] of SIZES) {
    test(`on the password recovery steps at ${label}`, async ({ page, context, request, baseURL }) => {
      await page.setViewportSize(viewport);
      await useLanguage(context, 'zh-CN', baseURL!);
      const person = await newMember(request, 'demo', 'Gap Person');
      await page.goto('/forget_password');
      const panel = page.getByRole('tabpanel').first();
      await panel.getByRole('textbox').first().fill(person.phone);
      // the code left empty: its field says so, right above 下一步
      await panel.getByRole('button', { name: '下一步' }).click();
      await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await expectErrorsApart(page);
    });
  }
});

test.describe('the password rule is help text under the field', () => {
  for (const [label, viewport] of SIZES) {
    test(`on the reset step at ${label}, in full`, async ({ page, context, request, baseURL }) => {
      await page.setViewportSize(viewport);
      await useLanguage(context, 'en-US', baseURL!);
      const person = await newMember(request, 'demo', 'Rule Reader');
      const { panel, code } = await recoveryIdentity(page, request, person.phone);
      await panel.getByRole('textbox', { name: 'Verification code' }).fill(code);
      await panel.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();

      const field = page.getByLabel('New password', { exact: true });
      const rule = '8-20 characters with uppercase and lowercase letters and numbers';
      await expect(field).toHaveAccessibleDescription(new RegExp(rule));
      const help = page.getByText(rule, { exact: true });
      await expect(help).toBeVisible();
      const cut = await help.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, 'the rule is cut').toBe(false);
      await expectNoSidewaysScroll(page);

      // and on the same step: a mismatch says so above the buttons, with room to spare
      await field.fill('Renewed2026pass');
      await page.getByLabel('Confirm new password').fill('Renewed2026passx');
      await expect(page.getByText('Please make sure the passwords match')).toBeVisible();
      await expectErrorsApart(page);
    });
  }

  test('at registration, in full at 360 px', async ({ page, context, request, baseURL }) => {
    await page.setViewportSize(PHONE);
    await useLanguage(context, 'en-US', baseURL!);
    const link = await inviteLink('member');
    const phone = uniquePhone();
    await page.goto(`/register-common-ordinary?referralId=${link.id}`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, phone));
    await page.getByRole('button', { name: 'Next' }).click();

    const field = page.getByLabel('Password', { exact: true });
    await expect(field).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/8-20 characters with uppercase and lowercase letters and numbers/);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('the empty home of a company without products', () => {
  test.use({ viewport: PHONE });

  test('keeps its text off the edges of its box at 360 px, in both themes', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const admin = await newAdmin(request, 'Empty Home');
    await signedIn(context, baseURL!, admin.token);
    await page.goto('/home');
    for (const theme of ['dark', 'light'] as const) {
      await reloadInTheme(page, theme);
      const box = page.locator('.ant-empty').first();
      await expect(box).toBeVisible();
      const inset = await box.evaluate((el) => {
        const outer = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el.querySelector('.ant-empty-description')!);
        const text = range.getBoundingClientRect();
        return { left: Math.round(text.left - outer.left), right: Math.round(outer.right - text.right) };
      });
      expect(inset.left, `${theme}: room left of the text`).toBeGreaterThanOrEqual(INSET_PX);
      expect(inset.right, `${theme}: room right of the text`).toBeGreaterThanOrEqual(INSET_PX);
      await expectNoSidewaysScroll(page);
    }
  });
});

test.describe('the settings centre on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the members table with "Not verified" tags fits without scrolling, "Joined" in view', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const admin = await newAdmin(request, 'Table Admin');
    await grantProducts(admin.domain, 'settcntr');
    for (const name of ['Unverified One', 'Unverified Two']) {
      const phone = uniquePhone();
      await succeed(request, settingsCalls.createMember, {
        token: admin.token,
        body: {
          account: `m${phone}`,
          nickname: name,
          phone,
          email: `${phone}@members.example.com`,
          password: PASSWORD,
        },
      });
    }
    await signedIn(context, baseURL!, admin.token);
    await page.goto('/settings?tab=members');
    const table = page.getByRole('table').first();
    await expect(table.getByText('Unverified Two')).toBeVisible();
    await expect(table.getByText('Not verified').first()).toBeVisible();

    const scroll = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(scroll, 'the table scrolls inside itself').toBeLessThanOrEqual(0);
    const joined = await page.getByRole('columnheader', { name: 'Joined' }).boundingBox();
    const actions = await page.getByRole('columnheader', { name: 'Actions' }).boundingBox();
    expect(joined!.x + joined!.width, '"Joined" under the Actions column').toBeLessThanOrEqual(actions!.x + 1);
  });

  test('a child department is indented by at least 24 px', async ({ page, context, request, baseURL }) => {
    const admin = await newAdmin(request, 'Tree Admin');
    await grantProducts(admin.domain, 'settcntr');
    const top = await succeed(request, settingsCalls.createDepartment, {
      token: admin.token,
      body: { name: 'Operations' },
    });
    await succeed(request, settingsCalls.createDepartment, {
      token: admin.token,
      body: { name: 'Field Team', parentId: top.id },
    });
    await signedIn(context, baseURL!, admin.token);
    await page.goto('/settings?tab=departments');
    const table = page.getByRole('table').first();
    // the tree opens to its children
    await expect(table.getByText('Field Team', { exact: true })).toBeVisible();
    const parent = await table.getByText('Operations', { exact: true }).boundingBox();
    const child = await table.getByText('Field Team', { exact: true }).boundingBox();
    expect(Math.round(child!.x - parent!.x), 'the indent of a child').toBeGreaterThanOrEqual(24);
  });
});

test.describe('a product sign-in through the portal', () => {
  for (const [label, viewport] of SIZES) {
    test(`the sign-in page names the product that asked, at ${label}`, async ({
      page,
      context,
      baseURL,
      productApp,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(context, 'en-US', baseURL!);
      await page.goto(productApp.url);
      await page.getByRole('link', { name: 'Sign in with the portal' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Sign in to continue to Energy Storage Manager')).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }

  test.describe('at 360 px', () => {
    test.use({ viewport: PHONE });

    test('the "No access" card keeps 16 px from the screen and around its content, in both themes', async ({
      page,
      context,
      request,
      baseURL,
      productApp,
    }) => {
      const admin = await newAdmin(request, 'No Access Card');
      await useLanguage(context, 'en-US', baseURL!);
      await page.goto(productApp.url);
      await page.getByRole('link', { name: 'Sign in with the portal' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Phone' });
      await panel.getByRole('textbox', { name: 'Phone number' }).fill(admin.phone);
      await panel.getByLabel('Password', { exact: true }).fill(admin.password);
      await panel.getByRole('button', { name: 'Sign in' }).click();
      const heading = page.getByRole('heading', { name: 'No access to Energy Storage Manager' });
      await expect(heading).toBeVisible();

      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate((mode) => {
          const stored = JSON.parse(window.localStorage.getItem('_appPreferences') ?? '{}') as object;
          window.localStorage.setItem('_appPreferences', JSON.stringify({ ...stored, mode }));
        }, theme);
        // the interaction's step is asked again on a reload: the screen is drawn anew in the theme
        await page.reload();
        await expect(heading).toBeVisible();
        const room = await heading.evaluate((h) => {
          const card = h.closest('main')!.firstElementChild!;
          const box = card.getBoundingClientRect();
          const content = [...card.querySelectorAll('h1, p, button')].map((el) => el.getBoundingClientRect());
          return {
            screen: Math.round(Math.min(box.left, window.innerWidth - box.right)),
            inside: Math.round(
              Math.min(...content.map((c) => c.left - box.left), ...content.map((c) => box.right - c.right)),
            ),
          };
        });
        expect(room.screen, `${theme}: the card's room to the screen's edges`).toBeGreaterThanOrEqual(INSET_PX);
        expect(room.inside, `${theme}: the content's room to the card's edges`).toBeGreaterThanOrEqual(INSET_PX);
        await expectNoSidewaysScroll(page);
      }
    });
  });
});

/** Ten recovery codes, each on a line of its own: none broken at its hyphen. */
async function expectCodesWhole(page: Page) {
  const list = page.getByRole('list', { name: 'Save your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const items = await linesOf(page, '[aria-label="Save your recovery codes"] li');
  for (const item of items) expect(item.lines, `"${item.text}" on one line`).toBe(1);
  await expectNoSidewaysScroll(page);
}

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

/** The session's proof dated back past FRESH_PROOF_MINUTES, in the running e2e server's database. */
function makeProofStale(token: string) {
  const db = new Database(DATABASE);
  try {
    db.pragma('busy_timeout = 5000');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    db.prepare('UPDATE sessions SET proven_at = ? WHERE token_hash = ?').run(
      Date.now() - (FRESH_PROOF_MINUTES + 1) * 60_000,
      tokenHash,
    );
  } finally {
    db.close();
  }
}

test.describe('confirming it is you and recovery codes at 360 px', () => {
  test.use({ viewport: PHONE });

  test('"Confirm it\'s you" over the change-phone dialog shows none of the dialog under it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const person = await newMember(request, 'demo', 'Phone Changer');
    await signedIn(context, baseURL!, person.token);
    makeProofStale(person.token);
    await page.goto('/personal');
    await page.getByRole('button', { name: 'Change phone number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change phone number' });
    const newPhone = uniquePhone();
    await dialog.getByRole('textbox', { name: 'New phone number' }).fill(newPhone);
    await dialog.getByRole('button', { name: 'Get code' }).click();
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, newPhone));
    await dialog.getByRole('button', { name: 'Save' }).click();

    const proof = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(proof.getByLabel('Current password')).toBeVisible();
    await expect
      .poll(() => proof.evaluate((el) => el.closest('.ant-modal')!.getAnimations({ subtree: true }).length))
      .toBe(0);
    const showing = await page.evaluate(() => {
      const upper = [...document.querySelectorAll('.ant-modal')].find((m) =>
        m.textContent?.includes('Current password'),
      )!;
      const top = upper.getBoundingClientRect();
      return [...document.querySelectorAll('.ant-modal')]
        .filter((m) => m !== upper)
        .flatMap((m) => [...m.querySelectorAll('button')])
        .filter((b) => b.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .filter((b) => {
          const box = b.getBoundingClientRect();
          // any part of it beside the proof's box: the proof covers what lies behind it
          return box.height > 0 && (box.bottom > top.bottom + 1 || box.top < top.top - 1);
        })
        .map((b) => b.textContent);
    });
    expect(showing, 'buttons of the dialog underneath, beside the proof').toEqual([]);

    // the proof given, the dialog underneath is back as it was
    await proof.getByLabel('Current password').fill(person.password);
    await proof.getByRole('button', { name: 'Confirm' }).click();
    await expect(proof).toBeHidden();
    await expect(page.getByText('Changed successfully')).toBeVisible();
  });

  test('each recovery code stays on one line in the two-step set-up a company requires', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const admin = await newAdmin(request, 'Requiring Admin');
    await grantProducts(admin.domain, 'settcntr');
    await turnOnTwoStep(request, admin.token);
    await succeed(request, settingsCalls.saveSecurity, { token: admin.token, body: { requireTwoStep: true } });
    const member = await newMember(request, admin.domain, 'Required Member');
    await signedIn(context, baseURL!, member.token);

    await page.goto('/home');
    await expect(page).toHaveURL(/\/two-step-setup$/);
    const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
    await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByRole('textbox', { name: 'Code sent to your email or phone' })
      .fill(await latestCode(request, member.phone));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectCodesWhole(page);
  });
});
