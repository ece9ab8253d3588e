import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_APPLICATION_PATH } from '../../../src/server/api/applications/createApplicationRoute.ts';
import { STAGES_PATH } from '../../../src/server/api/applications/stageSaveRoutes.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { planFor } from '../../../src/server/plans/serverPlans.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import { seed } from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The investment-details stage (U30) saves investmentStratergies, and with it the plan details
 * and their quote (the strategy changes the quote): both stored whole, both revalidated with
 * the plan's own steps. Both are what a payment pays for: once paid, the stage is refused.
 */

type Json = Record<string, unknown>;

const U30 = readPlanFiles('U30');
/** A U30 step's "journey" fixture data: what a visitor would type. */
const journey = (step: string) => {
  const { cases } = U30[`fixtures/${step}.fixtures.json`] as { cases: { name: string; data: Json }[] };
  return resolveFixtureData(cases.find((c) => c.name === 'journey')!.data) as Json;
};

const basicDetails = () => ({ ...journey('basic-details'), insuredPerson: {} });
const product = { productId: 'U30', planCode: 'U30', productUIN: '143L080V01' };
/** Plan details as the browser saves them with the quote (saveStage's withQuote). */
const planDetails = (overrides: Json = {}) => ({
  ...(journey('plan-details').planDetails as Json),
  planCode: 'U30',
  productUIN: '143L080V01',
  planName: 'Smart Retirement Plan',
  isFilled: true,
  sum_assured: 500000,
  annualPremium: 50000,
  response: { headline: 'Pay ₹ 50,000 a year', sumAssured: 500000 },
  ...overrides,
});
const definedAllocation = () => journey('investment-details').investmentStratergies as Json;
const autoTrigger = { strategy: 'autoTrigger', funds: { triggerFund: 'flexiCapEquity' } };

const PAID_JOURNEY =
  'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.';
const NOT_PROCESSED = 'Sorry we couldn’t process your details, please try again';

describe.each(DATABASES)('the investment-details stage ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 30_000);
  afterAll(() => api.close());

  interface Created {
    applicationNo: string;
    capability: string;
    version: number;
  }

  const stored = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{ state: Json; stage: string; version: number }>(
      'SELECT state, stage, version FROM applications WHERE application_number = $1',
      [applicationNumber],
    );
    return rows[0]!;
  };

  const save = (created: Created, stage: string, body: Json) =>
    api.post(
      `${STAGES_PATH}${stage}`,
      { applicationNumber: created.applicationNo, version: created.version, ...product, ...body },
      { capability: created.capability },
    );

  /** A U30 application with its plan details saved (version 2). */
  async function withPlan(): Promise<Created> {
    const res = await api.post(CREATE_APPLICATION_PATH, {
      ...product,
      productName: 'Smart Retirement Plan',
      basicDetails: basicDetails(),
      consentVersions: shownConsentVersions(planFor('U30')!),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = api.open<Created>(res);
    const plan = await save(created, 'plan-details', {
      basicDetails: basicDetails(),
      planDetails: journey('plan-details').planDetails,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    return { ...created, version: created.version + 1 };
  }

  it('saves the strategy with the plan details and their quote, and records the stage', async () => {
    const created = await withPlan();
    const res = await save(created, 'investment-details', {
      basicDetails: basicDetails(),
      investmentStratergies: definedAllocation(),
      planDetails: planDetails(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(api.open(res)).toEqual({ status: '200', version: created.version + 1 });
    const row = await stored(created.applicationNo);
    expect(row).toMatchObject({ stage: 'investment-details', version: created.version + 1 });
    expect(row.state.userStage).toBe('investment-details');
    expect(row.state.investmentStratergies).toEqual(definedAllocation());
    // The plan details replaced whole, quote included.
    expect(row.state.planDetails).toEqual(planDetails());
  });

  it('saves the strategy alone, keeping the stored plan details', async () => {
    const created = await withPlan();
    const res = await save(created, 'investment-details', { investmentStratergies: autoTrigger });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(created.applicationNo);
    expect(row.state.investmentStratergies).toEqual(autoTrigger);
    expect(row.state.planDetails).toEqual(journey('plan-details').planDetails);
    expect(row.state.userStage).toBe('investment-details');
  });

  it('revalidates the strategy and the plan details with the plan’s steps, and stores neither when one is wrong', async () => {
    const created = await withPlan();
    const before = await stored(created.applicationNo);
    const split = await save(created, 'investment-details', {
      investmentStratergies: { strategy: 'selfManaged', allocation: { equity1: 40, debt1: 30, liquid1: 20 } },
      planDetails: planDetails(),
    });
    expect(split.statusCode, split.body).toBe(400);
    expect(split.json()).toMatchObject({
      message: NOT_PROCESSED,
      errors: [
        {
          field: 'investmentStratergies.allocation',
          message: 'Your fund allocation should add up to 100%; it adds up to 90%',
        },
      ],
    });
    const plan = await save(created, 'investment-details', {
      investmentStratergies: definedAllocation(),
      planDetails: planDetails({ investmentFrequency: 'Weekly' }),
    });
    expect(plan.statusCode, plan.body).toBe(400);
    expect(plan.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'planDetails.investmentFrequency',
    ]);
    expect(await stored(created.applicationNo)).toEqual(before);
  });

  it('refuses a body without the strategy, or with a plan details that is not an object', async () => {
    const created = await withPlan();
    const without = await save(created, 'investment-details', { planDetails: planDetails() });
    expect(without.statusCode, without.body).toBe(400);
    const notObject = await save(created, 'investment-details', {
      investmentStratergies: definedAllocation(),
      planDetails: 'Defined Allocation',
    });
    expect(notObject.statusCode, notObject.body).toBe(400);
  });

  it('once paid, refuses the stage whole (409), changed or not, and changes nothing', async () => {
    const created = await withPlan();
    const first = await save(created, 'investment-details', {
      investmentStratergies: definedAllocation(),
      planDetails: planDetails(),
    });
    expect(first.statusCode, first.body).toBe(200);
    await seed(
      api,
      created.applicationNo,
      `state = state || '{"paymentDetails":{"payMode":"Online","status":"success","mihpayid":"403993715"}}'::jsonb,
       stage = 'payment-details', version = version + 1`,
    );
    const paid = { ...created, version: created.version + 2 };
    const before = await stored(created.applicationNo);
    for (const body of [
      { investmentStratergies: autoTrigger },
      { investmentStratergies: autoTrigger, planDetails: planDetails({ annualPremium: 60000 }) },
      { investmentStratergies: definedAllocation(), planDetails: planDetails() },
    ]) {
      const res = await save(paid, 'investment-details', body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, message: PAID_JOURNEY });
    }
    expect(await stored(created.applicationNo)).toEqual(before);
    expect(before.state.investmentStratergies).toEqual(definedAllocation());
  });
});
