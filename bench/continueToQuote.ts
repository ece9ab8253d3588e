import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../tests/e2e/harness.ts';
import { basicDetailsStep } from '../tests/e2e/planDriver/ageCases.ts';
import { fieldActions } from '../tests/e2e/planDriver/fieldActions.ts';
import { fillForm } from '../tests/e2e/planDriver/fillForm.ts';
import {
  journeyData,
  journeyPath,
  journeySteps,
  loadPlans,
  stepTitle,
} from '../tests/e2e/planDriver/planCases.ts';
import { startBenchServer } from '../tools/measure/server.ts';
import { buildApp, flag, option } from './lib/build.ts';
import { grouped, table } from './lib/table.ts';

/*
 * `npm run bench:continue [-- --runs N] [-- --no-build]` (issue 21): the waits a buyer feels on a
 * cheap phone, in Debian's Chromium at 4x CPU slowdown and slow 4G (150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, as Lighthouse's mobile preset), median of N runs (5), on T54:
 *
 * - Continue on basic details -> the plan-details heading, and -> the quote's figures on screen;
 * - Next on plan details (its quote on screen) -> the next step's heading.
 *
 * Each run is a new visitor (a fresh browser context) who fills basic details and takes three
 * seconds before pressing Continue (a person reads what they typed). Printed beside each figure:
 * the target, and the reference of the same run, one API round trip of the page at the
 * same throttle (`GET /healthz`): the floor under any wait that needs the server.
 */

const PLAN = 'T54';
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const CPU_SLOWDOWN = 4;
const THINK_MS = 3_000;
const TIMEOUT_MS = 60_000;

interface Run {
  continueToHeading: number;
  continueToQuote: number;
  nextToStep: number;
  /** The same three as the test driver sees them: from its click call to its wait's end. */
  driver: { continueToHeading: number; continueToQuote: number; nextToStep: number };
  roundTrip: number;
}

/**
 * Installed in the page before a press: the time of the press (the submit button's
 * `pointerdown`, as the browser stamps it) and the end of the frame in which each awaited thing is
 * first in the page (the task after that frame's layout and paint), both on the page's clock.
 * What a buyer waits for starts at their press, not where the test driver starts its click
 * (which first checks, at 4x CPU, that the button is visible, stable and hit: 100 ms and more),
 * and ends once the frame is drawn, not when the driver's polling next looks.
 */
const WATCH_PRESS = `(watched) => {
  const times = {};
  window.__press = times;
  const button = document.querySelector('.bf-step-actions button[type="submit"]');
  button?.addEventListener('pointerdown', (event) => (times.pressed = event.timeStamp), { capture: true, once: true });
  // Only what appears after the press counts (a heading of that text already in the page, hidden
  // or elsewhere, does not).
  const before = new Set(Object.values(watched).flatMap(({ selector }) => [...document.querySelectorAll(selector)]));
  const pending = new Set(Object.keys(watched));
  const observer = new MutationObserver(() => {
    for (const name of [...pending]) {
      const { selector, text } = watched[name];
      const found = [...document.querySelectorAll(selector)].some(
        (element) =>
          !before.has(element) &&
          (text === undefined || element.textContent.trim() === text) &&
          element.checkVisibility(),
      );
      if (found && times.pressed !== undefined) {
        pending.delete(name);
        // The frame that draws it: its callbacks run before its layout and paint, so the time is
        // taken in the task after them.
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => (times[name] = performance.now());
          after.port2.postMessage(undefined);
        });
      }
    }
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}`;

/** Starts watching (WATCH_PRESS) for the next press and what it should bring. */
async function watchPress(page: Page, watched: Record<string, { selector: string; text?: string }>) {
  // A script's text: the bench runs through tsx, whose helpers a function passed as code would name.
  await page.evaluate(`(${WATCH_PRESS})(${JSON.stringify(watched)})`);
}

async function pressTimes(page: Page, names: string[]): Promise<Record<string, number>> {
  await page.waitForFunction(
    `${JSON.stringify(names)}.every((name) => window.__press && window.__press[name] !== undefined)`,
    undefined,
    { timeout: TIMEOUT_MS },
  );
  return page.evaluate<Record<string, number>>('window.__press');
}

const [plan] = loadPlans(undefined, { codes: [PLAN] });

async function throttled(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function oneRun(browser: Browser, baseUrl: string): Promise<Run> {
  const page = await throttled(browser);
  try {
    const [basic, details, next] = journeySteps(plan!);
    await page.goto(baseUrl + journeyPath(plan!), { timeout: TIMEOUT_MS });
    await page
      .getByRole('heading', { name: stepTitle(basic!), exact: true })
      .waitFor({ timeout: TIMEOUT_MS });
    const form = basicDetailsStep(plan!);
    await fillForm(page, fieldActions(form, journeyData(plan!, form)!));
    await page.waitForTimeout(THINK_MS);
    const submit = page.locator('.bf-step-actions button[type="submit"]');

    await watchPress(page, {
      heading: { selector: '.bf-step-title', text: stepTitle(details!) },
      quote: { selector: '.bf-quote .bf-quote__figures [data-row]' },
    });
    const pressed = Date.now();
    await submit.click();
    await page
      .getByRole('heading', { name: stepTitle(details!), exact: true })
      .waitFor({ timeout: TIMEOUT_MS });
    const heading = Date.now();
    await page.locator('.bf-quote .bf-quote__figures [data-row]').first().waitFor({ timeout: TIMEOUT_MS });
    const quote = Date.now();
    const continued = await pressTimes(page, ['pressed', 'heading', 'quote']);

    // Next once the quote is on screen (its button names the figure).
    await page.waitForFunction(
      () => / · /.test(document.querySelector('.bf-step-actions button[type="submit"]')?.textContent ?? ''),
      undefined,
      { timeout: TIMEOUT_MS },
    );
    await watchPress(page, { step: { selector: '.bf-step-title', text: stepTitle(next!) } });
    const nextPressed = Date.now();
    await submit.click();
    await page.getByRole('heading', { name: stepTitle(next!), exact: true }).waitFor({ timeout: TIMEOUT_MS });
    const nextShown = Date.now();
    const moved = await pressTimes(page, ['pressed', 'step']);

    const roundTrip = await page.evaluate(async () => {
      const start = performance.now();
      await fetch('/healthz', { cache: 'no-store' });
      return performance.now() - start;
    });
    return {
      continueToHeading: continued.heading! - continued.pressed!,
      continueToQuote: continued.quote! - continued.pressed!,
      nextToStep: moved.step! - moved.pressed!,
      driver: {
        continueToHeading: heading - pressed,
        continueToQuote: quote - pressed,
        nextToStep: nextShown - nextPressed,
      },
      roundTrip,
    };
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const runs = option('runs', 5);
  if (!flag('no-build')) buildApp();
  const server = await startBenchServer({ WRITE_RATE_LIMITS: 'off' });
  const browser = await launchBrowser();
  try {
    const results: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await oneRun(browser, server.baseUrl);
      console.log(
        `run ${run}: Continue -> heading ${grouped(result.continueToHeading)} ms, -> quote ${grouped(result.continueToQuote)} ms; Next -> step ${grouped(result.nextToStep)} ms (the driver: ${grouped(result.driver.continueToHeading)}, ${grouped(result.driver.continueToQuote)}, ${grouped(result.driver.nextToStep)} ms); round trip ${grouped(result.roundTrip)} ms`,
      );
      results.push(result);
    }
    const ms = (pick: (run: Run) => number) => `${grouped(median(results.map(pick)))} ms`;
    const trip = ms((run) => run.roundTrip);
    console.log(
      `\n${PLAN} at ${CPU_SLOWDOWN}x CPU and slow 4G, median of ${runs}; reference: one API round trip at the same throttle, same run`,
    );
    console.log(
      table([
        [
          'wait, press -> frame drawn',
          'bimaflow',
          'issue 21 target',
          'one round trip',
          'as the driver sees it',
        ],
        [
          'Continue -> plan-details heading',
          ms((run) => run.continueToHeading),
          '-',
          trip,
          ms((run) => run.driver.continueToHeading),
        ],
        [
          'Continue -> quote on screen',
          ms((run) => run.continueToQuote),
          '<= 900 ms',
          trip,
          ms((run) => run.driver.continueToQuote),
        ],
        [
          'Next -> next step',
          ms((run) => run.nextToStep),
          '<= 250 ms',
          trip,
          ms((run) => run.driver.nextToStep),
        ],
      ]),
    );
    console.log(
      "A wait runs from the press (the button's pointerdown) to the frame that draws what was awaited, both\n" +
        "on the page's clock; 'as the driver sees it' adds Playwright's checks before its click and its polling after.",
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
