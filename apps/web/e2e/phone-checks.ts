import type { Page } from '@playwright/test';
import { expect } from './test';

/** The phone sizes every route is tried at (a small Android phone, a current iPhone). */
export const PHONES = [
  { name: '360x740', viewport: { width: 360, height: 740 } },
  { name: '390x844', viewport: { width: 390, height: 844 } },
] as const;

/** Three lines of step titles under their numbers; the vertical list of four steps is some 250 px. */
const STEPS_MAX_PX = 96;

/** The smallest comfortable touch target on a phone (Apple HIG, WCAG 2.5.5). */
const TOUCH_TARGET_PX = 44;

/**
 * Controls a finger presses; an input counts by its visible frame (antd's affix wrapper), and the
 * sign-in screen's own controls mark their frame with data-control.
 */
const TOUCH_CONTROLS = [
  'button',
  'a.ant-btn',
  '.ant-tabs-tab',
  '.ant-segmented-item',
  '.ant-select',
  '.ant-input-affix-wrapper',
  'input.ant-input:not(.ant-input-affix-wrapper input)',
  '.ant-menu-item',
  '[data-control]',
].join(', ');

/** The page is no wider than the screen: nothing needs a sideways scroll. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    overflowing: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`),
  }));
  expect(widths.page, `wider than the screen: ${widths.overflowing.join(', ')}`).toBeLessThanOrEqual(widths.screen);
}

/** Every visible control outside overlays is at least 44 px high and wide. */
export async function expectTouchTargets(page: Page) {
  const small = await page.evaluate(
    ({ selector, min }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter(
          (el) =>
            el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
            !el.closest('.ant-tabs-nav-operations, [aria-hidden="true"]'),
        )
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < min || box.width < min))
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 50)} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    { selector: TOUCH_CONTROLS, min: TOUCH_TARGET_PX },
  );
  expect(small, 'controls smaller than a fingertip').toEqual([]);
}

/** No two tabs of a tab bar share any pixels: labels printed over each other read as neither. */
export async function expectTabsApart(page: Page, screen = '') {
  const overlaps = await page.evaluate(() => {
    const found: string[] = [];
    for (const list of document.querySelectorAll('[role="tablist"]')) {
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
        .filter((tab) => tab.checkVisibility())
        .map((tab) => ({ text: tab.textContent ?? '', box: tab.getBoundingClientRect() }));
      tabs.forEach((a, i) =>
        tabs.slice(i + 1).forEach((b) => {
          const apart =
            a.box.right <= b.box.left + 0.5 ||
            b.box.right <= a.box.left + 0.5 ||
            a.box.bottom <= b.box.top + 0.5 ||
            b.box.bottom <= a.box.top + 0.5;
          if (!apart) found.push(`"${a.text}" over "${b.text}"`);
        }),
      );
      // a label wider than its tab spills into the next one even when the boxes do not meet
      for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
        if (tab.checkVisibility() && tab.scrollWidth > tab.clientWidth + 1) found.push(`"${tab.textContent}" spills`);
      }
    }
    return found;
  });
  expect.soft(overlaps, `${screen}: tab labels overlapping`).toEqual([]);
}

/** The brand's name shows in full: not clipped and no ellipsis standing in for its end. */
export async function expectBrandWhole(page: Page, screen = '') {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="brand-name"]')]
      .filter((el) => el.checkVisibility())
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
      .map((el) => el.textContent),
  );
  expect.soft(cut, `${screen}: brand names cut short`).toEqual([]);
}

/**
 * Every button and link of the screen lies within the screen's width, so that none has to be found
 * by scrolling a table sideways (a table's own columns may scroll; its actions stay in view).
 */
export async function expectActionsInView(page: Page, screen = '') {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')]
      .filter(
        (el) =>
          el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
          !el.closest('[aria-hidden="true"], .ant-tabs-nav-operations, .ant-picker-dropdown, .ant-select-dropdown'),
      )
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1))
      .map(
        ({ el, box }) =>
          `"${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30)}" at ${Math.round(box.left)}..${Math.round(box.right)}`,
      ),
  );
  expect.soft(outside, `${screen}: actions outside the screen`).toEqual([]);
}

/** Every placeholder fits its field: a cut hint ("6-stelligen Code e") says less than none. */
export async function expectPlaceholdersFit(page: Page, screen = '') {
  // the placeholder is typed in for a moment: a value's overflow is measurable, a placeholder's is not
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.checkVisibility() && input.value === '')
      .filter((input) => {
        input.value = input.placeholder;
        const overflows = input.scrollWidth > input.clientWidth;
        input.value = '';
        return overflows;
      })
      .map((input) => input.placeholder),
  );
  expect.soft(cut, `${screen}: placeholders cut short`).toEqual([]);
}

/**
 * No word breaks inside across two lines. A word is a run of Latin letters and digits, an email
 * address as a whole, and in controls (buttons, tabs, labels) a run of katakana: Japanese text may
 * wrap between any two characters, but a label's loanword torn apart (ログイ/ン) reads badly. A word
 * wider than its box has to break somewhere and is let be.
 */
export async function expectWordsWhole(page: Page, screen = '') {
  const broken = await page.evaluate(() => {
    const WORD = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}+|[\p{Script=Latin}\p{N}]+(?:['’][\p{Script=Latin}]+)*/gu;
    const KATAKANA = /[\p{Script=Katakana}ー]{2,}/gu;
    const CONTROLS = 'button, label, [role="tab"], [role="radio"], .ant-steps-item-title, th';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || text.trim() === '' || !parent.checkVisibility()) continue;
      if (parent.closest('[aria-hidden="true"], script, style, svg')) continue;
      const patterns = parent.closest(CONTROLS) ? [WORD, KATAKANA] : [WORD];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size < 2) continue;
          const wrapper = parent.closest<HTMLElement>('p, li, td, th, label, button, span, div') ?? parent;
          if (measure(match[0], parent) > wrapper.clientWidth) continue;
          found.push(`"${match[0]}" in "${text.trim().slice(0, 40)}"`);
        }
      }
    }
    return found;

    function measure(word: string, el: Element) {
      const style = getComputedStyle(el);
      const ruler = document.createElement('canvas').getContext('2d')!;
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return ruler.measureText(word).width;
    }
  });
  expect.soft(broken, `${screen}: words broken across lines`).toEqual([]);
}

/** A stepper leaves the screen to its form: a row of steps, not a list that fills the first screen. */
export async function expectCompactSteps(page: Page, screen = '') {
  const heights = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-steps')]
      .filter((steps) => steps.checkVisibility())
      .map((steps) => Math.round(steps.getBoundingClientRect().height)),
  );
  for (const height of heights)
    expect.soft(height, `${screen}: height of the stepper`).toBeLessThanOrEqual(STEPS_MAX_PX);
}

/** Room under the visible error messages of a form: each stands apart from the label or button below. */
const ERROR_GAP_PX = 6;

/** Every error message keeps some room above the next label, field or button. */
export async function expectErrorsApart(page: Page, screen = '') {
  const cramped = await page.evaluate((min) => {
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const errors = [
      ...document.querySelectorAll('.ant-form-item-explain-error, [role="alert"][id$="-message"]'),
    ].filter((el) => shown(el) && (el.textContent ?? '').trim() !== '');
    const below = [...document.querySelectorAll('label, button, .ant-input-affix-wrapper, input')].filter(shown);
    return errors.flatMap((error) => {
      const range = document.createRange();
      range.selectNodeContents(error);
      const text = range.getBoundingClientRect();
      const next = below
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.top > text.top && box.left < text.right && box.right > text.left)
        .sort((a, b) => a.top - b.top)[0];
      const gap = next ? next.top - text.bottom : Infinity;
      return gap < min ? [`"${error.textContent}" ${Math.round(gap)} px above the next control`] : [];
    });
  }, ERROR_GAP_PX);
  expect.soft(cramped, `${screen}: error messages against the next control`).toEqual([]);
}
