import type { Page } from '@playwright/test';
import { reloadInTheme } from './portal-api';
import { ADMIN, signInWithAccount, useLanguage } from './support';
import { expect, test } from './test';

/** WCAG 2.2 AA (2.4.11, 1.4.11): a keyboard focus indicator stands out from what surrounds it by 3:1. */
const MIN_FOCUS_CONTRAST = 3;
const TAB_STOPS = 14;

interface FocusStop {
  what: string;
  contrast: number;
}

/**
 * Where the keyboard focus is and how well its indicator stands out: the strongest of the outline,
 * the box shadow and the border drawn on the focused element or on the frame around it (antd draws
 * an input's focus on its wrapper), against the first opaque background behind it.
 */
async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;

    const rgba = (value: string): number[] | null => {
      const match = /rgba?\(([^)]+)\)/.exec(value);
      if (!match) return null;
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const backgroundBehind = (el: Element): number[] => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color && color[3]! > 0.5) return color;
      }
      return rgba(getComputedStyle(document.body).backgroundColor) ?? [255, 255, 255, 1];
    };

    let best = 0;
    const frames = [active, active.parentElement, active.parentElement?.parentElement].filter(
      (el): el is HTMLElement => el instanceof HTMLElement,
    );
    for (const el of frames) {
      const style = getComputedStyle(el);
      const behind = backgroundBehind(el);
      const candidates: string[] = [];
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) candidates.push(style.outlineColor);
      if (style.boxShadow !== 'none') candidates.push(style.boxShadow);
      if (parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== 'none')
        candidates.push(style.borderTopColor);
      for (const candidate of candidates) {
        const color = rgba(candidate);
        if (color && color[3]! > 0) best = Math.max(best, contrast(over(color, behind), behind));
      }
    }
    const labelledBy = active.getAttribute('aria-labelledby');
    const label =
      active.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null) ??
      active.textContent?.trim().slice(0, 30) ??
      '';
    return { what: `${active.tagName.toLowerCase()} "${label}"`, contrast: Math.round(best * 100) / 100 };
  });
}

/** Tabs through the screen; every element the focus lands on shows a 3:1 indicator. */
async function expectVisibleFocus(page: Page) {
  const weak: string[] = [];
  for (let i = 0; i < TAB_STOPS; i += 1) {
    await page.keyboard.press('Tab');
    // judged at rest: a border caught halfway through its transition to the focus colour is not what people see
    await page.waitForFunction(
      () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length === 0,
    );
    const stop = await focusStop(page);
    if (!stop) continue;
    if (stop.contrast < MIN_FOCUS_CONTRAST) weak.push(`${stop.what} ${stop.contrast}:1`);
  }
  expect(weak, 'focus indicators under 3:1').toEqual([]);
}

for (const mode of ['dark', 'light'] as const) {
  test(`the keyboard focus is visible on sign-in and home in the ${mode} theme`, async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en-US', baseURL!);
    await page.goto('/login');
    await reloadInTheme(page, mode);
    await expect(page.getByRole('tab', { name: 'Phone' })).toBeVisible();
    await expectVisibleFocus(page);

    await signInWithAccount(page, ADMIN);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await expectVisibleFocus(page);
  });
}
