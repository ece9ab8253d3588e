import { format, subYears } from 'date-fns';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer, PHONE } from './harness.ts';

/*
 * Issue 21: Next shows the next step at once while the step's save is still answering (a slow
 * phone waited for the round trip before). The save's failure is still shown, the visitor is
 * taken back to the step it concerned, and nothing typed meanwhile is lost; the next Next waits
 * for a save still in flight. The network is held and failed in the browser (page.route): the
 * server is the real one.
 */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const PLAN_DETAILS = 'Customise your pension plan';
const ADDITIONAL_DETAILS = 'A few more details about you';
const NOT_PROCESSED = 'Sorry we couldn’t process your details, please try again';

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

const heading = (name: string) => page.getByRole('heading', { name }).waitFor();
const saved = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));

/** Holds every save of a stage until released: the requests stay in flight meanwhile. */
async function holdStage(stage: string) {
  const held: Route[] = [];
  const pattern = `**/buyonlineoauth/stages/${stage}`;
  await page.route(pattern, (route) => void held.push(route));
  return {
    held,
    async fail() {
      for (const route of held.splice(0)) await route.abort('failed');
      await page.unroute(pattern);
    },
    async release() {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(pattern);
    },
  };
}

describe('T54: Next moves on while the save answers', () => {
  it('shows additional details while the plan details save is in flight', async () => {
    await page.goto(server.baseUrl + JOURNEY);
    await heading('Share your basic details to calculate regular pension income');
    await page.getByLabel('Full Name').fill('Asha Rani Iyer');
    await page.getByLabel('Date of Birth').fill(format(subYears(new Date(), 52), 'ddMMyyyy'));
    await page.getByLabel('Mobile Number').fill('9876501234');
    await page.getByLabel('Email ID').fill('asha.iyer@example.com');
    await page
      .locator('label')
      .filter({ hasText: /^Female$/ })
      .click();
    await page.getByRole('checkbox', { name: /I authorise/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(PLAN_DETAILS);
    await expect
      .poll(() => page.getByRole('button', { name: /^Next · Get ₹ [\d,]+ a year$/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    const save = await holdStage('plan-details');
    await page.getByRole('button', { name: /^Next/ }).click();
    await heading(ADDITIONAL_DETAILS);
    // The step is on screen and its save still unanswered (sent as the step showed, or a moment
    // after: the request leaves once it is sealed): no loader over it.
    await expect.poll(() => save.held.length).toBe(1);
    expect(await page.locator('.bf-busy-overlay').count()).toBe(0);
    expect((await saved()).userStage).toBe('basic-details');

    // The visitor types on; the save fails: its message, back to plan details, nothing lost.
    await page.getByLabel('Annual Income').pressSequentially('1500000');
    await save.fail();
    await page.getByText(NOT_PROCESSED).waitFor();
    await heading(PLAN_DETAILS);
    expect(new URL(page.url()).pathname).toBe(JOURNEY + 'plan-details');
    // What was typed a moment before (still a draft in its field) is kept.
    await expect.poll(async () => (await saved()).personalDetails.primary?.annualIncome).toBe('1500000');
    expect((await saved()).userStage).toBe('basic-details');
    await page
      .getByRole('button', { name: 'OK' })
      .or(page.getByRole('button', { name: 'Close' }))
      .first()
      .click();

    // Next again: this time the save is taken, and what was typed is still on additional details.
    await page.getByRole('button', { name: /^Next/ }).click();
    await heading(ADDITIONAL_DETAILS);
    expect(await page.getByLabel('Annual Income').inputValue()).toBe('1500000');
    await expect.poll(async () => (await saved()).userStage).toBe('plan-details');
  });

  it('a Next pressed while the save before it is in flight waits for it, with a loader', async () => {
    await page.getByRole('button', { name: /Back/ }).click();
    await heading(PLAN_DETAILS);
    const save = await holdStage('plan-details');
    await page.getByRole('button', { name: /^Next/ }).click();
    await heading(ADDITIONAL_DETAILS);
    await page.getByLabel('Pincode').pressSequentially('452009');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Indore');
    await page.getByRole('combobox', { name: 'Occupation' }).click();
    await page.getByRole('option', { name: 'Salaried', exact: true }).click();
    await page.locator('label').filter({ hasText: /^No$/ }).click();
    await expect.poll(() => save.held.length).toBe(1);
    await page.getByRole('button', { name: /^Next/ }).click();
    // Held: the loader says so, and review does not open before the save before it is in.
    await page.locator('.bf-busy-overlay').waitFor();
    expect(await page.getByRole('heading', { name: 'Review your plan' }).count()).toBe(0);
    await save.release();
    await heading('Review your plan');
    await expect.poll(async () => (await saved()).userStage).toBe('personal-details');
    const state = await saved();
    expect(state.personalDetails.primary).toMatchObject({ pincode: '452009', annualIncome: '1500000' });
  });
});
