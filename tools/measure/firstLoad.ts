import type { Browser } from 'playwright-core';
import { PHONE } from '../../tests/e2e/harness.ts';
import { waterfallDepth, waterfallDepths } from './waterfall.ts';

/*
 * What a page makes a phone download before a visitor can use it, in real Chromium: every
 * JS response (its body as it crossed the wire, i.e. brotli when the server sent brotli)
 * asked for before the page's first control was usable, and the JS request waterfall.
 * "Usable" is decided in the page itself, at the moment it happens: the first element
 * matching `ready` (DOM order) that is rendered (checkVisibility) and not disabled.
 */

/** The first form control of a step: what "the first field is usable" waits for. */
export const FIRST_FIELD = 'form input:not([type="hidden"]), form select, form textarea';

export interface JsFile {
  url: string;
  /** Bytes of the response body as transferred (encoded). */
  bytes: number;
  requestedAt: number;
  finishedAt: number;
  depth: number;
}

export interface FirstLoad {
  url: string;
  /** When the first control became usable (ms since the epoch, the page's clock). */
  usableAt: number;
  /** From navigation start to usable, ms (unthrottled; a hint, not a metric). */
  usableAfterMs: number;
  files: JsFile[];
  bytes: number;
  depth: number;
}

declare global {
  interface Window {
    __benchUsableAt?: number;
  }
}

/**
 * Runs in the page before its own scripts: notes when the first control is usable. Plain
 * JS text, so that no transpiler helper leaks into the page.
 */
const watchUsable = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const usable = (element) => element.checkVisibility({ visibilityProperty: true }) && !element.disabled;
  const observer = new MutationObserver(() => {
    if (window.__benchUsableAt) return;
    if ([...document.querySelectorAll(selector)].some(usable)) {
      window.__benchUsableAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

const USABLE_TIMEOUT_MS = 60_000;

export async function measureFirstLoad(
  browser: Browser,
  url: string,
  ready = FIRST_FIELD,
  /** What the tab's session storage holds before the page runs (an application the journey left there). */
  session: Record<string, unknown> = {},
): Promise<FirstLoad> {
  const context = await browser.newContext({ ...PHONE });
  try {
    const page = await context.newPage();
    if (Object.keys(session).length) {
      const entries = Object.entries(session).map(([key, value]) => [key, JSON.stringify(value)]);
      await page.addInitScript({
        content: `for (const [key, value] of ${JSON.stringify(entries)}) sessionStorage.setItem(key, value);`,
      });
    }
    await page.addInitScript({ content: watchUsable(ready) });
    const finished: Array<Promise<Omit<JsFile, 'depth'> | undefined>> = [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const response = await request.response();
          const type = response ? ((await response.headerValue('content-type')) ?? '') : '';
          if (!/javascript/.test(type) && !/\.m?js$/.test(new URL(request.url()).pathname)) return undefined;
          const [sizes, timing] = [await request.sizes(), request.timing()];
          return {
            url: request.url(),
            bytes: sizes.responseBodySize,
            requestedAt: timing.startTime,
            finishedAt: timing.startTime + timing.responseEnd,
          };
        })(),
      );
    });
    const started = Date.now();
    await page.goto(url);
    const handle = await page
      .waitForFunction(() => window.__benchUsableAt, undefined, { timeout: USABLE_TIMEOUT_MS })
      .catch(async (error: unknown) => {
        const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300);
        throw new Error(
          `${url}: no '${ready}' became usable within ${USABLE_TIMEOUT_MS} ms; the page shows: ${shown}`,
          {
            cause: error,
          },
        );
      });
    const usableAt = (await handle.jsonValue()) as number;
    // Requests already on their way when the page became usable still count: let them land.
    await page.waitForLoadState('networkidle');
    const all = (await Promise.all(finished)).filter((file) => file !== undefined);
    const files = waterfallDepths(all.filter((file) => file.requestedAt <= usableAt));
    return {
      url,
      usableAt,
      usableAfterMs: usableAt - started,
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      depth: waterfallDepth(files),
    };
  } finally {
    await context.close();
  }
}
