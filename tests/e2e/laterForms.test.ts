import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedStep } from '../../engine/plan/types.ts';
import { journeyPath, readBenchPlan, stepTitle } from '../../bench/lib/planSteps.ts';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness.ts';
import { fieldActions } from './planDriver/fieldActions.ts';
import { fillForm } from './planDriver/fillForm.ts';

/*
 * A phone downloads the validators of a plan's first step with the plan, and those of its
 * other forms once that step is on screen (issue 10's first-load budget). The visitor never
 * notices: they are there by the time a later step opens, or the later step waits for them,
 * and a dropped connection is said in words, with the visitor's details kept.
 */

const plan = readBenchPlan('T54');
const [basic, planDetails] = Object.values(plan.steps) as [
  (typeof plan.steps)[string],
  (typeof plan.steps)[string],
];
/** The journey's machine (XState), a chunk of its own. */
const MACHINE_CHUNK = /\/assets\/machine-[\w-]{8}\.js$/;
const LATER_FORMS = /\/assets\/forms-T54-[^/]+\.js$/;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ ...PHONE });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function fillBasicDetails() {
  await page.getByRole('heading', { name: stepTitle(basic), exact: true }).waitFor();
  await fillForm(page, fieldActions(basic as unknown as LoadedStep, basic.journey!));
}

describe("a plan's later forms", () => {
  it('load after the first step is usable, and plan details opens with them', async () => {
    // Both moments on the page's own clock: when a field of the first step was first in the
    // page, and when each script was asked for (resource timing).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('form input:not([type="hidden"])')) {
          (window as unknown as { firstFieldAt: number }).firstFieldAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true });
    });
    await page.goto(server.baseUrl + journeyPath(plan.config));
    await fillBasicDetails();
    await page.getByRole('button', { name: basic.definition.submitLabel, exact: true }).click();
    await page.getByRole('heading', { name: stepTitle(planDetails), exact: true }).waitFor();
    const { firstFieldAt, later } = await page.evaluate((pattern) => {
      const scripts = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        firstFieldAt: (window as unknown as { firstFieldAt: number }).firstFieldAt,
        later: scripts
          .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      };
    }, LATER_FORMS.source);
    expect(later).toHaveLength(1);
    expect(later[0]).toBeGreaterThan(firstFieldAt);
  });

  it('are not asked for while nobody uses the page; the first key pressed asks for them (issue 21)', async () => {
    const fresh = await browser.newContext({ ...PHONE });
    const idle = await fresh.newPage();
    try {
      const asked: string[] = [];
      idle.on('request', (request) => {
        if (LATER_FORMS.test(new URL(request.url()).pathname)) asked.push(request.url());
      });
      await idle.goto(server.baseUrl + journeyPath(plan.config));
      await idle.getByRole('heading', { name: stepTitle(basic), exact: true }).waitFor();
      await idle.waitForLoadState('networkidle');
      await idle.waitForTimeout(1_500);
      expect(asked).toEqual([]);
      await idle
        .getByLabel(/Full Name/)
        .first()
        .press('R');
      await expect.poll(() => asked.length).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it("start the journey's machine only once the page is used, and a Continue pressed before it arrives waits for it (issue 21)", async () => {
    const fresh = await browser.newContext({ ...PHONE });
    page = await fresh.newPage();
    try {
      const machine: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(MACHINE_CHUNK, async (route) => {
        machine.push(route.request().url());
        await held;
        await route.continue();
      });
      await page.goto(server.baseUrl + journeyPath(plan.config));
      await page.getByRole('heading', { name: stepTitle(basic), exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      // A new visitor's first step is on screen, usable, with no machine asked for.
      expect(machine).toEqual([]);
      await fillBasicDetails();
      await expect.poll(() => machine.length, { timeout: 10_000 }).toBe(1);
      // Continue while the machine is still on its way: the loader, then plan details.
      await page.getByRole('button', { name: basic.definition.submitLabel, exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saving your details' }).waitFor();
      release();
      await page.getByRole('heading', { name: stepTitle(planDetails), exact: true }).waitFor();
    } finally {
      await fresh.close();
    }
  });

  it('when they cannot be downloaded: Continue says so and keeps the details; once online, it goes on', async () => {
    const fresh = await browser.newContext({ ...PHONE });
    page = await fresh.newPage();
    try {
      let offline = true;
      await page.route(LATER_FORMS, (route) =>
        offline ? route.abort('internetdisconnected') : route.continue(),
      );
      await page.goto(server.baseUrl + journeyPath(plan.config));
      await fillBasicDetails();
      await page.getByRole('button', { name: basic.definition.submitLabel, exact: true }).click();
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await expect
        .poll(() => dialog.textContent())
        .toContain('Sorry we couldn’t process your details, please try again');
      await dialog.getByRole('button').first().click();
      // Nothing typed was lost.
      const name = page.getByLabel(/Full Name/).first();
      expect(await name.inputValue()).not.toBe('');
      offline = false;
      await page.getByRole('button', { name: basic.definition.submitLabel, exact: true }).click();
      await page.getByRole('heading', { name: stepTitle(planDetails), exact: true }).waitFor();
    } finally {
      await fresh.close();
    }
  });
});
