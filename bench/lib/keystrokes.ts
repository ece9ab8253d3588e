import type { Locator, Page } from 'playwright-core';

/*
 * Per-keystroke latency in the page, at a throttled CPU. What is timed: from the keydown's
 * own time stamp (when the browser took the key in, so time the key waited for a busy main
 * thread counts) to the end of the first frame drawn after every handler of that key ran,
 * taken as a requestAnimationFrame callback queued by a capturing keydown listener and a
 * setTimeout(0) from it (the frame's rendering runs between the two). The key's keypress,
 * beforeinput and input events are dispatched in the keydown's task, so the DOM update the
 * form makes (React renders discrete input synchronously) is inside the span. The Event
 * Timing API was not used: it reports only interactions of 16 ms and more (its smallest
 * durationThreshold), rounded to 8 ms, so a fast form's median could not be read from it.
 */

const PROBE = `(() => {
  let samples = [];
  let waiting = [];
  window.__benchKeystrokes = {
    reset: () => {
      samples = [];
      waiting = [];
    },
    wait: (count) =>
      new Promise((resolve) => (samples.length >= count ? resolve(samples.slice()) : waiting.push([count, resolve]))),
  };
  addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    const into = samples;
    requestAnimationFrame(() => setTimeout(() => {
      into.push(performance.now() - start);
      if (into !== samples) return;
      for (const entry of waiting.splice(0)) {
        if (samples.length >= entry[0]) entry[1](into.slice());
        else waiting.push(entry);
      }
    }, 0));
  }, { capture: true });
})();`;

declare global {
  interface Window {
    __benchKeystrokes?: { reset(): void; wait(count: number): Promise<number[]> };
  }
}

/** Call before the page's first navigation: installs the in-page keystroke timer. */
export const installKeystrokeProbe = (page: Page) => page.addInitScript({ content: PROBE });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TypingOptions {
  /** CPU slowdown (CDP Emulation.setCPUThrottlingRate). */
  cpuSlowdown: number;
  /** How often the text is typed into the emptied field. */
  rounds: number;
  /** Pause after each keystroke's frame before the next key, ms (a brisk typist). */
  gapMs: number;
}

/**
 * Types `text` into `field` key by key, `rounds` times (emptying it between rounds, not
 * timed), at the given CPU slowdown; answers each keystroke's latency in ms.
 */
export async function timeTyping(page: Page, field: Locator, text: string, options: TypingOptions) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  const samples: number[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Emptying the field (Playwright presses Delete) is not timed: its frame is over
      // before the count starts again.
      await field.fill('');
      await sleep(500);
      await page.evaluate(() => window.__benchKeystrokes!.reset());
      let typed = 0;
      for (const key of text) {
        await page.keyboard.type(key);
        typed += 1;
        await page.evaluate((count) => window.__benchKeystrokes!.wait(count), typed);
        await sleep(options.gapMs);
      }
      samples.push(...(await page.evaluate((count) => window.__benchKeystrokes!.wait(count), typed)));
      // Every key went into the field (an amount may come back grouped: 25,00,000).
      const value = (await field.inputValue()).replace(/[^\p{L}\p{N} ]/gu, '');
      if (value !== text) throw new Error(`typed '${text}' but the field shows '${value}'`);
    }
    return samples;
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** The nearest-rank percentile of some samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
