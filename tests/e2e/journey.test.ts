import { join } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { format, subYears } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, SCREENSHOTS, startServer, type RunningServer, PHONE } from './harness.ts';

/** The T54 journey from basic details to review and the benefit illustration, in real Chromium (issue 4). */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  context = await browser.newContext({
    ...PHONE,
    acceptDownloads: true,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const error = (id: string) => page.locator(`[id="${id}__error"]`);
const heading = (name: string) => page.getByRole('heading', { name }).waitFor();
const audit = (screen: string) => expectAccessible(page, `T54 ${screen}`);

async function shoot(name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('T54 journey', () => {
  it('basic details create the application and lead to plan details with a live quote', async () => {
    await page.goto(server.baseUrl + JOURNEY);
    await heading('Share your basic details to calculate regular pension income');
    await page.getByLabel('Full Name').fill('Ramesh Kumar Sharma');
    await page.getByLabel('Date of Birth').fill(format(subYears(new Date(), 55), 'ddMMyyyy'));
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByLabel('Email ID').fill('ramesh.sharma@gmail.com');
    await page
      .locator('label')
      .filter({ hasText: /^Male$/ })
      .click();
    await page.getByRole('checkbox', { name: /I authorise/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Customise your pension plan');
    // Defaults: 50,000 Yearly, 5 years, Yearly pension, Life Annuity; the quote arrives.
    expect(await page.getByLabel('Investment Amount').inputValue()).toBe('50,000');
    await page.getByText('You Get').waitFor();
    // The Next button shows the annuity of the current quote (spec 02 §2.5).
    await expect
      .poll(() => page.getByRole('button', { name: /^Next · Get ₹ [\d,]+ a year$/ }).count())
      .toBe(1);
    await shoot('plan-details');
  });

  it("plan details: a frequency change sets its minimum; below it the spec's message; the quote follows", async () => {
    await page.getByRole('combobox', { name: 'Premium Frequency' }).click();
    await page.getByRole('option', { name: 'Monthly', exact: true }).click();
    await expect.poll(() => page.getByLabel('Investment Amount').inputValue()).toBe('4,350');
    const amount = page.getByLabel('Investment Amount');
    await amount.fill('');
    await amount.pressSequentially('4000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => error('step-plan-details_planDetails_investmentAmount').textContent())
      .toBe('Minimum Investment Amount should be 4,350.');
    await audit('plan-details with a message under the amount');
    await page.getByRole('combobox', { name: 'Premium Frequency' }).click();
    await page.getByRole('option', { name: 'Yearly', exact: true }).click();
    await amount.fill('');
    await amount.pressSequentially('200000');
    expect(await amount.inputValue()).toBe('2,00,000');
    await page.getByRole('combobox', { name: 'Premium Paying Term' }).click();
    await page.getByRole('option', { name: '10 Years', exact: true }).click();
    await page.getByText('Life Annuity with return of purchase price on death', { exact: true }).click();
    await expect
      .poll(async () => (await page.locator('.bf-quote').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/You Get₹ 1,7\d,\d{3}/);
  });

  it('edit details: the popup saves changed basic details and the summary follows', async () => {
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your details' });
    await dialog.waitFor();
    await audit('edit details popup');
    const name = dialog.getByLabel('Full Name');
    await name.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.locator('.bf-field-error:not(:empty)').first().textContent())
      .toBe('Full Name cannot be empty.');
    await audit('edit details popup with a message');
    await name.fill('Ramesh Kumar Verma');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Ramesh Kumar Verma').first().waitFor();
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    expect(saved.basicDetails.policyHolder).toMatchObject({
      fullName: 'Ramesh Kumar Verma',
      lastname: 'Verma',
    });
    // Version 1 was the application as Continue created it (lead and campaign with it): the edit saved a newer one.
    expect(saved.version).toBeGreaterThan(1);
  });

  it('joint life: the popup checks the second life, sets gender from the relationship, greys other options', async () => {
    await page
      .locator('label')
      .filter({ hasText: /^Joint$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add a joint life' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Joint Life' }).click();
    await expect
      .poll(() => error('step-joint-life_insuredPerson_relation').textContent())
      .toBe('Relationship with Policyholder cannot be empty.');
    await audit('joint life popup with its messages');
    await dialog.getByRole('combobox', { name: 'Relationship with Policyholder' }).click();
    await page.getByRole('option', { name: 'Wife', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Female', exact: true }).isChecked())
      .toBe(true);
    await dialog.getByLabel('Full Name').fill('Sunita Sharma');
    await dialog.getByLabel('Date of Birth').pressSequentially(format(subYears(new Date(), 39), 'ddMMyyyy'));
    await dialog.getByRole('button', { name: 'Add Joint Life' }).click();
    await expect
      .poll(() => error('step-joint-life_insuredPerson_dateOfBirth').textContent())
      .toBe('Age should be between 45 and 80 with 15 years difference');
    await page.screenshot({ path: join(SCREENSHOTS, 'joint-life-popup-phone.png') });
    await dialog.getByLabel('Date of Birth').fill('');
    await dialog.getByLabel('Date of Birth').pressSequentially(format(subYears(new Date(), 50), 'ddMMyyyy'));
    await dialog.getByRole('button', { name: 'Add Joint Life' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Joint life:').waitFor();
    await audit('plan-details with a joint life');
    // Only the first two plan options allow a joint life; the others are greyed out.
    expect(await page.getByRole('radio', { name: /^Life increasing Annuity/ }).isDisabled()).toBe(true);
    await expect
      .poll(async () => (await page.locator('.bf-quote').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/You Get₹ 1,\d\d,\d{3}/);
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    expect(saved.basicDetails.policyHolder.buyFor).toBe('Joint Life');
    expect(saved.basicDetails.insuredPerson).toMatchObject({
      relation: 'Wife',
      gender: 'Female',
      fullName: 'Sunita Sharma',
    });
    // Back to Single: the second life goes, buyFor is Myself again.
    await page
      .locator('label')
      .filter({ hasText: /^Single$/ })
      .click();
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}').basicDetails.insuredPerson,
        ),
      )
      .toEqual({});
    await page.getByRole('button', { name: 'Next' }).click();
    await heading('A few more details about you');
  });

  it("additional details: pincode lookup fills city and state; the spec's messages for bad input", async () => {
    const pincode = page.getByLabel('Pincode');
    await pincode.pressSequentially('000000');
    await expect
      .poll(() => error('step-additional-details_personalDetails_pincode').textContent())
      .toBe('Please enter valid pincode.');
    await pincode.fill('');
    await pincode.pressSequentially('452009');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Indore');
    expect(await page.getByLabel('State').inputValue()).toBe('Madhya Pradesh');
    await page.getByRole('combobox', { name: 'Occupation' }).click();
    await page.getByRole('option', { name: 'Salaried', exact: true }).click();
    await page.getByLabel('Annual Income').pressSequentially('99999');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => error('step-additional-details_personalDetails_annualIncome').textContent())
      .toBe('Enter minimum 5 figures');
    await page.getByLabel('Annual Income').fill('1200000');
    // Staff: Yes shows employer and code, the 2.5% banner, and re-prices.
    await page.locator('label').filter({ hasText: /^Yes$/ }).click();
    await page.getByText('Congratulations! As an employee you get 2.5% additional annuity.').waitFor();
    await page.getByRole('combobox', { name: 'Employer' }).click();
    await page.getByRole('option', { name: 'Bank of Baroda', exact: true }).click();
    await page.getByLabel('Employee Code').pressSequentially('000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => error('step-additional-details_personalDetails_indiaFirstStaff_employeeCode').textContent())
      .toBe('Please enter valid employee code.');
    await audit('additional-details, staff, with a message');
    await page.getByLabel('Employee Code').fill('004512');
    await shoot('additional-details');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading('Review your plan');
  });

  it('review: summary, terms required, and the benefit illustration matches the screen to the rupee', async () => {
    const download = await page.waitForEvent('download', { timeout: 20_000 });
    const path = join(SCREENSHOTS, 'benefit-illustration.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 4).toString()).toBe('%PDF');
    // Every figure of the You Pay / You Get box is in the illustration, to the rupee.
    const figures = await page.locator('.bf-pay-get dd strong').allTextContents();
    expect(figures.length).toBeGreaterThan(1);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain('Ramesh Kumar Verma');
    for (const figure of figures) expect(text).toContain(figure.replace('₹ ', ''));
    // Once per quote: the review opened again does not download it again (issue 9).
    const illustrations: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/proposal_service/v1/bi') && illustrations.push(request.url()),
    );
    await page.reload();
    await heading('Review your plan');
    await page.waitForLoadState('networkidle');
    expect(illustrations).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => error('step-review-details_reviewDetails_termsAccepted').textContent())
      .toBe('Please accept (✓) the Terms & Conditions');
    await audit('review with the terms message');
    await page.getByRole('button', { name: 'Read the Terms & Conditions' }).click();
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    await audit('terms popup');
    await page.getByRole('button', { name: 'Close' }).click();
    await shoot('review');
  });

  it('editing basic details from review keeps the same application and the plan choices that still fit', async () => {
    const before = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    await page.getByRole('button', { name: 'Edit basic details' }).click();
    await heading('Share your basic details to calculate regular pension income');
    const name = page.getByLabel('Full Name');
    await name.fill('');
    await name.pressSequentially('Ramesh Kumar Mehta');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Customise your pension plan');
    const after = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    // The same application, a newer version; no new Quote ID, the plan as it was.
    expect(after.applicationNumber).toBe(before.applicationNumber);
    expect(after.version).toBeGreaterThan(before.version);
    expect(await page.getByText(`Quote ID: ${before.applicationNumber}`).count()).toBe(1);
    expect(await page.getByLabel('Investment Amount').inputValue()).toBe('2,00,000');
    expect(after.planDetails.planOption).toBe(before.planDetails.planOption);
    // The edit saved the basic-details stage again: the steps after plan details are not open
    // until a new quote is saved, so review's address lands on plan details (the furthest open
    // step), and the old figures are never shown, nor their illustration.
    expect(after.userStage).toBe('basic-details');
    // The new name's quote is in before the page is loaded again: the label still names it.
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}').planDetails?.quotedFor,
        ),
      )
      .toContain('"FirstName":"Ramesh","MiddleName":"Kumar","LastName":"Mehta"');
    await page.goto(server.baseUrl + JOURNEY + 'review-details');
    await heading('Customise your pension plan');
    await expect.poll(() => new URL(page.url()).pathname).toBe(JOURNEY + 'plan-details');
    expect(await page.locator('.bf-pay-get').count()).toBe(0);
    await audit('plan details, where review sends a changed application');
    // The quote follows the new name (the illustration prints it).
    await expect
      .poll(() => page.getByRole('button', { name: /^Next · Get ₹ [\d,]+ a year$/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await shoot('plan-details-after-edit');
    await page.getByRole('button', { name: /^Next/ }).click();
    await heading('A few more details about you');
    // Additional details has a way back to plan details (spec 02 §2.6).
    await page.getByRole('button', { name: /Back/ }).click();
    await heading('Customise your pension plan');
  });

  it('a new tab on this device offers to continue the previous quote, and resumes it', async () => {
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dataMapping:T54') ?? '{}'));
    expect(saved.userStage).toBe('plan-details');
    const fresh = await context.newPage();
    await fresh.goto(server.baseUrl + JOURNEY);
    await fresh.getByText('Continue with your previous quote').waitFor();
    expect(await fresh.getByText(`Quote ID ${saved.applicationNumber}`).count()).toBe(1);
    await expectAccessible(fresh, 'T54 first screen offering the previous quote');
    await fresh.getByRole('button', { name: 'Continue', exact: true }).first().click();
    // It resumes on the step of the stage saved last (plan details: Next saved its quote).
    await fresh.getByRole('heading', { name: 'Customise your pension plan' }).waitFor();
    await expect.poll(() => new URL(fresh.url()).pathname).toBe(JOURNEY + 'plan-details');
    expect(await fresh.getByLabel('Investment Amount').inputValue()).toBe('2,00,000');
    expect(await fresh.getByText(`Quote ID: ${saved.applicationNumber}`).count()).toBe(1);
    await fresh.close();
  });
});
