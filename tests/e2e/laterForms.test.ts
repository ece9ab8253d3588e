import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
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
    const requests: Array<{ url: string; at: number }> = [];
    const onRequest = (request: Request) => requests.push({ url: request.url(), at: Date.now() });
    page.on('request', onRequest);
    await page.goto(server.baseUrl + journeyPath(plan.config));
    await page.locator('form input:not([type="hidden"])').first().waitFor();
    const usableAt = Date.now();
    await fillBasicDetails();
    await page.getByRole('button', { name: basic.definition.submitLabel, exact: true }).click();
    await page.getByRole('heading', { name: stepTitle(planDetails), exact: true }).waitFor();
    page.off('request', onRequest);
    const later = requests.filter((request) => LATER_FORMS.test(request.url));
    expect(later).toHaveLength(1);
    expect(later[0]!.at).toBeGreaterThanOrEqual(usableAt);
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
        .toContain('We could not load the next step. Please check your connection and try again.');
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
