import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { format, subYears } from 'date-fns';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, SCREENSHOTS, startServer, type RunningServer, PHONE } from './harness.ts';

/** 'Continue your Application': the resume dialog and the automatic resume, in real Chromium (issue 5). */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const BASIC_TITLE = 'Share your basic details to calculate regular pension income';
const PLAN_TITLE = 'Customise your pension plan';
const BY_MOBILE = 'Mobile number and date of birth';
const BY_NUMBER = 'Email, Quote ID and application number';

const HOLDER = {
  name: 'Ramesh Kumar Sharma',
  mobile: '9812345610',
  email: 'ramesh.sharma@gmail.com',
  dob: format(subYears(new Date(), 60), 'ddMMyyyy'),
};

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

/** The browser that created the application lives through the file; the others end with their test. */
let keep: BrowserContext | undefined;

afterEach(async () => {
  for (const context of contexts.splice(0).filter((context) => context !== keep)) await context.close();
  if (keep) contexts.push(keep);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/** A phone-sized browser of its own: no session, no previous quotes. */
async function freshPhone(): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
  });
  contexts.push(context);
  return context.newPage();
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Welcome Back!' });
const fieldError = (page: Page, field: string) => page.locator(`[id="step-resume_${field}__error"]`);
const dialogMessage = (page: Page) => dialogOf(page).locator('.bf-resume__message[role="alert"]');
const proceed = (page: Page) => dialogOf(page).getByRole('button', { name: 'Proceed' });
const mobileInput = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Mobile Number', exact: true });
const dobInput = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Date of Birth', exact: true });
const quoteIdInput = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Quote ID', exact: true });
const applicationInput = (dialog: Locator) =>
  dialog.getByRole('textbox', { name: 'Application Number', exact: true });

async function choose(page: Page, label: string) {
  await dialogOf(page)
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

async function openDialog(page: Page) {
  await page.goto(server.baseUrl + JOURNEY);
  await page.getByRole('heading', { name: BASIC_TITLE }).waitFor();
  await page.getByRole('button', { name: 'Resume Application' }).click();
  await dialogOf(page).waitFor();
}

/** The resume calls a page makes, to prove an invalid form makes none. */
function resumeCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/buyonlineoauth\/retrieve/.test(request.url())) calls.push(request.url());
  });
  return calls;
}

/** A screenshot at phone and desktop widths, each checked by axe. */
async function shoot(page: Page, name: string) {
  await expectAccessible(page, `T54 ${name}`);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`) });
  await expectAccessible(page, `T54 ${name} on a desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
}

const savedState = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));

/** The header shows the resumed Quote ID and this tab holds the application with a capability. */
async function expectResumed(page: Page, quoteId: string) {
  await dialogOf(page).waitFor({ state: 'detached' });
  await page.locator('.bf-quote-id').filter({ hasText: quoteId }).waitFor();
  const saved = await savedState(page);
  expect(saved).toMatchObject({
    applicationNumber: quoteId,
    basicDetails: { policyHolder: { fullName: HOLDER.name, mobileNumber: HOLDER.mobile } },
  });
  expect(typeof saved.capability).toBe('string');
  expect(saved.version).toBeGreaterThan(0);
  // Saved at plan details (spec 02 §4.2): the machine routes the resumed application there.
  await page.getByRole('heading', { name: PLAN_TITLE }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`${JOURNEY}plan-details`);
}

describe('resume dialog', () => {
  it('Proceed does nothing while the form is invalid; every §5.5 message shows', async () => {
    const page = await freshPhone();
    const calls = resumeCalls(page);
    await openDialog(page);
    const dialog = dialogOf(page);
    expect(await dialog.getByRole('radio', { name: BY_MOBILE }).isChecked()).toBe(true);

    await proceed(page).click();
    await expect
      .poll(() => fieldError(page, 'mobileNumber').textContent())
      .toBe('Mobile Number cannot be empty.');
    expect(await fieldError(page, 'dateOfBirth').textContent()).toBe('Date of Birth cannot be empty.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-resume_mobileNumber');

    const mobile = mobileInput(dialog);
    await mobile.pressSequentially('ab98-76');
    expect(await mobile.inputValue()).toBe('9876');
    await mobile.fill('5876543210');
    const dob = dobInput(dialog);
    await dob.fill(format(subYears(new Date(), 44), 'ddMMyyyy'));
    await proceed(page).click();
    await expect
      .poll(() => fieldError(page, 'mobileNumber').textContent())
      .toBe('Please enter valid mobile number.');
    await expect
      .poll(() => fieldError(page, 'dateOfBirth').textContent())
      .toBe('Age should be between 45 to 80');
    await shoot(page, 'resume-dialog-errors');
    await dob.fill(format(subYears(new Date(), 81), 'ddMMyyyy'));
    await expect
      .poll(() => fieldError(page, 'dateOfBirth').textContent())
      .toBe('Age should be between 45 to 80');
    await dob.fill('31021970');
    await expect
      .poll(() => fieldError(page, 'dateOfBirth').textContent())
      .toBe('Please enter valid date of birth.');

    await choose(page, BY_NUMBER);
    await proceed(page).click();
    await expect.poll(() => fieldError(page, 'emailId').textContent()).toBe('Email ID cannot be empty.');
    expect(await fieldError(page, 'quoteId').textContent()).toBe('Quote ID cannot be empty.');
    expect(await fieldError(page, 'applicationNumber').textContent()).toBe(
      'Application Number cannot be empty.',
    );

    await dialog.getByRole('combobox', { name: 'Email ID' }).fill('ramesh@gmail');
    await quoteIdInput(dialog).pressSequentially('5a123456789');
    expect(await quoteIdInput(dialog).inputValue()).toBe('5123456789');
    await applicationInput(dialog).pressSequentially('t54-12');
    expect(await applicationInput(dialog).inputValue()).toBe('T54-12');
    await proceed(page).click();
    await expect.poll(() => fieldError(page, 'emailId').textContent()).toBe('Please enter valid email id.');
    expect(await fieldError(page, 'quoteId').textContent()).toBe('Please enter valid quote id.');
    expect(await fieldError(page, 'applicationNumber').textContent()).toBe(
      'Please enter valid application number.',
    );
    await quoteIdInput(dialog).fill('612345');
    await expect.poll(() => fieldError(page, 'quoteId').textContent()).toBe('Please enter valid quote id.');
    await shoot(page, 'resume-dialog-appnumber-errors');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Resume Application' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("says 'Please enter valid credential' when mobile and date of birth match nothing", async () => {
    const page = await freshPhone();
    await openDialog(page);
    await mobileInput(dialogOf(page)).fill('9000000001');
    await dobInput(dialogOf(page)).fill(HOLDER.dob);
    // The lookup is held back a little so its progress can be seen.
    await page.route('**/buyonlineoauth/retrieve', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await proceed(page).click();
    await expect.poll(() => proceed(page).getAttribute('aria-busy')).toBe('true');
    expect(await proceed(page).isDisabled()).toBe(true);
    await dialogOf(page).getByRole('status').filter({ hasText: 'Looking for your application…' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'resume-dialog-busy-phone.png') });
    await expectAccessible(page, 'T54 resume-dialog-busy');
    await expect.poll(() => dialogMessage(page).textContent()).toBe('Please enter valid credential');
    expect(await proceed(page).isDisabled()).toBe(false);
    await shoot(page, 'resume-dialog-no-match');
  });
});

describe('resuming a saved application', () => {
  let owner: Page;
  let quoteId: string;
  let proposalNumber: string;

  beforeAll(async () => {
    // The application is made through the real journey and taken to plan details' Next.
    owner = await freshPhone();
    keep = owner.context();
    await owner.goto(server.baseUrl + JOURNEY);
    await owner.getByRole('heading', { name: BASIC_TITLE }).waitFor();
    await owner.getByLabel('Full Name').fill(HOLDER.name);
    await owner.getByLabel('Date of Birth').fill(HOLDER.dob);
    await owner.getByLabel('Mobile Number').fill(HOLDER.mobile);
    await owner.getByLabel('Email ID').fill(HOLDER.email);
    await owner
      .locator('label')
      .filter({ hasText: /^Male$/ })
      .click();
    await owner.getByRole('checkbox', { name: /I authorise/ }).check({ force: true });
    await owner.getByRole('button', { name: 'Continue' }).click();
    await owner.getByRole('heading', { name: PLAN_TITLE }).waitFor();
    await owner.getByRole('button', { name: /^Next · Get ₹ [\d,]+ a year$/ }).waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: /^Next/ }).click();
    await owner.waitForURL(/additional-details$/);
    const saved = await savedState(owner);
    quoteId = saved.applicationNumber;
    proposalNumber = saved.proposalNumber;
    expect(quoteId).toMatch(/^[6-9]\d{9}$/);
    expect(proposalNumber).toMatch(/^[A-Z0-9]{1,11}$/);
  });

  it('by mobile and date of birth in a fresh browser: the list, then the application', async () => {
    const page = await freshPhone();
    await openDialog(page);
    await mobileInput(dialogOf(page)).fill(HOLDER.mobile);
    await dobInput(dialogOf(page)).fill(HOLDER.dob);
    await proceed(page).click();
    const row = dialogOf(page).getByRole('radio', { name: new RegExp(`Quote ID ${quoteId}`) });
    await row.waitFor();
    expect(await row.isChecked()).toBe(true);
    const rowText = await dialogOf(page).locator('.bf-resume__row').first().textContent();
    expect(rowText).toMatch(
      new RegExp(`Product ID\\s*T54\\s*Quote ID\\s*${quoteId}\\s*Date\\s*\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`),
    );
    expect(await dialogOf(page).getByText(`for mobile number 98XXXXXX10`).count()).toBe(1);
    await shoot(page, 'resume-dialog-list');
    await proceed(page).click();
    await expectResumed(page, quoteId);
    // The device now keeps it among its previous quotes, with the capability the resume gave.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('previousQuotes:T54') ?? '[]'));
    expect(kept[0]).toMatchObject({
      applicationNumber: quoteId,
      capability: (await savedState(page)).capability,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'resume-resumed-phone.png') });
  });

  it('by email, Quote ID and application number: a wrong email is refused, the right one resumes', async () => {
    const page = await freshPhone();
    await openDialog(page);
    const dialog = dialogOf(page);
    await choose(page, BY_NUMBER);
    await dialog.getByRole('combobox', { name: 'Email ID' }).fill('someone.else@gmail.com');
    await quoteIdInput(dialog).fill(quoteId);
    await applicationInput(dialog).pressSequentially(proposalNumber.toLowerCase());
    expect(await applicationInput(dialog).inputValue()).toBe(proposalNumber);
    await proceed(page).click();
    await expect.poll(() => dialogMessage(page).textContent()).toBe('Please enter valid application number');
    await shoot(page, 'resume-dialog-refused');
    await dialog.getByRole('combobox', { name: 'Email ID' }).fill(HOLDER.email);
    await proceed(page).click();
    await expectResumed(page, quoteId);
  });

  it('?applicationNo= resumes on load with the capability this device kept, and leaves the address', async () => {
    // A new tab of the browser that made the application: its previous quotes hold the capability.
    const page = await owner.context().newPage();
    const answer = page.waitForResponse((res) => res.url().endsWith('/buyonlineoauth/retrieve-data'));
    await page.goto(`${server.baseUrl}${JOURNEY}?applicationNo=${quoteId}&utm_source=mail`);
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['x-application-capability']).toBeTruthy();
    await expectResumed(page, quoteId);
    expect(page.url()).not.toContain('applicationNo');

    // The same tab again, with the device's previous quotes gone: this tab's own capability proves it.
    await page.evaluate(() => localStorage.clear());
    const again = page.waitForResponse((res) => res.url().endsWith('/buyonlineoauth/retrieve-data'));
    await page.goto(`${server.baseUrl}${JOURNEY}?applicationNo=${quoteId}`);
    expect((await again).status()).toBe(200);
    await expectResumed(page, quoteId);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('?applicationNo= without a kept capability asks for proof, the Quote ID filled in', async () => {
    const page = await freshPhone();
    const calls = resumeCalls(page);
    await page.goto(`${server.baseUrl}${JOURNEY}?applicationNo=${quoteId}`);
    const dialog = dialogOf(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: BY_NUMBER }).isChecked()).toBe(true);
    expect(await quoteIdInput(dialog).inputValue()).toBe(quoteId);
    expect(new URL(page.url()).search).toBe('');
    expect(calls).toEqual([]);
    await shoot(page, 'resume-dialog-from-link');
    await dialog.getByRole('combobox', { name: 'Email ID' }).fill(HOLDER.email);
    await applicationInput(dialog).fill(proposalNumber);
    await proceed(page).click();
    await expectResumed(page, quoteId);
  });

  it('plan details list the other quotes this device made, each one tap away', async () => {
    // A new tab of the browser that made the application starts a second one.
    const page = await owner.context().newPage();
    await page.goto(server.baseUrl + JOURNEY);
    await page.getByRole('heading', { name: BASIC_TITLE }).waitFor();
    await page.getByLabel('Full Name').fill('Sunita Devi');
    await page.getByLabel('Date of Birth').fill(format(subYears(new Date(), 58), 'ddMMyyyy'));
    await page.getByLabel('Mobile Number').fill('9812345620');
    await page.getByLabel('Email ID').fill('sunita.devi@gmail.com');
    await page
      .locator('label')
      .filter({ hasText: /^Female$/ })
      .click();
    await page.getByRole('checkbox', { name: /I authorise/ }).check({ force: true });
    // (The strip above the form offers the previous quote's own Continue: this is the form's.)
    await page.locator('.bf-step-actions button[type="submit"]').click();
    await page.getByRole('heading', { name: PLAN_TITLE }).waitFor();
    const list = page.getByRole('region', { name: 'Your previous quotes' });
    await list.getByText(`Quote ID ${quoteId}`).waitFor();
    expect(await list.getByRole('button', { name: `Open quote ${quoteId}` }).count()).toBe(1);
    await expectAccessible(page, 'T54 plan-details with the previous quotes');
    await list.getByRole('button', { name: `Open quote ${quoteId}` }).click();
    await page.locator('.bf-quote-id').filter({ hasText: quoteId }).waitFor();
    await expect.poll(async () => (await savedState(page)).applicationNumber).toBe(quoteId);
    await page.close();
  });
});
