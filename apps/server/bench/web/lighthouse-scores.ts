import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/** Lighthouse's scores out of 100, and its own (simulated) LCP for comparison with the measured one. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** The other metrics the performance score weighs, as Lighthouse displays them: where it loses. */
  metrics: string;
  /** Lighthouse's own measure of the machine's speed at the time: the simulation scales what it
   *  observed, so a busy machine lowers the performance score (below about 1000 it is unreliable). */
  benchmarkIndex: number;
}

const SCORED_METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['Speed Index', 'speed-index'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

export interface LighthouseRunner {
  score(url: string): Promise<LighthouseScores>;
  close(): void;
}

/** One Chromium for every page: Lighthouse clears the origin's storage and cache before each run.
 *  The default configuration is the mobile one, with simulated Slow 4G and 4x CPU throttling. */
export async function startLighthouse(): Promise<LighthouseRunner> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  });
  return {
    async score(url) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        // neither category uses it, and it is seconds of work on a large page
        disableFullPageScreenshot: true,
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { categories, audits, runtimeError, environment } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
      const performance = categories.performance?.score;
      const accessibility = categories.accessibility?.score;
      const lcp = audits['largest-contentful-paint']?.numericValue;
      if (performance == null || accessibility == null || lcp == null) {
        throw new Error(`Lighthouse on ${url} gave no score`);
      }
      return {
        performance: Math.round(performance * 100),
        accessibility: Math.round(accessibility * 100),
        lcpMs: lcp,
        metrics: SCORED_METRICS.map(([name, audit]) => `${name} ${audits[audit]?.displayValue ?? '?'}`).join(', '),
        benchmarkIndex: environment.benchmarkIndex,
      };
    },
    close() {
      chrome.kill();
    },
  };
}
