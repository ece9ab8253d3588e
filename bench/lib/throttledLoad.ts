import type { Browser, CDPSession, Page } from 'playwright-core';
import { PHONE } from '../../tests/e2e/harness.ts';

/*
 * One first load of a page as a buyer on a cheap Android phone sees it, in real Chromium: a new
 * browser context (cold cache, phone screen), CDP CPU throttling 4x and network emulation slow
 * 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up: Lighthouse's mobile preset). Measured:
 *
 * - first field on screen: the first element matching `ready` (DOM order) that is rendered
 *   (checkVisibility) and enabled: a MutationObserver sees an enabled one in the DOM, the next
 *   frame's requestAnimationFrame callback checks it is rendered, and the field is timed at the end
 *   of that frame (a setTimeout(0) from the callback: the frame's rendering runs between the two);
 *   ms after navigation start;
 * - largest contentful paint: the last 'largest-contentful-paint' entry (PerformanceObserver,
 *   buffered) reported before the measurement ends (once the network is quiet), with nothing
 *   typed or clicked, so it is the LCP a buyer's first input would fix; first contentful paint;
 * - long tasks (PerformanceObserver 'longtask') before the first field;
 * - every request (CDP Network events): its initiator (what asked for it), its encoded body size
 *   (Resource Timing encodedBodySize: the brotli bytes when the server sent brotli; CDP's when the
 *   page has no entry) and its start and end (Resource Timing, the page's clock, so comparable
 *   with the first field);
 * - the network going quiet: the load event fired, the first field shown, no request in flight
 *   and none started or finished for QUIET_MS. JS "until quiet" is every JS response by then;
 * - then the buyer's first interaction (a Shift key press, which changes nothing on screen) and
 *   quiet again: the JS fetched only then (a page may keep its later steps' code until it is
 *   used) is counted apart, so deferring code shows where it went.
 */

export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
export const CPU_SLOWDOWN = 4;
/** How long the network must be idle after the load event for the page to count as quiet. */
export const QUIET_MS = 2_000;
const TIMEOUT_MS = 90_000;

export interface LoadedRequest {
  url: string;
  /** CDP resource type (Document, Script, Stylesheet, Fetch, ...). */
  type: string;
  mimeType: string;
  /** Response body bytes as transferred (encoded). */
  bytes: number;
  /** Bytes on the wire, headers included (CDP encodedDataLength). */
  transferred: number;
  /** ms after navigation start (the page's clock). */
  startMs: number;
  endMs: number;
  /** What asked for it: `html` (the document's parser: script tag or modulepreload) or `script <file>`. */
  initiator: string;
  isJs: boolean;
  /** Asked for after the first interaction (the bench's key press once the load was quiet). */
  afterInteraction: boolean;
}

export interface LcpEntry {
  timeMs: number;
  size: number;
  element: string;
}

export interface ThrottledLoad {
  url: string;
  firstFieldMs: number;
  /** When the field was in the DOM (before the frame that showed it). */
  firstFieldInDomMs: number;
  fieldInViewport: boolean;
  fcpMs: number;
  lcp: LcpEntry;
  lcpEntries: LcpEntry[];
  longTasksBeforeField: Array<{ startMs: number; durationMs: number }>;
  /** ms after navigation start when the last request before the quiet ended. */
  quietAtMs: number;
  requests: LoadedRequest[];
  js: { beforeField: Total; untilQuiet: Total; afterInteraction: Total };
}

export interface Total {
  bytes: number;
  transferred: number;
  files: number;
}

interface PageProbe {
  fieldDom?: number;
  field?: number;
  inViewport?: boolean;
  fcp?: number;
  lcp: LcpEntry[];
  longTasks: Array<{ startMs: number; durationMs: number }>;
}

declare global {
  interface Window {
    __benchLoad?: PageProbe;
  }
}

/** Runs in the page before its own scripts (plain JS text: no transpiler helper leaks in). */
const probe = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const state = (window.__benchLoad = { lcp: [], longTasks: [] });
  const usable = (element) => element.checkVisibility({ visibilityProperty: true }) && !element.disabled;
  const describe = (element) => {
    if (!element) return '(removed)';
    const classes = typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const text = (element.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 48);
    return element.tagName.toLowerCase() + classes + (text ? ' "' + text + '"' : '');
  };
  // The observer only looks for an enabled candidate (no style or layout forced mid-render); whether
  // it is rendered is asked at the next frame's requestAnimationFrame, where the frame computes
  // style and layout anyway.
  let checking = false;
  let candidateAt;
  const enabled = () => [...document.querySelectorAll(selector)].some((element) => !element.disabled);
  const check = () => {
    checking = false;
    if (state.fieldDom !== undefined) return;
    const field = [...document.querySelectorAll(selector)].find(usable);
    if (!field) {
      // Still in the DOM but not rendered (hidden, or its style not yet there): look again next frame.
      if (enabled()) {
        checking = true;
        requestAnimationFrame(check);
      }
      return;
    }
    state.fieldDom = candidateAt;
    observer.disconnect();
    const box = field.getBoundingClientRect();
    state.inViewport = box.bottom > 0 && box.top < innerHeight && box.width > 0;
    setTimeout(() => {
      state.field = performance.now();
      // Tells the bench without it polling the page (an evaluation would cost the page's main thread).
      if (typeof window.__benchShown === 'function') window.__benchShown('');
    }, 0);
  };
  const observer = new MutationObserver(() => {
    if (checking || state.fieldDom !== undefined || !enabled()) return;
    candidateAt = performance.now();
    checking = true;
    requestAnimationFrame(check);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp.push({ timeMs: entry.startTime, size: entry.size, element: describe(entry.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** A new phone-sized context and page at the buyer's throttle (CPU and network). */
export async function throttledPage(browser: Browser): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

interface Pending {
  id: string;
  url: string;
  type: string;
  mimeType: string;
  initiator?: string;
  transferred: number;
  headerBytes: number;
  wallStart: number;
  monoStart: number;
  monoEnd?: number;
  failed?: boolean;
}

const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? parsed.pathname + parsed.search : url.slice(0, 40);
  } catch {
    return url;
  }
};

/** What CDP says asked for a request; undefined when it does not know (a module's `import()`). */
function describeInitiator(initiator: {
  type: string;
  url?: string;
  stack?: { callFrames: Array<{ url: string }>; parent?: unknown };
}): string | undefined {
  if (initiator.type === 'parser') return `html ${pathOf(initiator.url ?? '')}`;
  const frame = initiator.stack?.callFrames.find((call) => /^https?:/.test(call.url));
  if (frame) return `script ${pathOf(frame.url)}`;
  if (initiator.url && /^https?:/.test(initiator.url)) return `${initiator.type} ${pathOf(initiator.url)}`;
  return undefined;
}

const baseName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Who asked for a JS file Chromium gives no initiator for (a dynamic `import()` reports only
 * "about:client"): the loaded files whose code names it, read from their bodies: `import()` of it,
 * a static import, or Vite's list of the chunks to preload beside a dynamic import (mapDeps).
 */
function namedBy(url: string, bodies: Map<string, string>): string {
  const name = escaped(baseName(url));
  const found: string[] = [];
  for (const [other, body] of bodies) {
    if (other === url) continue;
    const how = new RegExp(`import\\(\\s*["'\`][^"'\`]*${name}["'\`]`).test(body)
      ? 'import()'
      : new RegExp(`(?:from|import)\\s*["'][^"']*${name}["']`).test(body)
        ? 'static import'
        : new RegExp(`["'][^"']*${name}["']`).test(body)
          ? 'preload list'
          : undefined;
    if (how) found.push(`${how} in ${baseName(other)}`);
  }
  if (!found.length) return 'unknown';
  // A dynamic import first: that is what asks for the file (the others name it too).
  found.sort((a, b) => Number(b.startsWith('import()')) - Number(a.startsWith('import()')));
  return found.length > 2 ? `${found.slice(0, 2).join(', ')} (+${found.length - 2})` : found.join(', ');
}

const isJsResponse = (request: { type: string; mimeType: string; url: string }) =>
  /javascript|ecmascript/.test(request.mimeType) ||
  (request.type === 'Script' && /\.m?js(\?|$)/.test(request.url));

/**
 * Loads `url` in a new throttled context, waits for the first field and for the network to go
 * quiet, and answers what happened. `beforeClose` may look at the page (e.g. stop a trace).
 */
export async function measureThrottledLoad(
  browser: Browser,
  url: string,
  ready: string,
  around: { before?: (page: Page) => Promise<void>; after?: (page: Page) => Promise<void> } = {},
): Promise<ThrottledLoad> {
  const { page, cdp } = await throttledPage(browser);
  try {
    await page.addInitScript({ content: probe(ready) });
    const pending = new Map<string, Pending>();
    let inFlight = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = Date.now();
      if (event.request.url.startsWith('data:')) return;
      // A redirect reuses the id: the earlier hop counts as finished.
      if (!pending.has(event.requestId)) inFlight += 1;
      pending.set(event.requestId, {
        id: event.requestId,
        url: event.request.url,
        type: event.type ?? 'Other',
        mimeType: '',
        initiator:
          describeInitiator(event.initiator) ??
          (event.type === 'Document'
            ? 'navigation'
            : event.initiator.type === 'other'
              ? 'browser'
              : undefined),
        transferred: 0,
        headerBytes: 0,
        wallStart: event.wallTime * 1000,
        monoStart: event.timestamp,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = pending.get(event.requestId);
      if (!request) return;
      request.mimeType = event.response.mimeType;
      request.type = event.type;
      request.headerBytes = event.response.encodedDataLength;
    });
    const settle = (id: string, end: number, transferred: number, failed: boolean) => {
      lastActivity = Date.now();
      const request = pending.get(id);
      if (!request || request.monoEnd !== undefined) return;
      request.monoEnd = end;
      request.transferred = transferred;
      request.failed = failed;
      inFlight -= 1;
    };
    cdp.on('Network.loadingFinished', (event) =>
      settle(event.requestId, event.timestamp, event.encodedDataLength, false),
    );
    cdp.on('Network.loadingFailed', (event) => settle(event.requestId, event.timestamp, 0, true));

    // The probe calls this binding once the field is on screen: nothing is evaluated in the
    // page (Playwright's waitForFunction would inject its script and poll) until the load is over.
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: '__benchShown' });
    let timer: NodeJS.Timeout | undefined;
    const shown = new Promise<boolean>((resolve) => {
      cdp.on('Runtime.bindingCalled', (event) => event.name === '__benchShown' && resolve(true));
      timer = setTimeout(() => resolve(false), TIMEOUT_MS);
    });
    await around.before?.(page);
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const appeared = await shown;
    clearTimeout(timer);
    if (!appeared) {
      const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300);
      throw new Error(`${url}: no '${ready}' was shown within ${TIMEOUT_MS} ms; the page shows: ${text}`);
    }
    const quiet = async (what: string) => {
      const deadline = Date.now() + TIMEOUT_MS;
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(`${url}: the network was not quiet ${what} within ${TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await quiet('after the load');
    const seen = await page.evaluate(() => ({
      probe: window.__benchLoad!,
      timeOrigin: performance.timeOrigin,
    }));
    const beforeInteraction = new Set(pending.keys());
    await around.after?.(page);
    // The buyer's first interaction (a key nobody sees: Shift), then quiet again: what the page
    // fetches only once it is used (the later steps' code) is counted apart.
    lastActivity = Date.now();
    await page.keyboard.press('Shift');
    await quiet('after a first key press');
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: timing.name,
          startTime: timing.startTime,
          responseEnd: timing.responseEnd,
          encodedBodySize: timing.encodedBodySize,
        };
      }),
    );
    const { probe: state, timeOrigin } = seen;
    const loaded = [...pending.values()].filter(
      (request) => !request.failed && request.monoEnd !== undefined,
    );
    if (loaded.some((request) => request.initiator === undefined)) {
      const bodies = new Map<string, string>();
      for (const request of loaded.filter(isJsResponse)) {
        const body = await cdp
          .send('Network.getResponseBody', { requestId: request.id })
          .catch(() => undefined);
        if (body && !body.base64Encoded) bodies.set(request.url, body.body);
      }
      for (const request of loaded) request.initiator ??= namedBy(request.url, bodies);
    }
    const byUrl = new Map<string, (typeof entries)[number]>();
    for (const entry of entries) if (!byUrl.has(entry.name)) byUrl.set(entry.name, entry);
    const requests: LoadedRequest[] = loaded
      .map((request) => {
        const entry = byUrl.get(request.url);
        const startMs = entry ? entry.startTime : request.wallStart - timeOrigin;
        const endMs = entry ? entry.responseEnd : startMs + (request.monoEnd! - request.monoStart) * 1000;
        return {
          url: request.url,
          type: request.type,
          mimeType: request.mimeType,
          bytes:
            entry && entry.encodedBodySize > 0
              ? entry.encodedBodySize
              : request.transferred - request.headerBytes,
          transferred: request.transferred,
          startMs,
          endMs,
          initiator: request.initiator ?? 'unknown',
          isJs: isJsResponse(request),
          afterInteraction: !beforeInteraction.has(request.id),
        };
      })
      .sort((a, b) => a.startMs - b.startMs);
    const field = state.field!;
    const total = (list: LoadedRequest[]): Total => ({
      bytes: list.reduce((sum, request) => sum + request.bytes, 0),
      transferred: list.reduce((sum, request) => sum + request.transferred, 0),
      files: list.length,
    });
    const loadJs = requests.filter((request) => request.isJs && !request.afterInteraction);
    const laterJs = requests.filter((request) => request.isJs && request.afterInteraction);
    const lcp = state.lcp.at(-1) ?? { timeMs: Number.NaN, size: 0, element: '(none)' };
    return {
      url,
      firstFieldMs: field,
      firstFieldInDomMs: state.fieldDom!,
      fieldInViewport: state.inViewport ?? false,
      fcpMs: state.fcp ?? Number.NaN,
      lcp,
      lcpEntries: state.lcp,
      longTasksBeforeField: state.longTasks.filter((task) => task.startMs < field),
      quietAtMs: Math.max(0, ...requests.filter((r) => !r.afterInteraction).map((r) => r.endMs)),
      requests,
      js: {
        // Asked for before the field was shown: what the first screen waited on (or raced with).
        beforeField: total(loadJs.filter((request) => request.startMs <= field)),
        untilQuiet: total(loadJs),
        afterInteraction: total(laterJs),
      },
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.context().close();
  }
}
