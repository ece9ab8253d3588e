import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, subYears } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holds } from '../../engine/plan/conditions.ts';
import type { LoadedStep } from '../../engine/plan/types.ts';
import { setAtPointer, type ApplicationState } from '../../engine/state/applicationState.ts';
import { createApplicationStore } from '../../engine/state/applicationStore.ts';
import { splitName } from '../../src/journey/names.ts';
import { toDisplayDate } from '../../src/journey/formatValue.ts';
import { buildQuoteRequest } from '../../src/journey/quote/quoteRequest.ts';
import type { QuoteSections } from '../../src/journey/quote/requestQuote.ts';
import type { ApiClient } from '../../src/api/apiClient.ts';
import { createApiClient } from '../../src/api/createApiClient.ts';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import { compilingValidators } from '../../engine/validation/createFormValidator.ts';
import { readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import { savedFields, savedSections } from '../../src/app/proposal/proposalSteps.ts';
import { termsVersion, type TermsWording } from '../../src/shared/termsVersion.ts';
import { shownConsentVersions } from '../../src/shared/consents.ts';
import { JPEG, PDF, PNG } from '../integration/api/documentFiles.ts';
import { journeyData, stepTitle, type Fields } from './planDriver/planCases.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, SCREENSHOTS, startServer, type RunningServer, PHONE } from './harness.ts';

/**
 * The plan's proposal page (issue 5) in real Chromium: applications are made through the
 * real API from Node, the way the journey makes them; the tab's session storage holds
 * what the journey left there, and the page reads the application back from the server.
 */

// Built, as the journey builds it: its conditions (the quote's second life) are checked with the plan's matcher;
// with its proposal's steps (plan.json proposal.steps), as the proposal page loads them.
const T54_FILES = readPlanFiles('T54');
const plan = buildPlan(T54_FILES, commonDocuments(readCommonDocuments()), compilingValidators, {
  proposal: true,
});
const config = plan.config;
/** What review sends with a payment: the terms accepted, of the wording T54 shows (src/shared/termsVersion.ts). */
const TERMS_ACCEPTED = {
  termsAccepted: true,
  termsVersion: termsVersion(
    (
      T54_FILES[(T54_FILES['plan.json'] as { content: string }).content] as {
        termsAndConditions: TermsWording;
      }
    ).termsAndConditions,
  ),
} as const;
/** A proposal step's heading: its title in plan.json, else its schema's. */
const titleOf = (key: string) => stepTitle(plan.proposal[key]!);
const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const PROPOSAL = config.routes.proposalPage;
const STORE_KEY = 'dataMapping:T54';
const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Indian grouping, written independently of the page's own formatting. */
const rupees = (amount: number) => `₹ ${amount.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

let mobileSeed = 0;
const uniqueMobile = () => `9${String((Date.now() + (mobileSeed += 7919)) % 1_000_000_000).padStart(9, '0')}`;

interface SeededApplication {
  api: ApiClient;
  /** What the journey's tab holds after additional details, before the payment stage. */
  tab: ApplicationState;
  applicationNumber: string;
  proposalNumber: string;
  capability: string;
  /** The version the server holds now. */
  version: number;
  quote: QuoteSections & { installmentPremiumWithTaxFY: number };
}

/** Lead, application, quote, plan details and additional details through the API, as the journey does. */
async function seedApplication(): Promise<SeededApplication> {
  const api = createApiClient({
    baseUrl: server.baseUrl,
    clientId: 'bimaflow-web',
    envelopePassword: 'bimaflow-envelope-v1',
  });
  const store = createApplicationStore({ key: STORE_KEY });
  const holder = {
    proposalType: 'Individual',
    fullName: 'Ramesh Kumar Sharma',
    dateOfBirth: format(subYears(new Date(), 60), 'yyyy-MM-dd'),
    countryCode: '91',
    mobileNumber: uniqueMobile(),
    emailId: 'ramesh.sharma@gmail.com',
    gender: 'Male',
    disclamer1: true,
    whatsappDisclaimer: true,
  };
  const names = splitName(holder.fullName);
  const lead = await api.post<{ Eterm_CRM_Lead_Resp: { StatusMessage: string } }>(
    '/buyonlineoauth/leads/create',
    {
      ...names,
      gender: holder.gender,
      mobilenumber: holder.mobileNumber,
      emailid: holder.emailId,
      DOB: holder.dateOfBirth,
      productname: config.productName,
    },
  );
  const leadId = lead.Eterm_CRM_Lead_Resp.StatusMessage.trim().split(/\s+/).pop()!;
  const policyHolder = { ...holder, ...names, leadId };
  const created = await api.post<{
    status: string;
    applicationNo: string;
    proposalNumber: string;
    capability: string;
    version: number;
  }>('/buyonlineoauth/applications/create', {
    basicDetails: { policyHolder, insuredPerson: {} },
    leadId,
    lead_source: '',
    utm_source: '',
    utm_content: '',
    utm_campaign: '',
    dateOfBirth: toDisplayDate(holder.dateOfBirth),
    emailId: holder.emailId,
    mobileNumber: holder.mobileNumber,
    productId: config.productId,
    productName: config.productName,
    planCode: config.planCode,
    applicationNumber: '',
    productUIN: config.uin,
    consentVersions: shownConsentVersions(plan),
  });
  expect(created.status).toBe('200');
  const { capability } = created;
  store.dispatch({ type: 'saveBasicDetails', userType: 'policyHolder', data: policyHolder });
  store.dispatch({ type: 'saveApplicationNumber', applicationNumber: created.applicationNo });
  store.dispatch({
    type: 'updateMapping',
    data: {
      capability,
      version: created.version,
      proposalNumber: created.proposalNumber,
      productId: config.productId,
      userStage: 'basic-details',
    },
  });

  store.dispatch({
    type: 'savePlanDetails',
    data: {
      investmentAmount: '1,00,000',
      investmentFrequency: 'Yearly',
      premiumPayingTerm: 7,
      annuityFrequency: 'Monthly',
      category: 'Single',
      planOption: 'T54C',
    },
  });
  const today = format(new Date(), 'yyyy-MM-dd');
  const quoted = await api.post<{ data: { quoteNumber: string; quotePlanSectionDetails: QuoteSections } }>(
    '/proposal_service/v1/quotes',
    buildQuoteRequest(store.getState(), config, today),
    { plain: true, capability },
  );
  const quote = {
    ...quoted.data.quotePlanSectionDetails,
    quoteNumber: quoted.data.quoteNumber,
  } as SeededApplication['quote'];
  const details = store.getState().planDetails;
  const planDetails = {
    ...details,
    response: quote,
    quoteNumber: quote.quoteNumber,
    componentCode: details.planOption,
    planCode: config.planCode,
    productUIN: config.uin,
    planName: config.productName,
    policyTerm: details.premiumPayingTerm,
    sum_assured: quote.sumAssured ?? 0,
    annualPremium: quote.annualPremium,
    annaulPremiumAmt: quote.annualPremium,
    basePremiumAmount: quote.basePremiumAmount,
    gstAmount: quote.gstAmount,
    totalPremiumAmount: quote.installmentPremiumWithTaxFY,
    isFilled: true,
  };
  let version = (
    await api.post<{ version: number }>(
      '/buyonlineoauth/stages/plan-details',
      {
        applicationNumber: created.applicationNo,
        planDetails,
        basicDetails: store.getState().basicDetails,
        productId: config.productId,
        planCode: config.planCode,
        version: created.version,
      },
      { capability },
    )
  ).version;
  store.dispatch({ type: 'savePlanDetails', data: planDetails });

  const personalDetails = {
    primary: {
      pincode: '452009',
      city: 'Indore',
      state: 'Madhya Pradesh',
      occupation: 'SALR',
      sourceOfIncome: 'Salary',
      annualIncome: '1200000',
      indiaFirstStaff: { status: 'N' },
    },
  };
  version = (
    await api.post<{ version: number }>(
      '/buyonlineoauth/stages/personal-details',
      {
        applicationNumber: created.applicationNo,
        basicDetails: store.getState().basicDetails,
        personalDetails,
        productId: config.productId,
        version,
      },
      { capability },
    )
  ).version;
  store.dispatch({ type: 'saveSection', section: 'personalDetails', data: personalDetails });
  store.dispatch({ type: 'updateMapping', data: { version, userStage: 'personal-details' } });
  return {
    api,
    tab: store.getState(),
    applicationNumber: created.applicationNo,
    proposalNumber: created.proposalNumber,
    capability,
    version,
    quote,
  };
}

/** Saves the payment stage as the payment flow would, and keeps the server's new version. */
async function savePayment(seeded: SeededApplication, paymentDetails: Record<string, unknown>) {
  const saved = await seeded.api.post<{ status: string; version: number }>(
    '/buyonlineoauth/stages/payment-details',
    {
      applicationNumber: seeded.applicationNumber,
      version: seeded.version,
      planCode: config.planCode,
      paymentDetails,
    },
    { capability: seeded.capability },
  );
  expect(saved.status).toBe('200');
  seeded.version = saved.version;
}

/**
 * Starts a payment through the API, as make-payment does, and posts its signed form from
 * the tab to the gateway (the built-in sandbox), where the test chooses the outcome.
 */
async function goToGateway(page: Page, seeded: SeededApplication, payMode: 'Online' | 'BASBA') {
  const started = await seeded.api.post<{
    status: string;
    action: string;
    fields: Record<string, string>;
  }>(
    '/buyonlineoauth/payments/initiate',
    { applicationNumber: seeded.applicationNumber, payMode, ...TERMS_ACCEPTED },
    { capability: seeded.capability },
  );
  expect(started.status).toBe('200');
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action: started.action, fields: started.fields },
  );
  return started.fields;
}

/** The application as the server holds it now (retrieve-data), keeping the fresh capability it gives. */
async function readBack(seeded: SeededApplication): Promise<ApplicationState> {
  const answer = await seeded.api.post<{
    status?: string;
    data?: ApplicationState;
    capability?: string;
    version?: number;
  }>(
    RETRIEVE_DATA,
    { applicationNumber: seeded.applicationNumber, retrieve: 'appnumber', productId: config.productId },
    { capability: seeded.capability },
  );
  expect(answer.status).toBe('200');
  if (answer.capability) seeded.capability = answer.capability;
  seeded.version = answer.version!;
  return answer.data!;
}

/** Saves a proposal step's data to its stage route from Node, as the page does (src/app/proposal/proposalCalls.ts). */
async function saveProposalStep(seeded: SeededApplication, step: LoadedStep, data: Fields) {
  const current = await readBack(seeded);
  let next = current;
  for (const [field, pointer] of savedFields(step.definition))
    next = setAtPointer(next, pointer, data[field]);
  const sections = Object.fromEntries(
    savedSections(step.definition).map((section) => [section, next[section]]),
  );
  const saved = await seeded.api.post<{ status?: string; version?: number }>(
    `/buyonlineoauth/stages/${step.definition.submit!.stage!}`,
    {
      applicationNumber: seeded.applicationNumber,
      version: seeded.version,
      productId: config.productId,
      planCode: config.planCode,
      ...sections,
    },
    { capability: seeded.capability },
  );
  expect(saved.status, `${step.id} saved`).toBe('200');
  seeded.version = saved.version!;
}

const SAMPLE: Readonly<Record<string, Buffer>> = {
  'application/pdf': PDF,
  'image/jpeg': JPEG,
  'image/png': PNG,
};

/** The documents step's journey data, each reference replaced by a small real file uploaded from Node. */
async function uploadedDocuments(seeded: SeededApplication, step: LoadedStep): Promise<Fields> {
  const data = structuredClone(journeyData(plan, step)!) as { documents: Record<string, Fields> };
  const ui = (step.uiSchema as Record<string, Record<string, Record<string, unknown>>>).documents!;
  for (const [field, reference] of Object.entries(data.documents)) {
    const kind = (ui[field]?.['ui:options'] as { kind?: string } | undefined)?.kind;
    if (!kind) continue;
    const type = String(reference.type);
    const query = new URLSearchParams({
      applicationNumber: seeded.applicationNumber,
      life: 'primary',
      kind,
      name: String(reference.name),
    });
    data.documents[field] = await seeded.api.post<Fields>(
      `/buyonlineoauth/documents?${query.toString()}`,
      SAMPLE[type]!,
      { capability: seeded.capability, plain: true, contentType: type },
    );
  }
  return data;
}

/** Renewals paid by the buyer: the e-mandate step complete without the bank's sandbox. */
const PAY_RENEWALS_MYSELF = { mandate: { choice: 'Pay renewals myself' } };

/**
 * Saves from Node every proposal step that applies, in order, each with its fixture's "journey"
 * case (the documents uploaded, renewals paid by the buyer); answers the last step's route key,
 * whose button submits the proposal.
 */
async function saveEveryStep(seeded: SeededApplication): Promise<string> {
  const state = await readBack(seeded);
  const steps = Object.entries(plan.proposal).filter(([, step]) => holds(step.definition.when, state));
  for (const [, step] of steps.slice(0, -1)) {
    const data =
      step.definition.submit?.stage === 'document'
        ? await uploadedDocuments(seeded, step)
        : step.definition.submit?.stage === 'emandate-details'
          ? PAY_RENEWALS_MYSELF
          : journeyData(plan, step)!;
    await saveProposalStep(seeded, step, data);
  }
  const [lastKey, last] = steps.at(-1)!;
  expect(last.definition.submit?.stage).toBe('document');
  // The documents themselves uploaded now, so the page's last step opens on them.
  await saveProposalStep(seeded, last, await uploadedDocuments(seeded, last));
  return lastKey;
}

/** A phone-sized tab whose session storage holds `tab` (once: a reload keeps what the page stored). */
async function openTab(tab?: ApplicationState): Promise<Page> {
  context = await browser.newContext({
    ...PHONE,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  if (tab) {
    await page.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
      },
      [STORE_KEY, JSON.stringify(tab)] as const,
    );
  }
  return page;
}

/** Counts the page's read-backs of the application and how each was answered. */
function watchRefreshes(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === RETRIEVE_DATA) statuses.push(response.status());
  });
  return statuses;
}

const stored = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), STORE_KEY) as Promise<
    ApplicationState & { version: number; capability: string }
  >;

/** The value of a labelled figure (a dt/dd row). */
const figure = (page: Page, label: string) =>
  page
    .locator('.bf-summary__row')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** Screenshots at phone and desktop widths, each checked by axe. */
async function shoot(page: Page, name: string) {
  // On a 390 px phone nothing may scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, `proposal page ${name}`);
  // The brand bar is sticky: from the top, a full-page screenshot shows it where the visitor does.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `proposal-${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(SCREENSHOTS, `proposal-${name}-desktop.png`), fullPage: true });
  await expectAccessible(page, `proposal page ${name} on a desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('proposal page', () => {
  it('#/payment-success after pay later: read back from the server, the premium due and Pay now', async () => {
    const seeded = await seedApplication();
    await savePayment(seeded, {
      payLater: true,
      status: 'failure',
      payMode: 'Online',
      pageName: 'make-payment',
    });
    // The tab still holds the application as it was before the payment stage was saved.
    const page = await openTab(seeded.tab);
    const refreshes = watchRefreshes(page);
    await page.goto(`${server.baseUrl}${PROPOSAL}#/payment-success`);

    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your application is saved' }).waitFor();
    expect(refreshes).toEqual([200]);
    const premium = seeded.quote.installmentPremiumWithTaxFY;
    expect(await page.locator('.bf-proposal__amount').textContent()).toBe(`Premium due ${rupees(premium)}`);
    expect(await figure(page, 'Application number').textContent()).toBe(seeded.proposalNumber);
    expect(await figure(page, 'Quote ID').textContent()).toBe(seeded.applicationNumber);
    expect(await figure(page, 'Plan').textContent()).toBe(
      'Guaranteed Pension Plan — Life Annuity with return of purchase price on death',
    );
    expect(await figure(page, 'Premium').textContent()).toBe(`${rupees(premium)} a year`);
    expect(await figure(page, 'Pension').textContent()).toBe(
      `${rupees(seeded.quote.annuityInstallmentAmount as number)} a month`,
    );
    expect(await figure(page, 'Payment ID').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `${JOURNEY}make-payment`,
    );
    // Pay later opens the proposal: on to its first step still to do.
    const onward = page.getByRole('link', { name: 'Complete your proposal' });
    await onward.waitFor();
    expect(await onward.getAttribute('href')).toBe('#/personal-details/basic');
    expect(await page.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
    await page.getByRole('heading', { level: 2, name: 'What happens next' }).waitFor();
    expect(await page.getByText(`Quote ID: ${seeded.applicationNumber}`).count()).toBe(1);

    // The store holds the server's application now: its stage, payment, version and a fresh capability.
    const saved = await stored(page);
    expect(saved.userStage).toBe('payment-details');
    expect(saved.paymentDetails).toMatchObject({ payLater: true, status: 'failure' });
    expect(saved.version).toBe(seeded.version);
    expect(saved.capability).not.toBe(seeded.capability);
    expect(await page.title()).toBe('Thank You! — Your proposal — Guaranteed Pension Plan');

    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Download Benefit Illustration' }).click();
    const pdf = join(SCREENSHOTS, 'proposal-benefit-illustration.pdf');
    await (await download).saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 4).toString()).toBe('%PDF');
    await shoot(page, 'pay-later');
  });

  it('#/payment-success after an online payment through the gateway: the amount and payment id', async () => {
    const seeded = await seedApplication();
    const page = await openTab(seeded.tab);
    const fields = await goToGateway(page, seeded, 'Online');
    await page.getByRole('button', { name: 'Success' }).click();
    // The gateway's answer returns the tab to the proposal page, which reads the payment back.
    await page.getByRole('heading', { level: 2, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(`${PROPOSAL}#/payment-success`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank You!');
    const saved = await stored(page);
    expect(saved.paymentDetails).toMatchObject({ status: 'success', payMode: 'Online' });
    const paid = Number(fields.amount);
    expect(await page.locator('.bf-proposal__amount').textContent()).toBe(`Amount paid ${rupees(paid)}`);
    expect(await figure(page, 'Payment ID').textContent()).toBe(String(saved.paymentDetails.mihpayid));
    expect(String(saved.paymentDetails.mihpayid)).toMatch(/^\d+$/);
    expect(await figure(page, 'Application number').textContent()).toBe(seeded.proposalNumber);
    expect(await figure(page, 'Quote ID').textContent()).toBe(seeded.applicationNumber);
    expect(await page.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    const onward = page.getByRole('link', { name: 'Complete your proposal' });
    await onward.waitFor();
    expect(await onward.getAttribute('href')).toBe('#/personal-details/basic');
    await shoot(page, 'paid');
  });

  it('#/payment-success with BASBA: the mandate awaiting approval, then the premium blocked', async () => {
    const seeded = await seedApplication();
    const page = await openTab(seeded.tab);
    const fields = await goToGateway(page, seeded, 'BASBA');
    await page.getByLabel('UPI ID (VPA)').fill('ramesh@okbank');
    await page.getByRole('button', { name: 'Approve later in UPI app' }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Approve the mandate in your UPI app' })
      .waitFor({ timeout: 20_000 });
    expect(await page.locator('.bf-proposal__amount').textContent()).toBe(
      `Amount to be blocked ${rupees(Number(fields.amount))}`,
    );
    expect((await stored(page)).paymentDetails).toMatchObject({ payMode: 'BASBA', basbastatus: 'initiated' });
    await shoot(page, 'basba-initiated');

    await goToGateway(page, seeded, 'BASBA');
    await page.getByLabel('UPI ID (VPA)').fill('ramesh@okbank');
    await page.getByRole('button', { name: 'Approve mandate' }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Premium blocked in your bank account' })
      .waitFor({ timeout: 20_000 });
    expect(await page.locator('.bf-proposal__amount').textContent()).toBe(
      `Amount blocked ${rupees(Number(fields.amount))}`,
    );
    expect(await page.getByText('debited only when we accept your proposal', { exact: false }).count()).toBe(
      1,
    );
    expect((await stored(page)).paymentDetails).toMatchObject({ payMode: 'BASBA', basbastatus: 'success' });
    await expectAccessible(page, 'proposal page basba-blocked');
  });

  it('#/thank-you once the proposal is submitted: the numbers, what happens next, the benefit illustration and the way home', async () => {
    const seeded = await seedApplication();
    // Paid through the gateway, as the buyer pays.
    const paying = await openTab(seeded.tab);
    await goToGateway(paying, seeded, 'Online');
    await paying.getByRole('button', { name: 'Success' }).click();
    await paying.getByRole('heading', { level: 2, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
    seeded.capability = String((await stored(paying)).capability);
    await context?.close();
    context = undefined;

    // Every proposal step saved from Node with its journey case; the page's last step submits.
    const lastKey = await saveEveryStep(seeded);
    const page = await openTab({ ...seeded.tab, capability: seeded.capability } as ApplicationState);
    await page.goto(`${server.baseUrl}${PROPOSAL}#/${lastKey}`);
    await page.getByRole('heading', { name: titleOf(lastKey), exact: true }).waitFor({ timeout: 30_000 });
    const submit = page.locator('.bf-step-actions button[type="submit"]');
    expect((await submit.textContent())?.trim()).toBe('Submit proposal');
    await submit.click();
    await page.waitForURL((url) => url.hash === '#/thank-you', { timeout: 30_000 });

    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'We have received your proposal' }).waitFor();
    expect((await stored(page)).journeyFlag).toBe(true);
    expect(await figure(page, 'Application number').textContent()).toBe(seeded.proposalNumber);
    expect(await figure(page, 'Quote ID').textContent()).toBe(seeded.applicationNumber);
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Proposal review',
      'Policy issuance',
      'Your pension',
    ]);
    expect(await page.getByRole('button', { name: 'Download Benefit Illustration' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
    await shoot(page, 'thank-you');
  });

  it('each proposal step opens its own form once the payment stage is reached; thank-you waits for the submission; unknown routes go to #/', async () => {
    const seeded = await seedApplication();
    // Before the payment stage the proposal is not open: no form, the way to payment.
    const early = await openTab(seeded.tab);
    await early.goto(`${server.baseUrl}${PROPOSAL}#/personal-details/basic`);
    await early.getByRole('heading', { level: 1, name: 'Your proposal opens after payment' }).waitFor();
    expect(await early.locator('form').count()).toBe(0);
    expect(await early.getByRole('link', { name: 'Go to payment' }).getAttribute('href')).toBe(
      `${JOURNEY}make-payment`,
    );
    await context?.close();
    context = undefined;

    await savePayment(seeded, {
      payLater: true,
      status: 'failure',
      payMode: 'Online',
      pageName: 'make-payment',
    });
    const page = await openTab(seeded.tab);
    const refreshes = watchRefreshes(page);
    const submit = page.locator('.bf-step-actions button[type="submit"]');
    await page.goto(`${server.baseUrl}${PROPOSAL}#/personal-details/basic`);
    await page.getByRole('heading', { name: titleOf('personal-details/basic'), exact: true }).waitFor();
    expect(await page.locator('form').count()).toBe(1);
    expect((await submit.textContent())?.trim()).toBe('Save and continue');
    await shoot(page, 'personal-details-basic');

    // Moving between steps by hash: each route opens its own step's form, its heading takes the focus; no new read-back.
    for (const [hash, key] of [
      ['#/bank-details/fatca-details', 'bank-details/fatca-details'],
      ['#/bank-details/', 'bank-details'],
      ['#/personal-details/nominee', 'personal-details/nominee'],
      ['#/review-upload-doc/upload-doc', 'review-upload-doc/upload-doc'],
    ] as const) {
      await page.evaluate((next) => (window.location.hash = next), hash);
      const title = titleOf(key);
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
      expect(await page.locator('form').count(), hash).toBe(1);
      await submit.waitFor();
    }
    await expectAccessible(page, 'proposal page upload-doc');

    // The secondary life's documents do not apply to a policy bought for oneself: no form, on to the first step to do.
    await page.evaluate(() => (window.location.hash = '#/review-upload-doc/upload-doc?type=secondary'));
    await page
      .getByRole('heading', { level: 1, name: titleOf('review-upload-doc/upload-doc?type=secondary') })
      .waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue', exact: true }).getAttribute('href')).toBe(
      '#/personal-details/basic',
    );

    // Not submitted yet: thank-you does not thank, it links on to the first step still to do.
    await page.evaluate(() => (window.location.hash = '#/thank-you'));
    await page.getByRole('heading', { level: 1, name: 'Your proposal is not submitted yet' }).waitFor();
    expect(await page.getByRole('heading', { name: 'We have received your proposal' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue your proposal' }).getAttribute('href')).toBe(
      '#/personal-details/basic',
    );
    await shoot(page, 'thank-you-not-submitted');

    await page.evaluate(() => (window.location.hash = '#/registration-unsuccesful'));
    await page.getByRole('heading', { level: 1, name: 'We could not submit your proposal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pay your premium' }).getAttribute('href')).toBe(
      `${JOURNEY}make-payment`,
    );
    await expectAccessible(page, 'proposal page registration-unsuccesful');

    // A route the plan has no step for goes to #/, the e-mandate step of a yearly premium.
    await page.evaluate(() => (window.location.hash = '#/no-such-step'));
    await page.getByRole('heading', { name: titleOf(''), exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    expect(await page.locator('form').count()).toBe(1);
    expect(refreshes).toEqual([200]);
  });

  it('a tab without an application says so and links to the journey, asking the server nothing', async () => {
    const page = await openTab();
    const refreshes = watchRefreshes(page);
    await page.goto(`${server.baseUrl}${PROPOSAL}#/payment-success`);
    await page.getByRole('heading', { level: 1, name: 'No application found in this browser' }).waitFor();
    expect(await page.getByText('choose Resume Application at the top of it', { exact: false }).count()).toBe(
      1,
    );
    expect(
      await page.getByRole('link', { name: 'Start or resume your application' }).getAttribute('href'),
    ).toBe(JOURNEY);
    expect(refreshes).toEqual([]);
    await shoot(page, 'no-application');
  });

  it('when the read-back fails: a clear popup, and the page goes on with what the tab holds', async () => {
    const seeded = await seedApplication();
    const tab = {
      ...seeded.tab,
      capability: 'not-a-capability',
      paymentDetails: { payLater: true, status: 'failure', payMode: 'Online' },
      userStage: 'payment-details',
    };
    const page = await openTab(tab);
    const refreshes = watchRefreshes(page);
    await page.goto(`${server.baseUrl}${PROPOSAL}#/payment-success`);
    const popup = page.getByRole('alertdialog', { name: 'We could not refresh your application' });
    await popup.waitFor();
    expect(await popup.locator('p').textContent()).toBe(
      'Please enter valid application number You are seeing the details saved in this browser tab.',
    );
    expect(refreshes).toEqual([404]);
    await page.screenshot({ path: join(SCREENSHOTS, 'proposal-refresh-failed-phone.png') });
    await expectAccessible(page, 'proposal page, the refresh-failed popup');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'Your application is saved' }).waitFor();
    expect(await figure(page, 'Quote ID').textContent()).toBe(seeded.applicationNumber);
    expect((await stored(page)).capability).toBe('not-a-capability');
  });
});
