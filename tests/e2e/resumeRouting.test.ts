import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { BUILT_INDEX, launchBrowser, SCREENSHOTS, PHONE } from './harness.ts';
import { createTestApi, DATABASES, type TestApi } from '../integration/api/testApp.ts';
import { indianGrouping } from '../../src/pricing/indianGrouping.ts';
import {
  createApplication,
  FAST_RESUME,
  HOLDER_DOB,
  indiaDaysAgo,
  personalDetailsOf,
  planDetailsOf,
  seed,
  type CreatedApplication,
} from '../integration/api/applicationsFixtures.ts';
import {
  gatewayResponse,
  initiate,
  payableApplication,
  postGatewayResponse,
  storedApplication,
} from '../integration/api/paymentsFixtures.ts';
import {
  FIXTURE_STAGES,
  PAY_RENEWALS_MYSELF,
  payLater,
  proposalSections,
  uploadDocuments,
} from '../integration/api/proposalFixtures.ts';
import { createQuote, quoteBody } from '../integration/api/quotesFixtures.ts';

/*
 * Spec 02 §4.2 in real Chromium: applications brought to each stage through the real API
 * (and, for a submitted, expired or other product's application, by setting its row, which
 * no API may do), then resumed through the 'Welcome Back!' dialog with email, Quote ID and
 * application number. Each row of the table lands where the plan's machine says; each
 * refusal shows its §8 message. The server is the real app, in this process, so the test
 * can reach its database; it serves the built SPA like `npm start`.
 *
 * Each application is brought where its row's route is legitimately open: the proposal's
 * stages only once the payment stage is reached (paid, or pay later after a failed payment),
 * each with its step's valid data (the fixtures' journey cases, real uploaded documents) and
 * every proposal stage before it saved, as the proposal page's steps save them.
 */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const PROPOSAL = '/retirement-plans/guaranteed-pension-plan/proposal';
const EMAIL = 'Ramesh.Sharma@gmail.com';

let api: TestApi;
let baseUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  api = await createTestApi(DATABASES[0]!, FAST_RESUME, join(BUILT_INDEX, '..'));
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

beforeEach(async () => {
  context = await browser.newContext({
    ...PHONE,
  });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

interface Seeded {
  created: CreatedApplication;
  version: number;
}

/** An application with a stored quote and saved plan details only (stage plan-details). */
async function atPlanDetails(premium = 100000): Promise<Seeded> {
  const created = await createApplication(api);
  const quote = await createQuote(
    api,
    quoteBody(
      { InstallmentPremiumAmount: premium, AnnualPremiumAmount: premium, AnnuityFor: 'Single' },
      { DOB: HOLDER_DOB },
      { ApplicationNumber: created.applicationNo },
    ),
    created.capability,
  );
  const seeded = { created, version: created.version };
  return save(seeded, 'plan-details', {
    planDetails: planDetailsOf({
      investmentAmount: indianGrouping(premium),
      premiumPayingTerm: 10,
      planOption: 'T54C',
      quoteNumber: quote.data.quoteNumber,
      response: quote.data.quotePlanSectionDetails,
    }),
  });
}

/** An application whose journey is saved up to additional details (stage personal-details): payable. */
async function atPersonalDetails(): Promise<Seeded> {
  const { created, version } = await payableApplication(api, 100000);
  return { created, version };
}

/** The stored version, after a change the gateway's answer made. */
async function current(seeded: Seeded): Promise<Seeded> {
  return { ...seeded, version: (await storedApplication(api, seeded.created.applicationNo)).version };
}

/** A stage's valid sections: its step's journey case, or this application's uploaded documents. */
async function validSections(seeded: Seeded, stage: string): Promise<Record<string, unknown>> {
  if (stage === 'document') return { document: { primary: await uploadDocuments(api, seeded.created) } };
  if (stage === 'emandate-details') return PAY_RENEWALS_MYSELF;
  return proposalSections(stage);
}

/** Saves every proposal stage in order, valid, up to and including `last`. */
async function saveProposalUpTo(seeded: Seeded, last: string): Promise<Seeded> {
  for (const stage of [...FIXTURE_STAGES, 'document']) {
    seeded = await save(seeded, stage, await validSections(seeded, stage));
    if (stage === last) return seeded;
  }
  throw new Error(`${last} is not a proposal stage`);
}

/** A paid application (online, verified by the gateway), at the payment stage. */
async function paid(): Promise<Seeded> {
  const seeded = await atPersonalDetails();
  await pay(seeded, 'Online', 'success');
  return current(seeded);
}

async function save(seeded: Seeded, stage: string, body: Record<string, unknown>): Promise<Seeded> {
  const res = await api.post(
    `/buyonlineoauth/stages/${stage}`,
    { applicationNumber: seeded.created.applicationNo, version: seeded.version, ...body },
    { capability: seeded.created.capability },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { ...seeded, version: api.open<{ version: number }>(res).version };
}

/** Pays through the gateway's signed answer, as the sandbox would post it. */
async function pay(seeded: Seeded, payMode: 'Online' | 'BASBA', status: 'success' | 'failure' | 'pending') {
  const form = await initiate(api, seeded.created, payMode);
  const res = await postGatewayResponse(api, gatewayResponse(form, status, api.config.payment.salt));
  expect(res.statusCode, res.body).toBe(303);
}

async function resumeInBrowser(created: CreatedApplication, email = EMAIL) {
  await page.goto(baseUrl + JOURNEY);
  await page.getByRole('button', { name: 'Resume Application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await dialog
    .locator('label')
    .filter({ hasText: /^Email, Quote ID and application number$/ })
    .click();
  await dialog.getByRole('combobox', { name: 'Email ID' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Quote ID', exact: true }).fill(created.applicationNo);
  await dialog.getByRole('textbox', { name: 'Application Number', exact: true }).fill(created.proposalNumber);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  return dialog;
}

async function landsOn(created: CreatedApplication, where: { route?: string; proposal?: string }) {
  await resumeInBrowser(created);
  if (where.proposal !== undefined) {
    await page.waitForURL((url) => url.pathname === PROPOSAL && url.hash === `#/${where.proposal}`);
  } else {
    await page.waitForURL((url) => url.pathname === JOURNEY + where.route!);
    // The journey holds the resumed application: its Quote ID is in the header.
    await page.getByText(created.applicationNo).first().waitFor();
  }
}

describe('resume by application number routes by stage (spec 02 §4.2)', () => {
  it('basic-details goes to the first screen with the details filled in', async () => {
    const { created } = await payableApplication(api);
    await seed(api, created.applicationNo, `state = jsonb_set(state, '{userStage}', '"basic-details"')`);
    await landsOn(created, { route: '' });
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Ramesh Kumar Sharma');
  });

  it('plan-details goes to plan details with the saved premium', async () => {
    const { created } = await atPlanDetails();
    await landsOn(created, { route: 'plan-details' });
    expect(await page.getByLabel('Investment Amount').inputValue()).toBe('1,00,000');
  });

  it('personal-details without an address goes to additional details', async () => {
    const seeded = await save(await atPersonalDetails(), 'personal-details', {
      personalDetails: personalDetailsOf(),
    });
    await landsOn(seeded.created, { route: 'additional-details' });
  });

  it('payment-details, online success, goes to payment-success', async () => {
    const seeded = await atPersonalDetails();
    await pay(seeded, 'Online', 'success');
    await landsOn(seeded.created, { proposal: 'payment-success' });
    await page.getByText('Payment Successful').waitFor();
  });

  it('payment-details, online failure without bank details, goes to review', async () => {
    const seeded = await atPersonalDetails();
    await pay(seeded, 'Online', 'failure');
    await landsOn(seeded.created, { route: 'review-details' });
  });

  it('payment-details, pay later without bank details, goes to review', async () => {
    const seeded = await save(await atPersonalDetails(), 'payment-details', {
      paymentDetails: { payLater: true, status: 'failure', payMode: 'Online' },
    });
    await landsOn(seeded.created, { route: 'review-details' });
  });

  it('payment-details, BASBA mandate initiated, goes to payment-success', async () => {
    const seeded = await atPersonalDetails();
    await pay(seeded, 'BASBA', 'pending');
    await landsOn(seeded.created, { proposal: 'payment-success' });
  });

  it('payment-details, BASBA without a mandate, goes to review', async () => {
    const seeded = await atPersonalDetails();
    await pay(seeded, 'BASBA', 'failure');
    await landsOn(seeded.created, { route: 'review-details' });
  });

  it('emandate-details after a failed online payment with bank details goes to the proposal page root', async () => {
    // The payment failed; the buyer chose to pay later, which opens the proposal, then saved
    // its stages up to the e-mandate's (renewals paid by the buyer) with the bank's details.
    let seeded = await atPersonalDetails();
    await pay(seeded, 'Online', 'failure');
    seeded = await current(seeded);
    seeded = { ...seeded, version: await payLater(api, seeded.created, seeded.version) };
    seeded = await saveProposalUpTo(seeded, 'emandate-details');
    const stored = await storedApplication(api, seeded.created.applicationNo);
    expect(stored.state).toMatchObject({
      userStage: 'emandate-details',
      paymentDetails: { payMode: 'Online', status: 'failure', payLater: true },
      bankDetails: { primary: expect.objectContaining({ accountNumber: expect.any(String) }) },
    });
    await landsOn(seeded.created, { proposal: '' });
  });

  // The proposal's stages, each saved on a paid application after every stage before it.
  const PROPOSAL_ROWS: Array<[string, string]> = [
    ['journey-details', 'personal-details/basic'],
    ['employment-details', 'personal-details/employment'],
    ['pd-nominee-details', 'personal-details/nominee'],
    ['other-policy-details', 'bank-details/'],
    ['bank-details', 'bank-details/sub-bank-details'],
    ['fatca-details', 'bank-details/fatca-details'],
    // Not submitted yet: the route is the thank-you page's, which says what is still to do.
    ['document', 'thank-you'],
  ];
  it.each(PROPOSAL_ROWS)('%s goes to the proposal page', async (stage, proposal) => {
    const seeded = await saveProposalUpTo(await paid(), stage);
    expect((await storedApplication(api, seeded.created.applicationNo)).state.userStage).toBe(stage);
    await landsOn(seeded.created, { proposal });
  });

  it('personal-details with an address goes to personal-details/basic', async () => {
    const seeded = await atPersonalDetails();
    const addressed = await save(seeded, 'personal-details', {
      personalDetails: personalDetailsOf({ addressline1: '12 MG Road' }),
    });
    await landsOn(addressed.created, { proposal: 'personal-details/basic' });
  });

  it('document for a joint life goes to the secondary upload until both are submitted', async () => {
    const seeded = await paid();
    // A joint life (which no API sets on a stored quote's application): the second life's
    // documents are still to upload once the primary's are saved.
    await seed(
      api,
      seeded.created.applicationNo,
      `state = jsonb_set(state, '{basicDetails,policyHolder,buyFor}', '"Joint Life"')`,
    );
    const saved = await saveProposalUpTo(seeded, 'document');
    await landsOn(saved.created, { proposal: 'review-upload-doc/upload-doc?type=secondary' });
  });
});

describe('back from the gateway', () => {
  it('an online payment the bank has not confirmed says so on make-payment, and offers no failure modal', async () => {
    const seeded = await atPersonalDetails();
    const form = await initiate(api, seeded.created, 'Online');
    const res = await postGatewayResponse(api, gatewayResponse(form, 'pending', api.config.payment.salt));
    expect(res.headers.location).toBe(`${JOURNEY}make-payment?txnid=${form.txnid}`);
    await landsOn(seeded.created, { route: 'review-details' });
    // Make-payment opens once this tab has the terms accepted on review, as it had when it
    // left for the gateway.
    await page.getByRole('checkbox', { name: /Terms & Conditions/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    await page.goto(`${baseUrl}${JOURNEY}make-payment?txnid=${form.txnid}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your bank has not confirmed this payment yet.' })
      .waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page, 'T54 make-payment, the payment not confirmed yet');
  });
});

describe('resume refusals show the §8 messages', () => {
  async function refused(created: CreatedApplication, message: string, email = EMAIL) {
    const dialog = await resumeInBrowser(created, email);
    await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(new URL(page.url()).pathname).toBe(JOURNEY);
  }

  it('another product', async () => {
    const { created } = await atPersonalDetails();
    await seed(api, created.applicationNo, `product_id = 'T56'`);
    await refused(created, 'Please enter valid application.');
  });

  it('already submitted', async () => {
    const { created } = await atPersonalDetails();
    await seed(api, created.applicationNo, 'journey_flag = true');
    await refused(created, 'This application is already submitted.');
  });

  it('no basic details', async () => {
    const { created } = await atPersonalDetails();
    await seed(api, created.applicationNo, `state = state - 'basicDetails'`);
    await refused(created, 'Failed to retrive data.');
  });

  it('expired', async () => {
    const { created } = await atPersonalDetails();
    await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(31)]);
    await refused(created, 'The Application Number has expired. Please start a new application.');
    await page.screenshot({ path: join(SCREENSHOTS, 'resume-expired-phone.png') });
    await expectAccessible(page, 'T54 resume popup refusing an expired application');
  });

  it('no such application, or the wrong email', async () => {
    const { created } = await atPersonalDetails();
    await refused(created, 'Please enter valid application number', 'someone.else@gmail.com');
  });
});
