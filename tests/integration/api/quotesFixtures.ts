import { extractText, getDocumentProxy } from 'unpdf';
import mortalityJson from '../../../schemas/common/mortality/ialm-2012-14.json';
import { addYearsIso } from '../../../src/pricing/ageLastBirthday.ts';
import type { DisplayRow } from '../../../src/pricing/calculator.ts';
import type { MortalityTable } from '../../../src/pricing/mortalityTable.ts';
import type { DeferredAnnuityBasis } from '../../../src/pricing/deferredAnnuityBasis.ts';
import { quoteDeferredAnnuity } from '../../../src/pricing/deferredAnnuityPricing.ts';
import type {
  DeferredAnnuityQuoteInput,
  DeferredAnnuityQuoteResult,
} from '../../../src/pricing/deferredAnnuityQuote.ts';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import type { QuotePlanSectionDetails } from '../../../src/server/api/quotes/quoteAnswer.ts';
import type { TestApi } from './testApp.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const basisJson = readPlanFile('T54', 'pricing-basis.json');

/** Test data and helpers shared by the quote and document tests. */
export const QUOTES = '/proposal_service/v1/quotes';
export const BI = '/proposal_service/v1/bi';
export const TODAY = indiaToday();

/** A date of birth that makes `age` the age last birthday today (India), with days to spare. */
export function dobForAge(age: number): string {
  const birthday = addYearsIso(TODAY, -age);
  const date = new Date(`${birthday}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 10);
  return date.toISOString().slice(0, 10);
}

type Json = Record<string, unknown>;

/** The spec's quote request (spec 02 §7) for the sample: 55, 2,00,000 a year for 10 years, T54C. */
export function quoteBody(
  plan: Json = {},
  life: Json = {},
  extra: Json = {},
): Json & { PlanSectionDetails: Json; LifeAssuredDetail: Json } {
  return {
    LifeAssuredDetail: {
      Salutation: 'Mr.',
      FirstName: 'Ramesh',
      MiddleName: 'Kumar',
      LastName: 'Sharma',
      Gender: 'Male',
      IsSmoker: false,
      DOB: dobForAge(55),
      EmailId: 'ramesh.sharma@gmail.com',
      MobileNumber: '9876543210',
      ...life,
    },
    PlanSectionDetails: {
      InstallmentPremiumAmount: 200000,
      SumAssured: 0,
      AnnualPremiumAmount: 200000,
      PlanTerm: 10,
      ProductUIN: '143N066V04',
      ProductName: 'Guaranteed Pension Plan',
      AnnuityFor: 'Single Life',
      AnnuityFrequency: 'Yearly',
      AnnuityOption: 'T54C',
      PremiumFrequency: 'Yearly',
      PremiumPayingTerm: 10,
      PremiumType: 'Limited',
      ProposalStartDate: TODAY,
      IsStaff: false,
      EmployeeCode: '',
      Employer: '',
      Operation: 'generateBI',
      channelType: 'Online',
      ...plan,
    },
    ProposerDetail: { Salutation: 'Mr.', FirstName: 'Ramesh', MiddleName: 'Kumar', LastName: 'Sharma' },
    agentInformation: {},
    isInstaQuote: true,
    isDIY: false,
    ...extra,
  };
}

export const SECOND_LIFE = {
  FirstName: 'Sita',
  LastName: 'Sharma',
  Gender: 'Female',
  DOB: dobForAge(50),
  Relationship: 'Wife',
};

/** A named figure of the answer (the calculator's figures are spread into quotePlanSectionDetails). */
export function figure(details: QuotePlanSectionDetails, name: string): number {
  const value = details[name];
  if (typeof value !== 'number') throw new Error(`no numeric figure ${name} in the answer`);
  return value;
}

/** The row with this id of one of the answer's row lists. */
export function rowOf(rows: DisplayRow[], id: string): DisplayRow {
  const found = rows.find((row) => row.id === id);
  if (!found) throw new Error(`no row ${id} in ${rows.map((row) => row.id).join(', ')}`);
  return found;
}

export interface QuoteAnswerBody {
  status: string;
  data: { quoteNumber: string; quotePlanSectionDetails: QuotePlanSectionDetails; error: null };
}

/** Prices a request through the API; fails the test unless it is a 200. */
export async function createQuote(api: TestApi, body: Json, capability?: string): Promise<QuoteAnswerBody> {
  const res = await api.post(QUOTES, body, { capability });
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json() as QuoteAnswerBody;
}

/** The same quote straight from the engine, as the browser would price it. */
export function engineQuote(changes: Partial<DeferredAnnuityQuoteInput> = {}): DeferredAnnuityQuoteResult {
  return quoteDeferredAnnuity(
    {
      life: { dateOfBirth: dobForAge(55), gender: 'Male' },
      installmentPremium: 200000,
      premiumFrequency: 'Yearly',
      premiumPayingTerm: 10,
      annuityFrequency: 'Yearly',
      planOption: 'T54C',
      staff: false,
      online: true,
      proposalDate: TODAY,
      ...changes,
    },
    basisJson as unknown as DeferredAnnuityBasis,
    mortalityJson as MortalityTable,
  );
}

/** The text of a PDF, all pages, as a reader's copy-paste would give it. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}
