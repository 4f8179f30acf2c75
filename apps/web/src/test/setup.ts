import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18nReady } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// The app renders once its language is loaded (start.tsx); so do the tests.
await i18nReady;

// A lazy route's first import and antd's cold start can pass the default 1 s on a loaded machine
// (two suites side by side); waiting longer costs nothing when the screen is there sooner.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The app's one query client outlives a test as it outlives a page: no test sees another's answers.
  queryClient.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
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
