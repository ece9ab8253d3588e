import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, PHONE, SCREENSHOTS, startServer, type RunningServer } from './harness.ts';
import { ageTables, basicDetailsStep, withDateOfBirth } from './planDriver/ageCases.ts';
import { dateDigits, fieldActions } from './planDriver/fieldActions.ts';
import { fieldError, fillForm } from './planDriver/fillForm.ts';
import { journeyData, journeyPath, loadPlans, stepTitle } from './planDriver/planCases.ts';
import { choosePayMode, savedState, shoot, walkToPayment } from './planDriver/walkJourney.ts';

/*
 * "A plan is data", in real Chromium against the real server: one test, run for every
 * folder under schemas/plans, in which a visitor buys the plan from the catalogue to
 * payment-success, filling each step from its fixtures' "journey" case (after its
 * "onScreen" cases, whose messages must show under the fields as the fixtures state them,
 * and checking each case's "shows" texts and "breakup" rows); pay later; resume by mobile,
 * and by application number on another device; and the age table of spec 01 §5 (spec 02
 * for T54) typed into basic details below, at and above each bound. No plan is named here but T54's pay-later
 * return, which spec 02 §4.7 sets apart from spec 01 §2. axe checks every screen and popup
 * these reach: every step, filled and not, each dropdown open, the joint-life popup,
 * make-payment and its failure modal, the proposal page, and the resume popup and its list.
 */

const plans = loadPlans();
const JOURNEY_TIMEOUT_MS = 150_000;

/** Where pay later returns (spec 01 §2 'Payment return paths'; spec 02 §4.7 for T54). */
const payLaterHash = (productId: string) => (productId === 'T54' ? '#/payment-success' : '#/');

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

/** The field's message once it shows `expected`, or whatever it shows after a few seconds. */
async function settledError(page: Page, id: string, expected: string): Promise<string> {
  const deadline = Date.now() + 4_000;
  let shown = await fieldError(page, id);
  while (shown !== expected && Date.now() < deadline) {
    await page.waitForTimeout(100);
    shown = await fieldError(page, id);
  }
  return shown;
}

const onProposalPage = (page: Page, proposalPage: string, hash: string) =>
  page.waitForURL((url) => url.pathname === proposalPage && url.hash === hash, { timeout: 30_000 });

describe.each(plans.map((plan) => [plan.config.productId, plan] as const))('%s', (code, plan) => {
  const { proposalPage } = plan.config.routes;
  let paidApplication = '';
  let paidProposalNumber = '';

  it(
    'a visitor buys it from the catalogue to payment-success',
    async () => {
      const page = await phone();
      const walked = await walkToPayment(page, server.baseUrl, plan, {
        shots: code,
        audit: true,
        onScreen: true,
      });
      expect(walked.applicationNumber).toMatch(/^\d{10}$/);
      await choosePayMode(page, plan, walked.payment, true);
      await expectAccessible(page, `${code} make-payment, pay mode chosen`);
      await shoot(page, `${code}-${walked.payment.id}`);
      const pay = async () => {
        await page.locator('.bf-step-actions button[type="submit"]').click();
        await page.waitForURL(/payu-sandbox/, { timeout: 20_000 });
      };
      // A failed payment comes back to the plan page's make-payment step (spec 01 §2) with the
      // 'Transaction Failed' popup; Retry, and the second attempt succeeds.
      await pay();
      await page.getByRole('button', { name: 'Failure' }).click();
      await page.getByRole('alertdialog', { name: 'Transaction Failed' }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, `${code} payment failure popup`);
      const back = new URL(page.url());
      expect(plan.config.routes.mode === 'hash' ? back.hash : back.pathname).toMatch(/make-payment$/);
      await page.getByRole('button', { name: 'Retry' }).click();
      await pay();
      await page.getByRole('button', { name: 'Success' }).click();
      await onProposalPage(page, proposalPage, '#/payment-success');
      await page.getByText('Thank You!').first().waitFor();
      await expect
        .poll(async () => ((await savedState(page, plan)).paymentDetails as { status?: string })?.status)
        .toBe('success');
      await expectAccessible(page, `${code} proposal page, payment-success`);
      await shoot(page, `${code}-payment-success`);
      paidApplication = walked.applicationNumber;
      paidProposalNumber = String((await savedState(page, plan)).proposalNumber ?? '');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'Pay Later from make-payment lands on the proposal page',
    async () => {
      const page = await phone();
      await walkToPayment(page, server.baseUrl, plan);
      await page.getByRole('button', { name: 'Pay Later' }).click();
      await onProposalPage(page, proposalPage, payLaterHash(code));
      expect((await savedState(page, plan)).paymentDetails).toMatchObject({ payLater: true });
      await page.locator('main').first().waitFor();
      await expectAccessible(page, `${code} after pay later`);
      await shoot(page, `${code}-pay-later`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('Resume Application by mobile lists the paid application with product id, quote ID and date', async () => {
    expect(paidApplication, 'the purchase above made no application').not.toBe('');
    const holder = journeyData(plan, basicDetailsStep(plan))!.policyHolder as Record<string, string>;
    const page = await phone();
    await page.goto(server.baseUrl + journeyPath(plan));
    await page.getByRole('button', { name: 'Resume Application' }).click();
    const lookup = page.getByRole('dialog');
    await lookup.waitFor();
    await expectAccessible(page, `${code} resume popup`);
    await lookup.locator('input[id="step-resume_mobileNumber"]').pressSequentially(holder.mobileNumber!);
    await lookup
      .locator('input[id="step-resume_dateOfBirth"]')
      .pressSequentially(dateDigits(holder.dateOfBirth!));
    await lookup.getByRole('button', { name: 'Proceed' }).click();
    const row = page.locator('.bf-resume__row').filter({ hasText: paidApplication });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('.bf-resume__cell').allTextContents()).toEqual([
      `Product ID ${code}`,
      `Quote ID ${paidApplication}`,
      expect.stringMatching(/^Date \S.*\d/),
    ]);
    await expectAccessible(page, `${code} resume popup, the applications found`);
    await shoot(page, `${code}-resume`);
  });

  it('Resume Application by email, Quote ID and application number opens the paid application on another device', async () => {
    expect(paidApplication, 'the purchase above made no application').not.toBe('');
    expect(paidProposalNumber).toMatch(/^[A-Z0-9]{1,11}$/);
    const holder = journeyData(plan, basicDetailsStep(plan))!.policyHolder as Record<string, string>;
    // The option's label as the plan's resume popup words it (spec 01 §5 mode 'appnumber').
    const resume = plan.popups.resume!.schema;
    type Options = { $ref?: string; oneOf?: { const: string; title: string }[] };
    let retrieve = resume.properties!.retrieve as Options;
    if (retrieve.$ref) retrieve = resume.$defs![retrieve.$ref.replace('#/$defs/', '')] as Options;
    const byNumber = retrieve.oneOf!.find((option) => option.const === 'appnumber')!.title;
    const page = await phone();
    await page.goto(server.baseUrl + journeyPath(plan));
    await page.getByRole('button', { name: 'Resume Application' }).click();
    const lookup = page.getByRole('dialog');
    await lookup.waitFor();
    await lookup
      .locator('label')
      .filter({ hasText: new RegExp(`^${byNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .click();
    await lookup.locator('input[id="step-resume_emailId"]').fill(holder.emailId!);
    await lookup.locator('input[id="step-resume_quoteId"]').fill(paidApplication);
    await lookup.locator('input[id="step-resume_applicationNumber"]').pressSequentially(paidProposalNumber);
    await expectAccessible(page, `${code} resume popup, by application number`);
    await lookup.getByRole('button', { name: 'Proceed' }).click();
    // Paid (spec 02 §4.2, the plan's RESUME rows): the proposal page's payment-success.
    await onProposalPage(page, proposalPage, '#/payment-success');
    await page.getByText('Thank You!').first().waitFor();
    const saved = await savedState(page, plan);
    expect(saved).toMatchObject({
      applicationNumber: paidApplication,
      basicDetails: { policyHolder: { mobileNumber: holder.mobileNumber } },
      paymentDetails: { status: 'success' },
    });
    expect(typeof saved.capability).toBe('string');
  });

  it('basic details check the age table of §5 for each person', async () => {
    const page = await phone();
    const form = basicDetailsStep(plan);
    await page.goto(server.baseUrl + journeyPath(plan));
    await page.getByRole('heading', { name: stepTitle(form), exact: true }).waitFor({ timeout: 20_000 });
    const submit = page.locator('.bf-step-actions button[type="submit"]');
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const table of ageTables(plan)) {
      const id = `step-${form.id}_${table.field}_dateOfBirth`;
      const [first, ...rest] = table.cases;
      // The whole form as a visitor fills it, with the first (invalid) date: Continue shows the
      // message and validates live from then on, so each retyped date answers at once.
      await fillForm(page, fieldActions(form, withDateOfBirth(table, first!.dateOfBirth)));
      await submit.click();
      for (const c of [first!, ...rest]) {
        const date = fieldActions(form, { [table.field]: { dateOfBirth: c.dateOfBirth } });
        await fillForm(page, date);
        const expected = c.valid ? '' : (table.message ?? '(no message in the schema)');
        seen.push(`${table.person} ${c.name}: ${await settledError(page, id, expected)}`);
        wanted.push(`${table.person} ${c.name}: ${expected}`);
      }
    }
    await expectAccessible(page, `${code} ${form.id} with messages under the dates`);
    expect(seen).toEqual(wanted);
    expect(new URL(page.url()).pathname).toBe(journeyPath(plan));
  }, 90_000);
});
