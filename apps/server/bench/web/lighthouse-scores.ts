import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/** Lighthouse's scores out of 100, and its own (simulated) LCP for comparison with the measured one. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  lcpMs: number;
}

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
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
      const performance = categories.performance?.score;
      const accessibility = categories.accessibility?.score;
      const lcp = audits['largest-contentful-paint']?.numericValue;
      if (performance == null || accessibility == null || lcp == null) {
        throw new Error(`Lighthouse on ${url} gave no score`);
      }
      return { performance: Math.round(performance * 100), accessibility: Math.round(accessibility * 100), lcpMs: lcp };
    },
    close() {
      chrome.kill();
    },
  };
}
