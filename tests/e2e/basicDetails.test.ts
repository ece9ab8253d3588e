import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, subYears } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, SCREENSHOTS, startServer, type RunningServer, PHONE } from './harness.ts';

/** The T54 basic-details screen, rendered entirely from its schema, in real Chromium (issue 2). */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const TITLE = 'Share your basic details to calculate regular pension income';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({
    ...PHONE,
  });
  page = await context.newPage();
  await page.goto(server.baseUrl + JOURNEY);
  await page.getByRole('heading', { name: TITLE }).waitFor();
});

afterEach(async () => {
  await context?.close();
});

const fieldError = (id: string) => page.locator(`[id="${id}__error"]`);
const field = (name: string) => `step-basic-details_policyHolder_${name}`;
const continueButton = () => page.getByRole('button', { name: 'Continue' });

function dobForAge(years: number): string {
  return format(subYears(new Date(), years), 'ddMMyyyy');
}

async function fillValid() {
  await page.getByLabel('Full Name').fill('Ramesh Kumar Sharma');
  await page.getByLabel('Date of Birth').fill(dobForAge(60));
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Email ID').fill('ramesh.sharma@gmail.com');
  await page
    .locator('label')
    .filter({ hasText: /^Male$/ })
    .click();
  await page.getByRole('checkbox', { name: /I authorise/ }).check({ force: true });
}

describe('T54 basic details', () => {
  it('shows each required message on Continue with empty fields and focuses the first', async () => {
    await continueButton().click();
    await expect.poll(() => fieldError(field('fullName')).textContent()).toBe('Full Name cannot be empty.');
    expect(await fieldError(field('dateOfBirth')).textContent()).toBe('Date of Birth cannot be empty.');
    expect(await fieldError(field('mobileNumber')).textContent()).toBe('Mobile Number cannot be empty.');
    expect(await fieldError(field('emailId')).textContent()).toBe('Email ID cannot be empty.');
    expect(await fieldError(field('gender')).textContent()).toBe('Gender cannot be empty.');
    expect(await fieldError(field('disclamer1')).textContent()).toBe('Please accept all disclaimers');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(field('fullName'));
    await expectAccessible(page, 'T54 basic-details with every required message');
    await page.screenshot({ path: join(SCREENSHOTS, 'basic-details-errors-phone.png'), fullPage: true });
  });

  it('formats a typed date as DD/MM/YYYY with the age, and rejects an age of 30', async () => {
    const dob = page.getByLabel('Date of Birth');
    await dob.pressSequentially('01011970');
    expect(await dob.inputValue()).toBe('01/01/1970');
    const age =
      new Date().getFullYear() - 1970 - (new Date() < new Date(new Date().getFullYear(), 0, 1) ? 1 : 0);
    await expect.poll(() => page.getByText(`${age} Years`).count()).toBe(1);
    // The calendar popover, as a visitor opens it from the field.
    await page.getByRole('button', { name: 'Choose date from calendar' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'T54 basic-details, the date calendar open');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await dob.fill('');
    await dob.pressSequentially(dobForAge(30));
    await continueButton().click();
    await expect
      .poll(() => fieldError(field('dateOfBirth')).textContent())
      .toBe('Age should be between 45 and 80');
  });

  it('rejects a +91 number starting with 5 and clears the number when the dial code changes', async () => {
    const mobile = page.getByLabel('Mobile Number');
    await mobile.pressSequentially('5123456789');
    await continueButton().click();
    await expect
      .poll(() => fieldError(field('mobileNumber')).textContent())
      .toBe('Please enter valid mobile number.');
    await mobile.fill('');
    await mobile.pressSequentially('98a76-54 3210');
    expect(await mobile.inputValue()).toBe('9876543210');
    await page.getByLabel('Country Code').selectOption('44');
    await expect.poll(() => mobile.inputValue()).toBe('');
  });

  it("says 'Please accept all disclaimers' while the contact disclaimer is unchecked; the optional boxes start unticked", async () => {
    await fillValid();
    await page.getByRole('checkbox', { name: /I authorise/ }).uncheck({ force: true });
    expect(await page.getByRole('checkbox', { name: /WhatsApp/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /other products/ }).isChecked()).toBe(false);
    await continueButton().click();
    await expect
      .poll(() => fieldError(field('disclamer1')).textContent())
      .toBe('Please accept all disclaimers');
  });

  it('lets a valid form through the step gate: creates the application and moves to plan details', async () => {
    await fillValid();
    await page.screenshot({ path: join(SCREENSHOTS, 'basic-details-filled-phone.png'), fullPage: true });
    await continueButton().click();
    await page.getByRole('heading', { name: 'Customise your pension plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(JOURNEY + 'plan-details');
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    expect(saved.applicationNumber).toMatch(/^[6-9][0-9]{9}$/);
    expect(saved.basicDetails.policyHolder).toMatchObject({
      fullName: 'Ramesh Kumar Sharma',
      firstname: 'Ramesh',
      lastname: 'Sharma',
      countryCode: '91',
      mobileNumber: '9876543210',
      emailId: 'ramesh.sharma@gmail.com',
      gender: 'Male',
      disclamer1: true,
      // Left as they start: unticked (docs/design/consents.md).
      whatsappDisclaimer: false,
      marketingConsent: false,
    });
    expect(saved.basicDetails.policyHolder.leadId).toMatch(/^LD[0-9]{10}$/);
    // The quote ID shows in the header; the previous quote is kept locally.
    expect(await page.getByText(`Quote ID: ${saved.applicationNumber}`).count()).toBe(1);
    const previous = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('previousQuotes:T54') ?? '[]'),
    );
    expect(previous[0].applicationNumber).toBe(saved.applicationNumber);
  });

  it('keeps what was typed across a reload', async () => {
    await page.getByLabel('Full Name').pressSequentially('  sunita   devi9 ');
    await page.getByLabel('Email ID').fill('sunita@yahoo.co.in');
    await page
      .locator('label')
      .filter({ hasText: /^Female$/ })
      .click();
    await page.reload();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Sunita Devi');
    expect(await page.getByLabel('Email ID').inputValue()).toBe('sunita@yahoo.co.in');
    expect(await page.getByRole('radio', { name: 'Female' }).isChecked()).toBe(true);
  });

  it('keeps a visitor without an application number on the first screen', async () => {
    await page.goto(server.baseUrl + JOURNEY + 'review-details');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(JOURNEY);
  });

  it('looks right on a desktop viewport', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, 'basic-details-desktop.png'), fullPage: true });
    await expectAccessible(page, 'T54 basic-details on a desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, 'basic-details-phone.png'), fullPage: true });
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('T54 landing', () => {
  it('shows the benefit cards, the example, the how-to-buy guide, the claims record and the product footer', async () => {
    // The visitor scrolls down to read them (their copy comes once the page is first used).
    await page.mouse.wheel(0, 600);
    for (const text of [
      'Limited Payment Lifetime Annuity',
      'Single and Joint Life Annuity',
      'Escalating Annuity',
      'Visualize your plan',
      '₹ 1,71,746', // the engine's figure for the stated inputs (docs/pricing/deferredAnnuity.md)
      '₹ 20,00,000',
      'How to buy in 4 simple steps',
      '98.04%',
      '30,796',
      'Get 1% extra annuity on online purchase',
    ]) {
      // The landing sections' code and copy come after that first use: wait for them to show.
      await page.getByText(text).first().waitFor({ state: 'visible' });
    }
    expect(await page.locator('.bf-product-id').textContent()).toContain('UIN: 143N066V04');
    await expectAccessible(page, 'T54 first screen with the landing content');
  });

  it('downloads the product brochure as a real PDF', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Product Brochure' }).click(),
    ]);
    const path = join(SCREENSHOTS, 'brochure.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('catalogue', () => {
  it('lists every configured plan, linking to its journey', async () => {
    await page.goto(server.baseUrl + '/');
    const link = page.getByRole('link', { name: /Get a quote for Guaranteed Pension Plan/ });
    expect(await link.getAttribute('href')).toBe(JOURNEY);
    await expectAccessible(page, 'the catalogue');
    await page.screenshot({ path: join(SCREENSHOTS, 'catalogue-phone.png'), fullPage: true });
  });
});
