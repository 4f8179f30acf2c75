import type { Browser, Request } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';

/** One cold load of a page up to its sign-in form. */
export interface FirstScreen {
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  /** The element that made it, e.g. `h1#login-heading`. */
  lcpElement: string;
  /** Scripts requested before the form was visible, and their bodies as they came over the wire. */
  scripts: number;
  scriptBytes: number;
  /** Content encodings those scripts were served with ("br", "gzip", "identity"). */
  encodings: string[];
  /** Answers 429 met on the way: a throttled portal would make the figures meaningless. */
  tooManyRequests: number;
}

// Runs before any of the page's own scripts; the buffered flag still delivers entries painted before
// the observer existed. The latest entry is the page's LCP so far.
const LCP_OBSERVER = `
  globalThis.__benchLcp = null;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    globalThis.__benchLcp = entries[entries.length - 1];
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

const READ_LCP = `(() => {
  const entry = globalThis.__benchLcp;
  if (!entry) return null;
  const el = entry.element;
  const name = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : entry.url;
  return { time: entry.startTime, element: name };
})()`;

const PAGE_TIMEOUT_MS = 60_000;

/**
 * Loads `url` in a new browser context (an empty cache, and caching off) emulating Lighthouse's
 * mobile device, optionally on Lighthouse's Slow 4G link and 4x slower CPU, and waits for the first
 * visible form. The link uses the DevTools-adjusted figures of that profile (latency 150 ms x 3.75,
 * throughput 1.6 Mbit/s down and 750 kbit/s up x 0.9), since DevTools throttles per request rather
 * than per packet. LCP is read once the network is idle, after the last paint that could matter.
 */
export async function loadFirstScreen(browser: Browser, url: string, slow: boolean): Promise<FirstScreen> {
  const device = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.deviceScaleFactor,
    isMobile: device.mobile,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (slow) {
      const link = throttling.mobileSlow4G;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: link.requestLatencyMs,
        downloadThroughput: (link.downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (link.uploadThroughputKbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: link.cpuSlowdownMultiplier });
    }
    await page.addInitScript(LCP_OBSERVER);

    const requests: Request[] = [];
    let tooManyRequests = 0;
    page.on('request', (request) => requests.push(request));
    page.on('response', (response) => {
      if (response.status() === 429) tooManyRequests++;
    });

    await page.goto(url, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    await page.locator('form').first().waitFor({ state: 'visible', timeout: PAGE_TIMEOUT_MS });
    const scriptRequests = requests.filter((request) => request.resourceType() === 'script');
    await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });

    let scriptBytes = 0;
    const encodings = new Set<string>();
    for (const request of scriptRequests) {
      const response = await request.response();
      if (!response) continue;
      encodings.add((await response.headerValue('content-encoding')) ?? 'identity');
      scriptBytes += (await request.sizes()).responseBodySize;
    }

    const lcp = (await page.evaluate(READ_LCP)) as { time: number; element: string } | null;
    if (!lcp) throw new Error(`no largest-contentful-paint entry on ${url}`);
    return {
      lcpMs: lcp.time,
      lcpElement: lcp.element,
      scripts: scriptRequests.length,
      scriptBytes,
      encodings: [...encodings].sort(),
      tooManyRequests,
    };
  } finally {
    await context.close();
  }
}
