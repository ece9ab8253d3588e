import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import { QUOTE_MESSAGES } from '../../../src/server/api/quotes/quoteMessages.ts';
import { createApplication, seed, type CreatedApplication } from './applicationsFixtures.ts';
import {
  printedLine,
  printedRow,
  storedTables,
  storeQuoteOfAnotherKind,
} from './quotesIllustrationFixtures.ts';
import {
  BI,
  createQuote,
  dobForAge,
  pdfText,
  quoteBody,
  SECOND_LIFE,
  TODAY,
  type QuoteAnswerBody,
} from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const T54_CONTENT = readPlanFile('T54', 'content.json');

const UNKNOWN_QUOTE = 'No quote with this number was found for this application.';
const biUrl = (quoteNumber: string, applicationNumber: string) =>
  `${BI}?pdfType=BOTH&Isotpverified=false&isVBI=true&quoteNumber=${quoteNumber}&ApplicationNumber=${applicationNumber}`;
const indianDate = (iso: string) => iso.split('-').reverse().join('/');

describe.each(DATABASES)('documents ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  describe('benefit illustration', () => {
    let created: CreatedApplication;
    let answer: QuoteAnswerBody;
    let pdf: Buffer;
    let text: string;
    let pages: number;
    let headers: Record<string, unknown>;

    beforeAll(async () => {
      created = await createApplication(api);
      answer = await createQuote(
        api,
        quoteBody({}, {}, { ApplicationNumber: created.applicationNo }),
        created.capability,
      );
      const res = await api.get(biUrl(answer.data.quoteNumber, created.applicationNo), {
        capability: created.capability,
      });
      expect(res.statusCode, res.body).toBe(200);
      pdf = res.rawPayload;
      headers = res.headers;
      ({ text, pages } = await pdfText(pdf));
    });

    it('is a PDF download named after the quote, not cached', () => {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(headers['content-type']).toBe('application/pdf');
      expect(headers['content-disposition']).toBe(
        `attachment; filename="Benefit-Illustration-${answer.data.quoteNumber}.pdf"`,
      );
      expect(headers['cache-control']).toBe('private, no-store');
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(text).toContain(`Page 1 of ${pages}`);
      expect(text).toContain(`Page ${pages} of ${pages}`);
    });

    it('names the insurer, the plan, its UIN and kind, the customer and both numbers', () => {
      for (const expected of [
        'Bimaflow Life Insurance Company Limited',
        'Benefit Illustration',
        'Guaranteed Pension Plan',
        'UIN: 143N066V04',
        'Non-Linked, Non-Participating, Individual, Savings Deferred Annuity Plan',
        'Deferred annuity',
        'Ramesh Kumar Sharma',
        '55 years',
        'Male',
        answer.data.quoteNumber,
        created.applicationNo,
        indianDate(TODAY),
        'Life Annuity with return of purchase price on death (T54C)',
        'A fixed pension for life, and 100% of the premiums paid go to your nominee on death.',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('prints every row of the answer to the rupee: you pay, you get, breakup, how we calculated this', () => {
      const details = answer.data.quotePlanSectionDetails;
      expect(details.annuityInstallmentAmount).toBe(171746);
      const rows = [...details.youPay, ...details.youGet, ...details.breakup, ...details.explanation];
      expect(rows.length).toBeGreaterThan(8);
      for (const row of rows) expect(text).toContain(printedRow(row));
      for (const expected of [
        'Premium Rs. 2,00,000 a year',
        'Premium Paying Term 10 Years',
        'Total Premium Payable Rs. 20,00,000',
        'Pension Rs. 1,71,746 a year',
        'Pension From Age 66',
        'Purchase Price Returned on Death Rs. 20,00,000',
        'GST (0%) Rs. 0',
        'Bonus on the pension 1%',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('has a line for every row of the stored illustration table, column by column', async () => {
      const tables = await storedTables(api, answer.data.quoteNumber);
      expect(tables).toHaveLength(1);
      const [schedule] = tables;
      expect(text).toContain(schedule!.title);
      expect(schedule!.rows).toHaveLength(46);
      for (const row of schedule!.rows) expect(text).toContain(printedLine(schedule!, row));
      // Year 11: age 65, nothing paid, 20,00,000 paid in all, 20,00,000 on death; the first pension
      // is paid at its end, at 66 ('Pension From Age 66'): year 12.
      expect(text).toContain('11 65 - - 20,00,000 - - 20,00,000 -');
      expect(text).toContain('12 66 - - 20,00,000 1,71,746 - 20,00,000 -');
    });

    it('carries the calculator’s footnotes and the basis date', async () => {
      expect(text).toContain('scaled to the published annuitant rates at ages 60 to 100');
      expect(text).toContain("A woman's pension is worked out as for a man 3 years younger");
      expect(text).toContain('Priced on the basis dated');
    });

    it('is given out only when the quote priced again gives every figure of the stored answer', async () => {
      // Drawn from the stored inputs, priced again and checked: a stored answer that differs
      // from what its inputs price to (here, changed in the database) is refused, never drawn.
      const other = await createQuote(
        api,
        quoteBody({}, {}, { ApplicationNumber: created.applicationNo }),
        created.capability,
      );
      await api.app.db.query(
        `UPDATE quotes SET response = jsonb_set(response::jsonb, '{answer,data,quotePlanSectionDetails,youGet,0,value}', '123457')::json WHERE quote_number = $1`,
        [other.data.quoteNumber],
      );
      const res = await api.get(biUrl(other.data.quoteNumber, created.applicationNo), {
        capability: created.capability,
      });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({
        status: 'Failed',
        message: QUOTE_MESSAGES.illustrationChanged,
      });
      expect(text).toContain('Pension Rs. 1,71,746 a year');
    });

    it('prints both lives of a joint-life quote and the staff’s employer', async () => {
      const joint = await createQuote(
        api,
        quoteBody(
          {
            AnnuityOption: 'T54A',
            AnnuityFor: 'Joint Life',
            PremiumFrequency: 'Monthly',
            AnnuityFrequency: 'Monthly',
            InstallmentPremiumAmount: 20000,
            IsStaff: true,
            Employer: 'Bank of Baroda',
            EmployeeCode: '12345',
          },
          {},
          { SecondaryLifeAssuredDetail: SECOND_LIFE, ApplicationNumber: created.applicationNo },
        ),
        created.capability,
      );
      const res = await api.get(biUrl(joint.data.quoteNumber, created.applicationNo), {
        capability: created.capability,
      });
      expect(res.statusCode).toBe(200);
      const { text: jointText } = await pdfText(res.rawPayload);
      const details = joint.data.quotePlanSectionDetails;
      for (const expected of [
        'Sita Sharma',
        '50 years',
        'Female (Wife)',
        'Life Annuity (T54A)',
        `Pension Rs. ${indianGrouping(details.annuityInstallmentAmount as number)} a month`,
        'Premium Rs. 20,000 a month',
        'Bank of Baroda',
        '12345',
        'Age (Second Life)',
      ]) {
        expect(jointText).toContain(expected);
      }
      for (const row of [...details.youPay, ...details.youGet]) expect(jointText).toContain(printedRow(row));
    });

    it('draws any calculator’s stored quote: its rows, its tables and columns, its footnotes', async () => {
      const quoteNumber = await storeQuoteOfAnotherKind(api, answer, created.applicationNo);
      const res = await api.get(biUrl(quoteNumber, created.applicationNo), {
        capability: created.capability,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { text: other } = await pdfText(res.rawPayload);
      for (const expected of [
        'Level Cover (X01L)',
        'Term life',
        'Premium Rs. 1,234 a month',
        'Sum Assured Rs. 1,00,00,000',
        'Online discount 10%',
        'Death benefit by year',
        'Policy Year Age Death Benefit Cover Status',
        '1 35 1,00,00,000 In force',
        '20 54 1,00,00,000 In force',
        'Premiums are level for the premium paying term.',
      ]) {
        expect(other).toContain(expected);
      }
      expect(other).not.toContain('Rs. 1,71,746');
    });
  });

  /**
   * A quote of another calculator's plan, for a holder of 35, and its illustration: an
   * application made and seeded to the plan (that plan's own journey is another part's test),
   * priced with the plan section the browser sends, the PDF downloaded and read.
   */
  async function illustrationOf(productId: string, planSection: Record<string, unknown>) {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, `product_id = '${productId}'`);
    const answer = await createQuote(
      api,
      {
        ...quoteBody({}, { DOB: dobForAge(35) }, { ApplicationNumber: created.applicationNo }),
        PlanSectionDetails: { ProposalStartDate: TODAY, ...planSection },
      },
      created.capability,
    );
    const res = await api.get(biUrl(answer.data.quoteNumber, created.applicationNo), {
      capability: created.capability,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    const details = answer.data.quotePlanSectionDetails;
    const rows = [...details.youPay, ...details.youGet, ...details.breakup, ...details.explanation];
    return { details, rows, text, tables: await storedTables(api, answer.data.quoteNumber) };
  }

  describe('benefit illustration of a term-life quote (the termLife calculator)', () => {
    it('prints the stored answer’s rows and every row of each table, to the rupee', async () => {
      const { details, rows, text, tables } = await illustrationOf('T64', {
        ProductUIN: '143N072V01',
        IsStaff: false,
        channelType: 'Online',
        SumAssured: '1,00,00,000',
        PolicyTerm: 30,
        PremiumPayingTerm: 'Regular',
        PremiumFrequency: 'Yearly',
        DeathBenefitOption: 'LS',
      });
      expect(details).toMatchObject({ productUIN: '143N072V01', sumAssured: 10000000, policyTerm: 30 });
      expect(text).toContain('UIN: 143N072V01');
      expect(text).toContain(`${details.optionName} (${details.componentCode})`);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect(text).toContain(printedRow(row));
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) {
        expect(text).toContain(table.title);
        for (const row of table.rows) expect(text).toContain(printedLine(table, row));
      }
      expect(text).not.toContain('Rs. 1,71,746');
    });
  });

  describe('benefit illustration of a unit-linked quote (the unitLinked calculator)', () => {
    it('prints the rows, both scenario tables to the rupee and the lock-in disclosure', async () => {
      // What the browser sends for U25 (plan.json quote.planSection): 50,000 a year for 15 years.
      const { details, rows, text, tables } = await illustrationOf('U25', {
        ProductUIN: '143L067V01',
        ProductName: 'Money Balance Plan',
        InstallmentPremiumAmount: 50000,
        PremiumFrequency: 'Yearly',
        PremiumPayingTerm: 'Regular',
        PolicyTerm: 15,
        InvestmentStrategy: 'moneyBalance',
        IsStaff: false,
        EmployeeCode: '',
        Employer: '',
        Operation: 'generateBI',
        channelType: 'Online',
      });
      expect(details).toMatchObject({ productUIN: '143L067V01', sumAssured: 500000, policyTerm: 15 });
      expect(text).toContain('UIN: 143L067V01');
      expect(text).toContain(`${details.optionName} (${details.componentCode})`);

      expect(rows.length).toBeGreaterThan(8);
      for (const row of rows) expect(text).toContain(printedRow(row));
      expect(text).toContain('Premium Paying Term 15 Years');
      expect(text).toContain('Total Premium Payable Rs. 7,50,000');
      expect(text).toContain('Sum Assured Rs. 5,00,000');

      const scenarios = tables.filter((table) => table.id.startsWith('scenario-'));
      expect(scenarios.map((table) => table.title)).toEqual([
        'At 4% a year gross investment return (not guaranteed)',
        'At 8% a year gross investment return (not guaranteed)',
      ]);
      for (const table of tables) {
        expect(text).toContain(table.title);
        for (const row of table.rows) expect(text).toContain(printedLine(table, row));
      }
      const [atFour, atEight] = scenarios;
      for (const table of [atFour!, atEight!]) {
        expect(table.rows).toHaveLength(15);
        expect(table.columns.map((column) => column.id)).toContain('fundValue');
      }
      const lastFund = (table: typeof atFour) => Number(table!.rows.at(-1)!.fundValue);
      expect(lastFund(atFour)).toBeGreaterThan(0);
      expect(lastFund(atEight)).toBeGreaterThan(lastFund(atFour));
      expect(text).toContain(
        `Fund Value at Maturity at 8% Rs. ${indianGrouping(lastFund(atEight))} at age 50`,
      );
      expect(text).toContain(
        `Fund Value at Maturity at 4% Rs. ${indianGrouping(lastFund(atFour))} at age 50`,
      );

      expect(text).toContain(
        'Unit-linked insurance products do not offer any liquidity during the first 5 years of the contract. ' +
          'The policyholder will not be able to surrender or withdraw the monies invested completely or partially ' +
          'until the end of the lock-in period of 5 years.',
      );
      expect(text).toContain('In unit-linked policies the investment risk is borne by the policyholder.');
      expect(text).not.toContain('Rs. 1,71,746');
    });
  });

  describe('who may download it', () => {
    let owner: CreatedApplication;
    let other: CreatedApplication;
    let quoteNumber: string;
    beforeAll(async () => {
      owner = await createApplication(api);
      other = await createApplication(api);
      quoteNumber = (
        await createQuote(
          api,
          quoteBody({}, {}, { ApplicationNumber: owner.applicationNo }),
          owner.capability,
        )
      ).data.quoteNumber;
    });

    it('needs a Bearer token (401) and the application’s capability (403)', async () => {
      expect((await api.get(biUrl(quoteNumber, owner.applicationNo), { token: null })).statusCode).toBe(401);
      const none = await api.get(biUrl(quoteNumber, owner.applicationNo));
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({
        status: 'Failed',
        message: 'Please resume your application to continue.',
      });
      const wrong = await api.get(biUrl(quoteNumber, owner.applicationNo), { capability: other.capability });
      expect(wrong.statusCode).toBe(403);
    });

    it('is 404 for another application’s quote, an unknown quote and a quote of no application', async () => {
      const theirs = await api.get(biUrl(quoteNumber, other.applicationNo), { capability: other.capability });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(UNKNOWN_QUOTE);
      const unknown = await api.get(biUrl('Q0000000001', owner.applicationNo), {
        capability: owner.capability,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(UNKNOWN_QUOTE);
      const unlinked = await createQuote(api, quoteBody());
      const loose = await api.get(biUrl(unlinked.data.quoteNumber, owner.applicationNo), {
        capability: owner.capability,
      });
      expect(loose.statusCode).toBe(404);
    });

    it('is 400 for a malformed quote number or without the application number', async () => {
      const bad = await api.get(biUrl('12345', owner.applicationNo), { capability: owner.capability });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Please enter valid quote number.');
      const missing = await api.get(`${BI}?quoteNumber=${quoteNumber}`, { capability: owner.capability });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('product brochure', () => {
    it('is a public PDF made from the plan’s content file', async () => {
      const res = await api.get('/buyonlineoauth/brochure/T54', { token: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="T54-Guaranteed-Pension-Plan-Brochure.pdf"',
      );
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { text, pages } = await pdfText(res.rawPayload);
      expect(pages).toBe(2);
      for (const expected of [
        'Guaranteed Pension Plan',
        'UIN: 143N066V04',
        'Non-Linked, Non-Participating, Individual, Savings Deferred Annuity Plan',
        'Get 1% extra annuity on online purchase',
        'Employees get 2.5% additional annuity',
        'Limited Payment Lifetime Annuity',
        'Single and Joint Life Annuity',
        'Escalating Annuity',
        'Critical Illness Coverage',
        'Regular Annuity Income',
        T54_CONTENT.landing.visualize.title,
        `Rs. ${indianGrouping(T54_CONTENT.landing.visualize.premium)}`,
        `Rs. ${indianGrouping(T54_CONTENT.landing.visualize.payoutPerYear)}`,
        `Rs. ${indianGrouping(T54_CONTENT.landing.visualize.lumpSum)}`,
        '98.04%',
        '30,796',
        'FY 22-23',
        'Life Annuity with return of purchase price on death or critical illness',
        'Life increasing Annuity',
        '20% premium back every 5th year',
        'Rs 2',
        'Rs. 4,350',
        'Page 2 of 2',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('is 404 for a product that has no brochure', async () => {
      const res = await api.get('/buyonlineoauth/brochure/XYZ', { token: null });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        status: 'Failed',
        message: 'No brochure is available for this product.',
      });
    });
  });
});
