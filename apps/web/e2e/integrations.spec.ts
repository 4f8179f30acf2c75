import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { urlOf } from '@portal/server/test-kit';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { succeed } from './call';
import { newAdmin, uniquePhone } from './people';
import { PHONES, expectNoSidewaysScroll } from './phone-checks';
import { clickOnceAtRest, reloadInTheme } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const t = en.integrations;

/** A small phone and a desktop: the two tabs are used at both. */
const SIZES = [PHONES[0], { name: '1280x800', viewport: { width: 1280, height: 800 } }] as const;

interface Received {
  headers: IncomingHttpHeaders;
  /** As sent: the signature is over these bytes. */
  raw: string;
  body: { id: string; type: string; data: Record<string, unknown> };
}

/** A company's own system receiving its webhooks: answers 204 to each and keeps what came. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as Received['body'] });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/portal-events`, received, server };
}

/** Reached by the keyboard, the control shows a focus ring (on itself or on the frame antd draws around it). */
async function expectFocusRing(page: Page, control: Locator) {
  const atRest = () =>
    page.waitForFunction(
      () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length === 0,
    );
  // a dialog still opening moves the focus into itself when it is done
  await atRest();
  await control.focus();
  // back and forth with the keyboard, so that the browser shows the focus as a keyboard user sees it
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
  await atRest();
  const ring = await control.evaluate((el) =>
    [el, el.parentElement, el.parentElement?.parentElement].some((frame) => {
      if (!frame) return false;
      const style = getComputedStyle(frame);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      return outline || style.boxShadow !== 'none';
    }),
  );
  expect(ring, 'a focus ring on the control').toBe(true);
}

async function openIntegrations(page: Page, tab: 'webhooks' | 'api-keys') {
  await page.goto(`/settings?tab=${tab}`);
  const label = tab === 'webhooks' ? t.webhooks.tab : t.apiKeys.tab;
  await expect(page.getByRole('region', { name: label })).toBeVisible();
}

/**
 * The screen as the administrator sees it in both themes: scanned, and no sideways scroll on a phone.
 * The theme takes a reload: `reopen` brings back what the page had open (a drawer).
 */
async function checkBothThemes(page: Page, name: string, reopen: () => Promise<void> = async () => {}) {
  for (const mode of ['dark', 'light'] as const) {
    await reloadInTheme(page, mode);
    await reopen();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    // the pointer left where `reopen` clicked would hold a button under it in its hover colours
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await page.screenshot({ path: screenshotPath(`${name}-${mode}`), fullPage: true, animations: 'disabled' });
  }
}

for (const size of SIZES) {
  test(`at ${size.name}: an administrator adds a webhook, sees its secret once, and a new member reaches the receiver`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(size.viewport);
    const receiver = await startReceiver();
    try {
      const admin = await newAdmin(request, 'Webhook Admin');
      await grantProducts(admin.domain, 'settcntr');
      await useSession(context, admin.token, baseURL!);
      await openIntegrations(page, 'webhooks');
      await expect(page.getByText(t.webhooks.empty)).toBeVisible();

      await page.getByRole('button', { name: t.webhooks.add }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(t.webhooks.url).fill(receiver.url);
      await form.getByLabel(t.webhooks.description).fill('HR system');
      const joined = form.getByRole('checkbox', { name: t.events.member.joined });
      await joined.check();
      await form.getByRole('checkbox', { name: t.events.member.left }).check();
      await expectFocusRing(page, joined);
      await expectNoSidewaysScroll(page);
      await clickOnceAtRest(form.getByRole('button', { name: t.webhooks.addSubmit, exact: true }));

      const shown = page.getByRole('dialog', { name: t.webhooks.secretTitle });
      const secret = await shown.getByLabel(t.webhooks.secretLabel).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expect(shown.getByText(t.webhooks.secretOnce)).toBeVisible();
      await expectFocusRing(page, shown.getByRole('button', { name: t.copy }));
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await clickOnceAtRest(shown.getByRole('button', { name: t.done }));
      await expect(shown).toBeHidden();

      const card = page.getByRole('listitem', { name: receiver.url });
      await expect(card).toContainText(t.webhooks.statuses.enabled);
      await expect(card).toContainText(t.events.member.joined);
      // shown once: neither the page nor the list the server answers holds it any more
      expect(await page.content()).not.toContain(secret);

      // a member change: the administrator's own system adds a member through the API
      const phone = uniquePhone();
      await succeed(request, settingsCalls.createMember, {
        token: admin.token,
        body: { account: `w${phone}`, nickname: 'Hooked Member', phone, password: 'Portal2026' },
      });

      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const [event] = receiver.received;
      expect(event!.body.type).toBe('member.joined');
      expect(event!.headers['webhook-id']).toBe(event!.body.id);
      // signed with the secret the screen showed, as the receiver's developer checks it
      expect(new Webhook(secret).verify(event!.raw, event!.headers as Record<string, string>)).toEqual(event!.body);

      const drawer = page.getByRole('dialog', { name: t.deliveries.title });
      const delivery = drawer.getByRole('listitem').filter({ hasText: event!.body.id });
      const openDeliveries = async () => {
        await card.getByRole('button', { name: t.webhooks.deliveries }).click();
        await expect(drawer).toBeVisible();
      };
      await openDeliveries();
      // the portal marks it delivered once the receiver has answered: asked again until then
      await expect(async () => {
        await drawer.getByRole('button', { name: t.deliveries.refresh }).click();
        await expect(delivery).toContainText(t.deliveries.states.delivered, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(delivery).toContainText(t.events.member.joined);
      await expect(delivery).toContainText('204');
      await expectFocusRing(page, delivery.getByRole('button', { name: t.deliveries.resend }));
      await checkBothThemes(page, `integrations-deliveries-${size.name}`, openDeliveries);

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await checkBothThemes(page, `integrations-webhooks-${size.name}`);
    } finally {
      receiver.server.close();
    }
  });

  test(`at ${size.name}: an administrator creates an API key, sees it once, lists members with it, and revokes it`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(size.viewport);
    const admin = await newAdmin(request, 'Key Admin');
    await grantProducts(admin.domain, 'settcntr');
    await useSession(context, admin.token, baseURL!);
    await openIntegrations(page, 'api-keys');

    await page.getByRole('button', { name: t.apiKeys.create }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(t.apiKeys.name, { exact: true }).fill('HR sync');
    const read = form.getByRole('checkbox', { name: new RegExp(t.apiKeys.scopeNames.members.read) });
    await read.check();
    await expectFocusRing(page, read);
    await form.getByLabel(t.apiKeys.expiry).click();
    await clickOnceAtRest(page.getByTitle(en.integrations.apiKeys.days_other.replace('{{count}}', '30')));
    await expectNoSidewaysScroll(page);
    await clickOnceAtRest(form.getByRole('button', { name: t.apiKeys.createSubmit, exact: true }));

    const shown = page.getByRole('dialog', { name: t.apiKeys.keyTitle });
    const key = await shown.getByLabel(t.apiKeys.keyLabel).inputValue();
    expect(key).toMatch(/^pak_/);
    await expect(shown.getByText(t.apiKeys.keyOnce)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await clickOnceAtRest(shown.getByRole('button', { name: t.done }));
    await expect(shown).toBeHidden();
    const row = page.getByRole('row', { name: /HR sync/ });
    await expect(row).toContainText(t.apiKeys.scopeNames.members.read);
    await expect(row).toContainText(t.apiKeys.statuses.active);
    expect(await page.content()).not.toContain(key);
    await checkBothThemes(page, `integrations-api-keys-${size.name}`);

    // the company's own system, with nothing but the key
    const members = async () => {
      const response = await fetch(`${baseURL}${urlOf(settingsCalls.members, { query: { pageSize: 20 } })}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      return (await response.json()) as { code: number; data: { items: { nickname: string }[] } | null };
    };
    const listed = await members();
    expect(listed.code).toBe(0);
    expect(listed.data!.items.map((member) => member.nickname)).toContain('Key Admin');

    const revoke = row.getByRole('button', { name: t.apiKeys.revoke });
    await expectFocusRing(page, revoke);
    await revoke.click();
    await clickOnceAtRest(page.getByRole('dialog').getByRole('button', { name: t.apiKeys.revoke, exact: true }));
    await expect(page.getByText(t.apiKeys.revoked)).toBeVisible();
    await expect(row).toContainText(t.apiKeys.statuses.revoked);
    // revoked: refused at once, as a missing credential is
    const refused = await members();
    expect(refused.code).toBe(ErrorCode.Unauthorized);
    expect(refused.data).toBeNull();
  });
}
