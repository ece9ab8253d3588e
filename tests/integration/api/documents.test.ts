import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import { createApplication, type CreatedApplication } from './applicationsFixtures.ts';
import {
  BI,
  createQuote,
  pdfText,
  quoteBody,
  SECOND_LIFE,
  TODAY,
  type QuoteAnswerBody,
} from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

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
      expect(pages).toBe(3);
    });

    it('names the insurer, the plan, its UIN and kind, the customer and both numbers', () => {
      for (const expected of [
        'Bimaflow Life Insurance Company Limited',
        'Benefit Illustration',
        'Guaranteed Pension Plan',
        'UIN: 143N066V04',
        'Non-Linked, Non-Participating, Individual, Savings Deferred Annuity Plan',
        'Ramesh Kumar Sharma',
        '55 years',
        'Male',
        answer.data.quoteNumber,
        created.applicationNo,
        indianDate(TODAY),
        'Life Annuity with return of purchase price on death (T54C)',
        'A fixed pension for life, and 100% of the premiums paid go to your nominee on death.',
        'Page 1 of 3',
        'Page 3 of 3',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('shows the quote’s figures to the rupee: premium, term, annuity, totals', () => {
      const details = answer.data.quotePlanSectionDetails;
      const rupees = (amount: number) => `Rs. ${indianGrouping(amount)}`;
      expect(details.annuityInstallmentAmount).toBe(171746);
      for (const expected of [
        `${rupees(details.installmentPremium)} a year`,
        `${rupees(details.installmentPremiumWithTaxFY)} a year`,
        `Total premiums payable ${rupees(details.totalPremiumPayable)}`,
        `${rupees(details.annuityInstallmentAmount)} a year`,
        `from age ${details.firstPayoutAge}`,
        `${details.premiumPayingTerm} years`,
        'Get 1% extra annuity on online purchase: +1% applied',
        'Employees get 2.5% additional annuity: not applicable',
        `GST ON FIRST-YEAR PREMIUM (0%) ${rupees(details.gstAmount)}`,
        `ANNUITY INSTALMENT ${rupees(details.annuityInstallmentAmount)}`,
        `ANNUITY A YEAR ${rupees(details.annualAnnuity)}`,
        `FIRST ANNUITY PAID AT AGE ${details.firstPayoutAge}`,
        `ANNUALISED PREMIUM ${rupees(details.annualPremium)}`,
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('has a year-by-year row for every policy year, as stored', async () => {
      const { rows } = await api.app.db.query<{
        schedule: {
          policyYear: number;
          age: number;
          premiumPaid: number;
          totalPremiumsPaid: number;
          guaranteedAnnuity: number;
          deathBenefit: number;
        }[];
      }>("SELECT response->'result'->'schedule' AS schedule FROM quotes WHERE quote_number = $1", [
        answer.data.quoteNumber,
      ]);
      const schedule = rows[0]!.schedule;
      expect(schedule).toHaveLength(46);
      const figure = (n: number) => (n ? indianGrouping(n) : '-');
      for (const row of schedule) {
        const line = [
          row.policyYear,
          row.age,
          figure(row.premiumPaid),
          figure(row.totalPremiumsPaid),
          figure(row.guaranteedAnnuity),
          figure(row.deathBenefit),
        ].join(' ');
        expect(text).toContain(line);
      }
      expect(text).toContain('11 65 - 20,00,000 1,71,746 20,00,000');
    });

    it('carries the footnotes: annuitant mortality approximation, female setback, GST nil, guaranteed', () => {
      expect(text).toContain('approximation of annuitant mortality');
      expect(text).toContain('females are rated 3 years younger');
      expect(text).toContain('GST: nil');
      expect(text).toContain('The benefits shown are guaranteed');
    });

    it('is built from the stored quote, never priced again', async () => {
      await api.app.db.query(
        `UPDATE quotes SET response = jsonb_set(jsonb_set(response, '{result,annuityInstallmentAmount}', '123457'),
           '{result,youGet,annuityInstallmentAmount}', '123457') WHERE quote_number = $1`,
        [answer.data.quoteNumber],
      );
      const res = await api.get(biUrl(answer.data.quoteNumber, created.applicationNo), {
        capability: created.capability,
      });
      const { text: changed } = await pdfText(res.rawPayload);
      expect(text).toContain('Rs. 1,71,746 a year');
      expect(changed).toContain('Rs. 1,23,457 a year');
      expect(text).toContain('ANNUITY INSTALMENT Rs. 1,71,746');
      expect(changed).toContain('ANNUITY INSTALMENT Rs. 1,23,457');
    });

    it('prints both lives of a joint-life quote and the staff bonus', async () => {
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
        `Rs. ${indianGrouping(details.annuityInstallmentAmount)} a month`,
        `Rs. ${indianGrouping(details.annualAnnuity)} a year`,
        'Rs. 20,000 a month',
        'employer Bank of Baroda, employee code 12345',
        'Age (life 2)',
      ]) {
        expect(jointText).toContain(expected);
      }
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
        'Visualize your plan',
        'Rs. 2,00,000',
        'Rs. 1,70,108',
        'Rs. 21,23,498',
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
