import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { LANGUAGES } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import { i18nReady } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// The app renders once its language is loaded (start.tsx); so do the tests.
await i18nReady;

// A lazy route's first import and antd's cold start can pass the default 1 s on a loaded machine
// (two suites side by side); waiting longer costs nothing when the screen is there sooner.
configure({ asyncUtilTimeout: 5_000 });

/**
 * What the console is told during a test. A request that outlives its test's fake server (restored
 * before the screen is unmounted) reaches no server, and the api client, with no shell mounted to
 * show a toast, writes its network-error text there: that line is the expected end of such a request,
 * and is left out. A test that expects a network error asserts it through its handlers, as
 * api-client.test.ts does. antd's notices of a deprecated prop fail the test that drew it, so that the
 * code moves to the prop that replaces it. Everything else is written as before.
 */
const NETWORK_ERRORS = new Set(LANGUAGES.map((lang) => translate(lang, 'common.transport.network')));
const ANTD_DEPRECATED = /^Warning: \[antd: [^\]]+\] .* is deprecated/;
let deprecations: string[] = [];
// this file runs again for each test file in the same window (isolate: false): it wraps the
// console's own method, not the wrapper of the file before
const unwrapped = globalThis as { consoleError?: typeof console.error; getComputedStyle?: typeof getComputedStyle };
const consoleError = (unwrapped.consoleError ??= console.error.bind(console));
console.error = (...args: unknown[]) => {
  const [first] = args;
  if (args.length === 1 && typeof first === 'string' && NETWORK_ERRORS.has(first)) return;
  if (typeof first === 'string' && ANTD_DEPRECATED.test(first)) deprecations.push(first);
  consoleError(...args);
};

afterEach(() => {
  cleanup();
  // The app's one query client outlives a test as it outlives a page: no test sees another's answers.
  queryClient.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
  const deprecated = deprecations;
  deprecations = [];
  expect(deprecated, 'antd props that are deprecated').toEqual([]);
});

// The document, the window and the packages' modules outlive the file (isolate: false): what one
// file's screens and stubs left there, the next must not find.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  // the title and the icon that a screen's branding set; antd's styles stay, as its style cache does
  for (const node of [...document.head.children]) if (node.tagName !== 'STYLE') node.remove();
  window.history.replaceState(null, '', '/');
});

// jsdom lacks the media queries antd's responsive helpers subscribe to.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's tabs and selects measure themselves; jsdom has no layout, so nothing ever resizes.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd reads the scroll bar's pseudo-element; jsdom computes the element's own style instead, as it
// would after its "Not implemented" notice, which would come with every table and modal.
const computedStyle = (unwrapped.getComputedStyle ??= window.getComputedStyle.bind(window));
window.getComputedStyle = (element: Element) => computedStyle(element);
