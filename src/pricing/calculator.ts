import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { MortalityTable } from './mortalityTable.ts';

/*
 * The one interface every quote calculator implements (docs/pricing/README.md). A plan
 * names its calculator in plan.json (`calculator`); the calculator declares what it takes
 * (input schema), what its basis file looks like (basis schema), prices a quote, and gives
 * the rows the quote panel, the review screen and the benefit illustration show. The
 * basis itself is plan data (`schemas/plans/<CODE>/<basisFile>`), so an analyst changes a
 * rate without code, and two plans that price alike share a calculator with two bases.
 *
 * Pure and synchronous: the server (quotes, benefit illustration) and tools
 * (plans:validate, examples) call it the same way.
 */

/** How a display value is shown: ₹ with Indian grouping, '10 Years', 'Age 66', '2.5%', dd/mm/yyyy, as is. */
export type DisplayFormat = 'rupees' | 'years' | 'age' | 'percent' | 'date' | 'text' | 'number';

/** One labelled figure a screen or the illustration shows. */
export interface DisplayRow {
  /** Stable id (tests and the review find rows by it), e.g. 'annuityInstallmentAmount'. */
  id: string;
  label: string;
  value: number | string;
  format: DisplayFormat;
  /** Words after the value: 'a year', 'for 10 years', 'from age 66'. */
  suffix?: string;
  /** A line under the row (e.g. 'guaranteed pension for life'). */
  note?: string;
}

/** One table of the benefit illustration: a column list and a row per policy year. */
export interface IllustrationTable {
  id: string;
  title: string;
  columns: Array<{ id: string; label: string; format: DisplayFormat }>;
  rows: Array<Record<string, number | string>>;
}

/** One life to price, as the quote request gives it (the server has checked it). */
export interface QuoteLife {
  /** yyyy-mm-dd */
  dateOfBirth: string;
  /** Age last birthday at the proposal date. */
  age: number;
  /** Male, Female or Other. */
  gender: string;
  smoker: boolean;
  name: string;
  relationship?: string;
}

/**
 * What a calculator prices: the checked lives and flags, and the request's
 * `PlanSectionDetails` (already valid against the calculator's `inputSchema`, numbers
 * as numbers: '2,00,000' arrives as 200000).
 */
export interface CalculatorRequest {
  /** The life assured: the annuitant or the insured. */
  life: QuoteLife;
  /** A second life (joint-life annuities), when the request has one. */
  secondLife?: QuoteLife;
  /** yyyy-mm-dd: the date ages are taken at and the GST row is chosen for. */
  proposalDate: string;
  /** Bought online (every quote of this service is). */
  online: boolean;
  /** The proposer says they are an employee of the insurer (or a partner's, where the plan says so). */
  staff: boolean;
  plan: Record<string, unknown>;
}

/** The premium side of a quote. Whole rupees unless noted. */
export interface QuotePremium {
  /** Per instalment, before tax. */
  installment: number;
  /** Yearly, Half Yearly, Quarterly, Monthly (Single for single-premium plans). */
  frequency: string;
  /** Instalment ÷ the frequency's annualisation divisor. */
  annual: number;
  /** Per instalment before tax after every discount (the quote service's basePremiumAmount). */
  base: number;
  /** Tax on the first-year instalment. */
  gst: number;
  gstFirstYearPercent: number;
  /** installment + gst: what the visitor pays now. */
  withTaxFY: number;
  premiumPayingTerm: number;
  policyTerm: number;
  /** Premiums payable over the premium paying term, before tax. */
  totalPayable: number;
}

export interface PricedQuote {
  planCode: string;
  /** The plan option's component code (the plan code and a suffix), saved with the plan details. */
  componentCode: string;
  optionName: string;
  premium: QuotePremium;
  /** 0 where the plan has no sum assured. */
  sumAssured: number;
  /**
   * The spec's named figures for `quotePlanSectionDetails` beyond the common ones
   * (e.g. annuityInstallmentAmount, maturityBenefit), numbers or short texts.
   */
  figures: Record<string, number | string>;
  /** The one-line result the Next button and the catalogue carry: 'Get ₹ 1,71,746 a year'. */
  headline: string;
  youPay: DisplayRow[];
  youGet: DisplayRow[];
  /** Base premium, each discount in the order applied, GST (nil today), what is payable. */
  breakup: DisplayRow[];
  /** 'How we calculated this': the steps from inputs to the result, in words and figures. */
  explanation: DisplayRow[];
  illustration: { tables: IllustrationTable[]; footnotes: string[] };
}

/** Shared tables a basis may name (by file name under schemas/common/mortality/). */
export interface PricingTables {
  mortality: MortalityTable;
}

export interface Calculator<Basis = unknown> {
  /** The name plan.json gives (`calculator`). */
  name: string;
  /** Kind in words, e.g. 'Deferred annuity'. */
  kind: string;
  /** The basis file in the plan's folder. */
  basisFile: string;
  /** JSON Schema of `PlanSectionDetails` fields this calculator reads (server validates with it). */
  inputSchema: JsonSchema;
  /** JSON Schema of the basis file (plans:validate checks every plan's basis with it). */
  basisSchema: JsonSchema;
  /** The mortality table the basis names (file name under schemas/common/mortality/). */
  mortalityTable(basis: Basis): string;
  /** Throws QuoteInputError (field = a PlanSectionDetails field or 'life.age', in the spec's words). */
  price(request: CalculatorRequest, basis: Basis, tables: PricingTables): PricedQuote;
}
