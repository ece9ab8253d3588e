import type { DisplayRow, IllustrationTable, PricedQuote } from '../../../src/pricing/calculator.ts';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import type { IllustrationFacts } from '../../../src/server/api/quotes/priceQuote.ts';
import { createIllustratedQuotes } from '../../../src/server/api/quotes/illustratedQuotes.ts';
import { createPricingBases } from '../../../src/server/api/quotes/pricingBases.ts';
import { quotePlanSectionDetails } from '../../../src/server/api/quotes/quoteAnswer.ts';
import { createQuoteRepository } from '../../../src/server/api/quotes/quoteRepository.ts';
import type { StoredQuote } from '../../../src/server/api/quotes/storedQuotes.ts';
import { TODAY, type QuoteAnswerBody } from './quotesFixtures.ts';
import type { TestApi } from './testApp.ts';

/*
 * What the benefit illustration should print, written here independently of the PDF code:
 * a reader's copy of the text, 'Rs.' for the rupee sign (Helvetica has none).
 */

const pdfWords = (text: string) => text.replace(/₹/g, 'Rs.');

function value(row: Pick<DisplayRow, 'value' | 'format'>): string {
  const { value: v, format } = row;
  if (typeof v === 'string') return v;
  if (format === 'rupees') return `${v < 0 ? '-' : ''}Rs. ${indianGrouping(Math.abs(v))}`;
  if (format === 'years') return `${v} ${v === 1 ? 'Year' : 'Years'}`;
  if (format === 'age') return `Age ${v}`;
  if (format === 'percent') return `${v}%`;
  return Number.isInteger(v) ? indianGrouping(v) : String(v);
}

/** A row as printed: 'Pension Rs. 1,71,746 a year'. */
export function printedRow(row: DisplayRow): string {
  return pdfWords([row.label, value(row), row.suffix].filter(Boolean).join(' '));
}

/** A table row as printed: its cells in column order, nil amounts as '-'. */
export function printedLine(table: IllustrationTable, row: Record<string, number | string>): string {
  return table.columns
    .map((column) => {
      const cell = row[column.id];
      if (cell === undefined) return '';
      if (typeof cell === 'number' && column.format === 'rupees') return cell ? indianGrouping(cell) : '-';
      if (typeof cell === 'number' && column.format !== 'percent') return indianGrouping(cell);
      return value({ value: cell, format: column.format });
    })
    .filter(Boolean)
    .join(' ');
}

/**
 * The tables the illustration of a stored quote draws: priced again from the stored inputs on
 * the quote's basis version and checked against its answer, as the PDF route does (a row of
 * before migration 013 holds them).
 */
export async function storedTables(api: TestApi, quoteNumber: string): Promise<IllustrationTable[]> {
  const quote = await createQuoteRepository(api.app.db).find(quoteNumber);
  const illustrated = createIllustratedQuotes(createPricingBases(api.app.db));
  const priced = await illustrated.of(quote as unknown as StoredQuote, api.app.log);
  return priced.illustration.tables;
}

/** A term-life quote, priced by no calculator of this repository: rows and a table of its own. */
const TERM_QUOTE: PricedQuote = {
  planCode: 'X01',
  componentCode: 'X01L',
  optionName: 'Level Cover',
  premium: {
    installment: 1234,
    frequency: 'Monthly',
    annual: 14184,
    base: 1234,
    gst: 0,
    gstFirstYearPercent: 0,
    withTaxFY: 1234,
    premiumPayingTerm: 20,
    policyTerm: 20,
    totalPayable: 296160,
  },
  sumAssured: 10000000,
  figures: { coverTillAge: 55 },
  headline: 'Pay ₹ 1,234 a month',
  youPay: [{ id: 'premium', label: 'Premium', value: 1234, format: 'rupees', suffix: 'a month' }],
  youGet: [{ id: 'sumAssured', label: 'Sum Assured', value: 10000000, format: 'rupees' }],
  breakup: [{ id: 'onlineDiscount', label: 'Online discount', value: 10, format: 'percent' }],
  explanation: [],
  illustration: {
    tables: [
      {
        id: 'cover',
        title: 'Death benefit by year',
        columns: [
          { id: 'policyYear', label: 'Policy Year', format: 'number' },
          { id: 'age', label: 'Age', format: 'age' },
          { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
          { id: 'status', label: 'Cover Status', format: 'text' },
        ],
        rows: Array.from({ length: 20 }, (_, index) => ({
          policyYear: index + 1,
          age: 35 + index,
          deathBenefit: 10000000,
          status: 'In force',
        })),
      },
    ],
    footnotes: ['Premiums are level for the premium paying term.'],
  },
};

/** Stores a quote of another kind for an application, as the quote route would have. */
export async function storeQuoteOfAnotherKind(
  api: TestApi,
  like: QuoteAnswerBody,
  applicationNumber: string,
): Promise<string> {
  const quoteNumber = `Q${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const illustration: IllustrationFacts = {
    planName: 'Term Plan',
    uin: '143N999V01',
    subTitle: 'Non-Linked, Non-Participating, Individual, Pure Risk Premium Life Insurance Plan',
    kind: 'Term life',
    life: { name: 'Asha Rao', gender: 'Female', dateOfBirth: '1990-01-01', age: 35, smoker: false },
  };
  const answer = {
    ...like,
    data: {
      quoteNumber,
      error: null,
      quotePlanSectionDetails: quotePlanSectionDetails(quoteNumber, illustration.uin, TODAY, TERM_QUOTE),
    },
  };
  await api.app.db.query(
    `INSERT INTO quotes (quote_number, application_number, product_id, request, response)
     VALUES ($1, $2, 'T54', '{}'::jsonb, $3::jsonb)`,
    [quoteNumber, applicationNumber, JSON.stringify({ answer, quote: TERM_QUOTE, illustration })],
  );
  return quoteNumber;
}
