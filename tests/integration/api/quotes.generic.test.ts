import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedQuote } from '../../../src/pricing/calculator.ts';
import { compilePlanFieldsCheck } from '../../../src/server/api/quotes/calculatorInputs.ts';
import { quotePlanSectionDetails } from '../../../src/server/api/quotes/quoteAnswer.ts';
import { createApplication, seed } from './applicationsFixtures.ts';
import { storedApplication } from './paymentsFixtures.ts';
import { createQuote, dobForAge, figure, QUOTES, quoteBody } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The quote route as every plan uses it: the plan picked by its UIN, its fields checked
 * against its calculator's inputSchema, the life assured priced (an organisation's annuitant,
 * never the organisation), and quotes that never change an application.
 */
describe.each(DATABASES)('quote service, any plan ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const countQuotes = async () =>
    (await api.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes')).rows[0]!.n;

  const storedRow = async (quoteNumber: string) =>
    (
      await api.app.db.query<{
        request: { PlanSectionDetails: Record<string, unknown>; ProposerDetail?: Record<string, unknown> };
        response: { illustration: { life: { age: number; name: string }; proposerName?: string } };
      }>('SELECT request, response FROM quotes WHERE quote_number = $1', [quoteNumber])
    ).rows[0]!;

  it('refuses plan fields that fail the calculator’s inputSchema, every field at once, in its words', async () => {
    const before = await countQuotes();
    const body = quoteBody({ PremiumFrequency: 'Fortnightly', InstallmentPremiumAmount: 'two lakh' });
    delete body.PlanSectionDetails.AnnuityOption;
    const res = await api.post(QUOTES, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'PlanSectionDetails.PremiumFrequency', message: 'Please enter valid premium frequency.' },
        {
          field: 'PlanSectionDetails.InstallmentPremiumAmount',
          message: 'Please enter valid investment amount.',
        },
        { field: 'PlanSectionDetails.AnnuityOption', message: 'Plan Option cannot be empty.' },
      ]),
    );
    expect(await countQuotes()).toBe(before);
  });

  it('answers 400 for a UIN no plan has', async () => {
    const res = await api.post(QUOTES, quoteBody({ ProductUIN: '999N999V99' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please enter valid product UIN.',
      errors: [{ field: 'PlanSectionDetails.ProductUIN', message: 'Please enter valid product UIN.' }],
    });
  });

  it('stores the plan fields its calculator declares and the common ones, nothing else', async () => {
    const answer = await createQuote(api, quoteBody({ Unknown: '<script>', SumAssured: 0 }));
    const { request } = await storedRow(answer.data.quoteNumber);
    expect(request.PlanSectionDetails).not.toHaveProperty('Unknown');
    expect(request.PlanSectionDetails).toMatchObject({
      ProductUIN: '143N066V04',
      channelType: 'Online',
      IsStaff: false,
      PremiumPayingTerm: 10,
    });
  });

  describe('an organisation buying for an annuitant', () => {
    const organisation = { FullName: 'Acme Traders', DOB: dobForAge(3) };

    it('prices the annuitant (LifeAssuredDetail), never the incorporation date', async () => {
      const answer = await createQuote(
        api,
        quoteBody({}, { DOB: dobForAge(60) }, { ProposerDetail: organisation }),
      );
      expect(figure(answer.data.quotePlanSectionDetails, 'entryAge')).toBe(60);
      const { response } = await storedRow(answer.data.quoteNumber);
      expect(response.illustration.life).toMatchObject({ name: 'Ramesh Kumar Sharma', age: 60 });
      expect(response.illustration.proposerName).toBe('Acme Traders');
    });

    it('refuses an annuitant outside the calculator’s ages with its message', async () => {
      const res = await api.post(
        QUOTES,
        quoteBody({}, { DOB: dobForAge(30) }, { ProposerDetail: organisation }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'LifeAssuredDetail.DOB', message: 'Age should be between 45 and 80' },
      ]);
    });
  });

  it('never changes a paid application: its quote is still read, a new one is refused (409) and nothing changes', async () => {
    const created = await createApplication(api);
    const quote = await createQuote(
      api,
      quoteBody({}, {}, { ApplicationNumber: created.applicationNo }),
      created.capability,
    );
    // Paid on that quote, as the payment route records it (its own tests walk the gateway).
    await seed(
      api,
      created.applicationNo,
      `state = state || jsonb_build_object('planDetails', jsonb_build_object('quoteNumber', $2::text),
         'paymentDetails', jsonb_build_object('status', 'success', 'txnid', 'T1'))`,
      [quote.data.quoteNumber],
    );
    const paid = await storedApplication(api, created.applicationNo);

    const read = await api.get(
      `${QUOTES}/${quote.data.quoteNumber}?ApplicationNumber=${created.applicationNo}`,
      {
        capability: created.capability,
      },
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(quote);

    const quotesBefore = await countQuotes();
    const again = await api.post(
      QUOTES,
      quoteBody({ InstallmentPremiumAmount: 300000 }, {}, { ApplicationNumber: created.applicationNo }),
      { capability: created.capability },
    );
    // What its premium was calculated on no longer changes: no new quote of it is priced or
    // stored, and the application, its plan and the quote it was paid on stay as they were.
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(
      'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.',
    );
    expect(await countQuotes()).toBe(quotesBefore);
    expect(await storedApplication(api, created.applicationNo)).toEqual(paid);
    expect(paid.state).toMatchObject({
      planDetails: { quoteNumber: quote.data.quoteNumber },
      paymentDetails: { status: 'success' },
    });
  });
});

describe('the answer and the field check, for any calculator', () => {
  const priced: PricedQuote = {
    planCode: 'X01',
    componentCode: 'X01A',
    optionName: 'Level cover',
    premium: {
      installment: 1000,
      frequency: 'Monthly',
      annual: 11494,
      base: 1000,
      gst: 0,
      gstFirstYearPercent: 0,
      withTaxFY: 1000,
      premiumPayingTerm: 10,
      policyTerm: 20,
      totalPayable: 120000,
    },
    sumAssured: 5000000,
    figures: { installmentPremium: 1, maturityBenefit: 250000, 'not a name': 3, cover: 'Level' },
    headline: 'Pay ₹ 1,000 a month',
    youPay: [{ id: 'premium', label: 'Premium', value: 1000, format: 'rupees', suffix: 'a month' }],
    youGet: [{ id: 'cover', label: 'Cover', value: 5000000, format: 'rupees' }],
    breakup: [],
    explanation: [],
    illustration: { tables: [], footnotes: [] },
  };

  it('spreads the figures in, never over the common fields, and only those named as fields are', () => {
    const details = quotePlanSectionDetails('Q0000000001', '143N999V01', '2026-01-01', priced);
    expect(details).toMatchObject({
      installmentPremium: 1000,
      maturityBenefit: 250000,
      cover: 'Level',
      policyTerm: 20,
      headline: 'Pay ₹ 1,000 a month',
    });
    expect(details).not.toHaveProperty('not a name');
  });

  it('checks plan fields with the schema’s messages, numbers as numbers, undeclared fields dropped', () => {
    const check = compilePlanFieldsCheck({
      name: 'fake',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['SumAssured'],
        properties: {
          SumAssured: {
            title: 'Sum Assured',
            type: ['integer', 'string'],
            pattern: '^[0-9][0-9,]*$',
            errorMessage: 'Please enter valid sum assured.',
          },
        },
        errorMessage: { required: { SumAssured: 'Sum Assured cannot be empty.' } },
      },
    });
    expect(check({ ProductUIN: 'U', IsStaff: false, SumAssured: '50,00,000', Other: 1 })).toEqual({
      plan: { ProductUIN: 'U', IsStaff: false, SumAssured: 5000000 },
      errors: [],
    });
    expect(check({ ProductUIN: 'U', SumAssured: 'lots' }).errors).toEqual([
      { field: 'PlanSectionDetails.SumAssured', message: 'Please enter valid sum assured.' },
    ]);
    expect(check({ ProductUIN: 'U' }).errors).toEqual([
      { field: 'PlanSectionDetails.SumAssured', message: 'Sum Assured cannot be empty.' },
    ]);
  });
});
