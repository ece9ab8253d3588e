import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, seed } from './applicationsFixtures.ts';
import {
  createQuote,
  dobForAge,
  engineQuote,
  figure,
  QUOTES,
  quoteBody,
  rowOf,
  SECOND_LIFE,
  TODAY,
  type QuoteAnswerBody,
} from './quotesFixtures.ts';
import { storedTables } from './quotesIllustrationFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const SPEC_SAMPLE_ANNUITY = 170108;
const JOINT_OPTIONS_ONLY =
  'Joint life is available only with Life Annuity or Life Annuity with return of purchase price on death';

describe.each(DATABASES)('quote service ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const countQuotes = async () =>
    (await api.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes')).rows[0]!.n;

  describe('pricing the spec sample', () => {
    let answer: QuoteAnswerBody;
    beforeAll(async () => {
      answer = await createQuote(api, quoteBody());
    });

    it('answers plain JSON {status, data: {quoteNumber, quotePlanSectionDetails, error: null}}', () => {
      expect(answer.status).toBe('200');
      expect(answer.data.error).toBeNull();
      expect(answer.data.quoteNumber).toMatch(/^Q[0-9]{10}$/);
      expect(answer.data.quotePlanSectionDetails).toMatchObject({
        quoteNumber: answer.data.quoteNumber,
        planCode: 'T54',
        productUIN: '143N066V04',
        componentCode: 'T54C',
        optionName: 'Life Annuity with return of purchase price on death',
        annuityOption: 'Life Annuity with return of purchase price on death',
        category: 'Single',
        proposalDate: TODAY,
        entryAge: 55,
        sumAssured: 0,
        annualPremium: 200000,
        installmentPremium: 200000,
        basePremiumAmount: 200000,
        gstAmount: 0,
        installmentPremiumWithTaxFY: 200000,
        premiumFrequency: 'Yearly',
        totalPremiumPayable: 2000000,
        premiumPayingTerm: 10,
        vestingAge: 65,
        firstPayoutAge: 66,
        deathBenefitOnVesting: 2000000,
        headline: 'Get ₹ 1,71,746 a year',
        youPay: [
          { id: 'installmentPremiumWithTaxFY', value: 200000, format: 'rupees', suffix: 'a year' },
          { id: 'premiumPayingTerm', value: 10, format: 'years' },
          { id: 'totalPremiumPayable', value: 2000000, format: 'rupees' },
        ],
        youGet: [
          { id: 'annuityInstallmentAmount', value: 171746, format: 'rupees', suffix: 'a year' },
          { id: 'firstPayoutAge', value: 66, format: 'age' },
          { id: 'annualAnnuity', value: 171746, format: 'rupees' },
          { id: 'returnOfPurchasePrice', value: 2000000, format: 'rupees' },
        ],
      });
    });

    it('pays about 1,70,108 a year from 66 (within 1%), with the online 1% on the calibrated base', () => {
      const details = answer.data.quotePlanSectionDetails;
      expect(Math.abs(figure(details, 'annualAnnuity') / SPEC_SAMPLE_ANNUITY - 1)).toBeLessThanOrEqual(0.01);
      // The spec request says channelType 'Online': the 1% online bonus applies (docs/pricing/deferredAnnuity.md).
      const offline = engineQuote({ online: false });
      expect(Math.abs(offline.annualAnnuity / SPEC_SAMPLE_ANNUITY - 1)).toBeLessThan(0.001);
      expect(details.annuityInstallmentAmount).toBe(engineQuote().annuityInstallmentAmount);
      expect(details.annuityInstallmentAmount).toBe(171746);
      expect(details.bonusPercent).toBe(1);
      // The bonuses applied are in 'how we calculated this': the online one only.
      expect(rowOf(details.explanation, 'bonusPercent')).toMatchObject({
        value: 1,
        format: 'percent',
        note: 'Get 1% extra annuity on online purchase',
      });
      expect(rowOf(details.breakup, 'gstAmount').value).toBe(0);
    });

    it('stores the request, the answer, the inputs and the basis version under the quote number, and the illustration prices again from them', async () => {
      const { rows } = await api.app.db.query<{
        application_number: string | null;
        product_id: string;
        request: { PlanSectionDetails: Record<string, unknown> };
        response: {
          answer: QuoteAnswerBody;
          inputs: { calculator: string; request: { proposalDate: string; life: { age: number } } };
          illustration: { life: { name: string; age: number } };
        };
        basis_version: string;
      }>(
        'SELECT application_number, product_id, request, response, basis_version FROM quotes WHERE quote_number = $1',
        [answer.data.quoteNumber],
      );
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.application_number).toBeNull();
      expect(row.product_id).toBe('T54');
      expect(row.request.PlanSectionDetails).toMatchObject({
        AnnuityOption: 'T54C',
        ProductUIN: '143N066V04',
        InstallmentPremiumAmount: 200000,
      });
      expect(row.response.answer).toEqual(answer);
      expect(row.response).not.toHaveProperty('quote');
      expect(row.response.inputs).toMatchObject({
        calculator: 'deferredAnnuity',
        request: { proposalDate: TODAY, life: { age: 55 } },
      });
      expect(row.basis_version).toMatch(/^[0-9a-f]{64}$/);
      expect(row.response.illustration.life).toMatchObject({ name: 'Ramesh Kumar Sharma', age: 55 });
      const [schedule] = await storedTables(api, answer.data.quoteNumber);
      expect(schedule!.rows).toHaveLength(46);
      // Vesting at 65, the first yearly pension at the end of that year: at 66, in the next row.
      expect(schedule!.rows[10]).toMatchObject({ policyYear: 11, age: 65, guaranteedAnnuity: 0 });
      expect(schedule!.rows[11]).toMatchObject({ policyYear: 12, age: 66, guaranteedAnnuity: 171746 });
    });

    it('gives every quote a new number', async () => {
      const again = await createQuote(api, quoteBody());
      expect(again.data.quoteNumber).not.toBe(answer.data.quoteNumber);
      expect(again.data.quotePlanSectionDetails.annualAnnuity).toBe(
        figure(answer.data.quotePlanSectionDetails, 'annualAnnuity'),
      );
    });
  });

  describe('what it accepts', () => {
    it('takes the plain body, the option by name, amounts as text and frequencies by code', async () => {
      const res = await api.post(
        QUOTES,
        quoteBody({
          AnnuityOption: 'Life Annuity with return of purchase price on death',
          InstallmentPremiumAmount: '17,400',
          PremiumFrequency: 12,
          AnnuityFrequency: '12',
          PremiumPayingTerm: '10',
        }),
        { seal: false },
      );
      expect(res.statusCode, res.body).toBe(200);
      const details = (res.json() as QuoteAnswerBody).data.quotePlanSectionDetails;
      const engine = engineQuote({
        installmentPremium: 17400,
        premiumFrequency: 'Monthly',
        annuityFrequency: 'Monthly',
      });
      expect(details).toMatchObject({
        componentCode: 'T54C',
        premiumFrequency: 'Monthly',
        annuityFrequency: 'Monthly',
        installmentPremium: 17400,
        annualPremium: Math.round(17400 / 0.087),
        annuityInstallmentAmount: engine.annuityInstallmentAmount,
      });
    });

    it('prices Gender Transgender (how Other arrives) and Other alike, between male and female', async () => {
      const [transgender, other, female] = await Promise.all(
        ['Transgender', 'Other', 'Female'].map((Gender) => createQuote(api, quoteBody({}, { Gender }))),
      );
      const annuity = (a: QuoteAnswerBody) => figure(a.data.quotePlanSectionDetails, 'annualAnnuity');
      expect(annuity(transgender!)).toBe(annuity(other!));
      expect(annuity(female!)).toBeLessThan(annuity(other!));
      expect(annuity(other!)).toBeLessThan(171746);
    });

    it('adds the staff 2.5% to the online 1% when the visitor is an employee', async () => {
      const staff = await createQuote(
        api,
        quoteBody({ IsStaff: true, Employer: 'Bank of Baroda', EmployeeCode: '123456' }),
      );
      const details = staff.data.quotePlanSectionDetails;
      expect(details.bonusPercent).toBe(3.5);
      expect(figure(details, 'annualAnnuity')).toBe(engineQuote({ staff: true }).annualAnnuity);
    });

    it('prices a joint life (last survivor) below the single life for T54A and T54C', async () => {
      for (const option of ['T54A', 'T54C']) {
        const single = await createQuote(api, quoteBody({ AnnuityOption: option }));
        const joint = await createQuote(
          api,
          quoteBody(
            { AnnuityOption: option, AnnuityFor: 'Joint Life' },
            {},
            { SecondaryLifeAssuredDetail: SECOND_LIFE },
          ),
        );
        expect(joint.data.quotePlanSectionDetails).toMatchObject({ category: 'Joint', secondEntryAge: 50 });
        expect(figure(joint.data.quotePlanSectionDetails, 'annualAnnuity')).toBeLessThan(
          figure(single.data.quotePlanSectionDetails, 'annualAnnuity'),
        );
      }
    });
  });

  describe('rejecting what the plan does not allow, in the spec’s words', () => {
    const cases: [string, ReturnType<typeof quoteBody>, string, string][] = [
      [
        'age 44',
        quoteBody({}, { DOB: dobForAge(44) }),
        'LifeAssuredDetail.DOB',
        'Age should be between 45 and 80',
      ],
      [
        'age 81',
        quoteBody({}, { DOB: dobForAge(81) }),
        'LifeAssuredDetail.DOB',
        'Age should be between 45 and 80',
      ],
      [
        'yearly below 50,000',
        quoteBody({ InstallmentPremiumAmount: 49999 }),
        'PlanSectionDetails.InstallmentPremiumAmount',
        'Minimum Investment Amount should be 50,000.',
      ],
      [
        'half-yearly below 25,595',
        quoteBody({ InstallmentPremiumAmount: '25,594', PremiumFrequency: 'Half Yearly' }),
        'PlanSectionDetails.InstallmentPremiumAmount',
        'Minimum Investment Amount should be 25,595.',
      ],
      [
        'quarterly below 12,950',
        quoteBody({ InstallmentPremiumAmount: 12949, PremiumFrequency: 'Quarterly' }),
        'PlanSectionDetails.InstallmentPremiumAmount',
        'Minimum Investment Amount should be 12,950.',
      ],
      [
        'monthly below 4,350',
        quoteBody({ InstallmentPremiumAmount: 4349, PremiumFrequency: 'Monthly' }),
        'PlanSectionDetails.InstallmentPremiumAmount',
        'Minimum Investment Amount should be 4,350.',
      ],
      [
        'term 4',
        quoteBody({ PremiumPayingTerm: 4 }),
        'PlanSectionDetails.PremiumPayingTerm',
        'Premium paying term should be between 5 and 10 years',
      ],
      [
        'term 11',
        quoteBody({ PremiumPayingTerm: 11 }),
        'PlanSectionDetails.PremiumPayingTerm',
        'Premium paying term should be between 5 and 10 years',
      ],
      [
        'joint life with T54B',
        quoteBody(
          { AnnuityOption: 'T54B', AnnuityFor: 'Joint Life' },
          {},
          { SecondaryLifeAssuredDetail: SECOND_LIFE },
        ),
        'PlanSectionDetails.AnnuityOption',
        JOINT_OPTIONS_ONLY,
      ],
      [
        'joint life with T54E by name',
        quoteBody(
          {
            AnnuityOption:
              'Life Annuity with return of purchase price on death or in instalments on survival',
            AnnuityFor: 'Joint Life',
          },
          {},
          { SecondaryLifeAssuredDetail: SECOND_LIFE },
        ),
        'PlanSectionDetails.AnnuityOption',
        JOINT_OPTIONS_ONLY,
      ],
      [
        'second life 16 years younger',
        quoteBody(
          { AnnuityFor: 'Joint Life' },
          { DOB: dobForAge(62) },
          {
            SecondaryLifeAssuredDetail: { ...SECOND_LIFE, DOB: dobForAge(46) },
          },
        ),
        'SecondaryLifeAssuredDetail.DOB',
        'Age should be between 45 and 80 with 15 years difference',
      ],
      [
        'second life aged 44',
        quoteBody(
          { AnnuityFor: 'Joint Life' },
          {},
          { SecondaryLifeAssuredDetail: { ...SECOND_LIFE, DOB: dobForAge(44) } },
        ),
        'SecondaryLifeAssuredDetail.DOB',
        'Age should be between 45 and 80 with 15 years difference',
      ],
      [
        'joint life without the second life',
        quoteBody({ AnnuityFor: 'Joint Life' }),
        'SecondaryLifeAssuredDetail',
        'Please add the details of the second life for a joint life annuity.',
      ],
      [
        'no name',
        quoteBody({}, { FirstName: '', MiddleName: '', LastName: '' }),
        'LifeAssuredDetail.FirstName',
        'Please enter valid Full Name',
      ],
      [
        'no date of birth',
        quoteBody({}, { DOB: undefined }),
        'LifeAssuredDetail.DOB',
        'Date of Birth cannot be empty.',
      ],
      [
        'a date of birth that is not a date',
        quoteBody({}, { DOB: '1970-02-30' }),
        'LifeAssuredDetail.DOB',
        'Please enter valid date of birth.',
      ],
      [
        'an unknown gender',
        quoteBody({}, { Gender: 'M' }),
        'LifeAssuredDetail.Gender',
        'Please enter valid gender.',
      ],
      [
        'another product’s UIN',
        quoteBody({ ProductUIN: '143N064V01' }),
        'PlanSectionDetails.ProductUIN',
        'Please enter valid product UIN.',
      ],
      [
        'staff without employer',
        quoteBody({ IsStaff: 'Y', EmployeeCode: '1234' }),
        'PlanSectionDetails.Employer',
        'Employer cannot be empty.',
      ],
      [
        'an employee code of zeros',
        quoteBody({ IsStaff: true, Employer: 'Bank of Baroda', EmployeeCode: '0000' }),
        'PlanSectionDetails.EmployeeCode',
        'Please enter valid employee code.',
      ],
      [
        'an unknown option',
        quoteBody({ AnnuityOption: 'T54Z' }),
        'PlanSectionDetails.AnnuityOption',
        'Unknown plan option T54Z',
      ],
      [
        'a proposal date a year ago',
        quoteBody({ ProposalStartDate: '2020-01-01' }),
        'PlanSectionDetails.ProposalStartDate',
        'Enter a valid proposal date',
      ],
      [
        'an amount in words',
        quoteBody({ InstallmentPremiumAmount: 'two lakh' }),
        'PlanSectionDetails.InstallmentPremiumAmount',
        'Please enter valid investment amount.',
      ],
    ];

    it.each(cases)('%s', async (_name, body, field, message) => {
      const before = await countQuotes();
      const res = await api.post(QUOTES, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'Failed', statusCode: 400, message });
      expect(res.json().errors).toContainEqual({ field, message });
      expect(await countQuotes()).toBe(before);
    });

    it('needs a Bearer token', async () => {
      const res = await api.post(QUOTES, quoteBody(), { token: null });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('quotes of an application', () => {
    it('links the quote to the application when the window holds its capability', async () => {
      const created = await createApplication(api);
      const answer = await createQuote(
        api,
        quoteBody({}, {}, { ApplicationNumber: created.applicationNo }),
        created.capability,
      );
      const { rows } = await api.app.db.query<{ application_number: string }>(
        'SELECT application_number FROM quotes WHERE quote_number = $1',
        [answer.data.quoteNumber],
      );
      expect(rows[0]?.application_number).toBe(created.applicationNo);

      const read = await api.get(
        `${QUOTES}/${answer.data.quoteNumber}?ApplicationNumber=${created.applicationNo}`,
        { capability: created.capability },
      );
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(answer);
    });

    it('refuses without the capability (403), for an unknown application (404) and a submitted one (409)', async () => {
      const created = await createApplication(api);
      const other = await createApplication(api);
      const body = quoteBody({}, {}, { ApplicationNumber: created.applicationNo });

      const none = await api.post(QUOTES, body);
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe('Please resume your application to continue.');
      expect((await api.post(QUOTES, body, { capability: other.capability })).statusCode).toBe(403);

      const unknown = '6000000001';
      const res = await api.post(QUOTES, quoteBody({}, {}, { ApplicationNumber: unknown }), {
        capability: api.app.tokens.issueCapability(unknown, 60),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Please enter valid application number');

      await seed(api, created.applicationNo, 'journey_flag = true');
      const submitted = await api.post(QUOTES, body, { capability: created.capability });
      expect(submitted.statusCode).toBe(409);
      expect(submitted.json().message).toBe('This application is already submitted.');
    });

    it('prices at the application’s policy start date, whatever the request says', async () => {
      const created = await createApplication(api);
      await seed(api, created.applicationNo, "policy_start_date = (now() - interval '20 days')::date");
      const { rows } = await api.app.db.query<{ start: string }>(
        "SELECT to_char(policy_start_date, 'YYYY-MM-DD') AS start FROM applications WHERE application_number = $1",
        [created.applicationNo],
      );
      const answer = await createQuote(
        api,
        quoteBody({ ProposalStartDate: TODAY }, {}, { ApplicationNumber: created.applicationNo }),
        created.capability,
      );
      expect(answer.data.quotePlanSectionDetails.proposalDate).toBe(rows[0]!.start);
    });

    it('reads a stored quote only for its own application', async () => {
      const owner = await createApplication(api);
      const other = await createApplication(api);
      const answer = await createQuote(
        api,
        quoteBody({}, {}, { ApplicationNumber: owner.applicationNo }),
        owner.capability,
      );
      const path = (app: string) => `${QUOTES}/${answer.data.quoteNumber}?ApplicationNumber=${app}`;
      expect((await api.get(path(owner.applicationNo))).statusCode).toBe(403);
      expect((await api.get(path(other.applicationNo), { capability: other.capability })).statusCode).toBe(
        404,
      );
      expect(
        (
          await api.get(`${QUOTES}/Q0000000000?ApplicationNumber=${owner.applicationNo}`, {
            capability: owner.capability,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
