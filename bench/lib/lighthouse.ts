import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../../tests/e2e/harness.ts';

/**
 * One Lighthouse run (mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU
 * slowdown, Lighthouse's defaults) of a page in Debian's Chromium, headless, in a fresh
 * browser each time.
 */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
}

export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse on ${url} measured no ${id}`);
      return value;
    };
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      tbtMs: numeric('total-blocking-time'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score of several (Lighthouse's own advice for noisy hosts). */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
