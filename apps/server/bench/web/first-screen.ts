import type { Browser } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';

/** One cold load of a page up to its sign-in form. */
export interface FirstScreen {
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  /** The element that made it, e.g. `h1#login-heading` or `p._heroHeadline_18lk7_43`. */
  lcpElement: string;
  /** When React had taken the first form over (it answers then), ms after navigation start. */
  answersMs: number;
  /** Scripts whose fetch had started when the first form answered, and their bodies as they came
   *  over the wire. */
  scripts: number;
  scriptBytes: number;
  /** Content encodings the page's scripts were served with ("br", "gzip", "identity"). */
  encodings: string[];
  /** Answers 429 met on the way: a throttled portal would make the figures meaningless. */
  tooManyRequests: number;
}

// Runs before any of the page's own scripts. The buffered flag still delivers LCP entries painted
// before the observer existed; the latest entry is the page's LCP so far. The moment the first form
// answers (React keeps its fiber on the element once it has it, whether it drew or hydrated it) is
// noted from inside the page, checked at every frame, so the scripts counted are exactly those whose
// fetch had started by then, whatever the CPU throttling.
const OBSERVERS = `
  globalThis.__benchLcp = null;
  globalThis.__benchAnswersAt = null;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    globalThis.__benchLcp = entries[entries.length - 1];
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const answers = () => {
    const form = document.querySelector('form');
    if (form && Object.keys(form).some((key) => key.startsWith('__reactFiber$'))) {
      globalThis.__benchAnswersAt = performance.now();
    } else requestAnimationFrame(answers);
  };
  requestAnimationFrame(answers);
`;

// encodedBodySize: the body as it came over the wire, before its content coding was undone
const READ_FIGURES = `(() => {
  const entry = globalThis.__benchLcp;
  const answersAt = globalThis.__benchAnswersAt;
  if (!entry || answersAt === null) return null;
  const el = entry.element;
  const lcpElement = el
    ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : el.classList.length ? '.' + el.classList[0] : '')
    : entry.url;
  const scripts = performance
    .getEntriesByType('resource')
    .filter((r) => r.startTime <= answersAt && /\\.m?js$/.test(new URL(r.name).pathname));
  return {
    lcpMs: entry.startTime,
    answersMs: answersAt,
    lcpElement,
    scripts: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
  };
})()`;

const PAGE_TIMEOUT_MS = 60_000;

const SLOW = throttling.mobileSlow4G;
// Lighthouse gives its throughputs in units of 1024 bit/s; CDP takes bytes per second
const bytesPerSecond = (kbps: number) => (kbps * 1024) / 8;

/** The slow loads' conditions in words, for the figures' notes. */
export const SLOW_CONDITIONS = `DevTools throttling at ${SLOW.requestLatencyMs} ms latency, ${(bytesPerSecond(SLOW.downloadThroughputKbps) / 1024).toFixed(0)} KiB/s down, ${(bytesPerSecond(SLOW.uploadThroughputKbps) / 1024).toFixed(0)} KiB/s up, CPU ${SLOW.cpuSlowdownMultiplier}x slower`;

/**
 * Loads `url` in a new browser context (an empty cache, and caching off) emulating Lighthouse's
 * mobile device, optionally on Lighthouse's Slow 4G link and 4x slower CPU, and waits for the first
 * form to answer. The link uses the DevTools-adjusted figures of that profile (latency 150 ms x 3.75,
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
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW.requestLatencyMs,
        downloadThroughput: bytesPerSecond(SLOW.downloadThroughputKbps),
        uploadThroughput: bytesPerSecond(SLOW.uploadThroughputKbps),
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdownMultiplier });
    }
    await page.addInitScript(OBSERVERS);

    let tooManyRequests = 0;
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (response.status() === 429) tooManyRequests++;
      if (response.request().resourceType() === 'script') {
        encodings.add(response.headers()['content-encoding'] ?? 'identity');
      }
    });

    await page.goto(url, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    await page.waitForFunction(
      () => (globalThis as { __benchAnswersAt?: number | null }).__benchAnswersAt != null,
      null,
      {
        timeout: PAGE_TIMEOUT_MS,
      },
    );
    // the scripts' resource timing entries are complete only once they have finished loading
    await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });

    const figures = (await page.evaluate(READ_FIGURES)) as Omit<FirstScreen, 'encodings' | 'tooManyRequests'> | null;
    if (!figures) throw new Error(`no largest-contentful-paint entry or no form on ${url}`);
    return { ...figures, encodings: [...encodings].sort(), tooManyRequests };
  } finally {
    await context.close();
  }
}
