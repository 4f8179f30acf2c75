/** Debian's Chromium: the same browser the end-to-end tests use; a browser download is never needed. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps calling Google's hosts, which a closed
 *  network refuses many at a time; they would also compete with the page for the throttled link.
 *  Headless mode is left to each launcher (Playwright adds its own flag). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
