import type { DisplayRow, PricedQuote } from '../../../pricing/calculator.ts';

/**
 * `data.quotePlanSectionDetails` of the quote answer, the same for every plan
 * (docs/design/generic-journey.md; spec 02 §3.4, §7): the quote service's common fields, the
 * calculator's named figures spread in (annuityInstallmentAmount, maturityBenefit, ...), the
 * headline and the rows the quote panel, the review and the illustration show. Whole rupees.
 */
export interface QuotePlanSectionDetails {
  quoteNumber: string;
  planCode: string;
  productUIN: string;
  componentCode: string;
  optionName: string;
  proposalDate: string;
  sumAssured: number;
  annualPremium: number;
  installmentPremium: number;
  basePremiumAmount: number;
  gstAmount: number;
  installmentPremiumWithTaxFY: number;
  premiumFrequency: string;
  premiumPayingTerm: number;
  policyTerm: number;
  totalPremiumPayable: number;
  headline: string;
  youPay: DisplayRow[];
  youGet: DisplayRow[];
  breakup: DisplayRow[];
  explanation: DisplayRow[];
  /** The calculator's figures. */
  [figure: string]: number | string | DisplayRow[];
}

export interface QuoteAnswer {
  status: '200';
  data: { quoteNumber: string; quotePlanSectionDetails: QuotePlanSectionDetails; error: null };
}

/** How a figure may be named: a camelCase identifier, as the quote service names its fields. */
export const FIGURE_NAME = '^[a-z][A-Za-z0-9]{0,63}$';
const FIGURE_NAME_PATTERN = new RegExp(FIGURE_NAME);

/** The calculator's figures that may travel: named as fields are, finite numbers or short texts. */
function figuresOf(figures: Record<string, number | string>): Record<string, number | string> {
  const travelling: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(figures)) {
    if (
      FIGURE_NAME_PATTERN.test(name) &&
      ((typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && value.length <= 200))
    ) {
      travelling[name] = value;
    }
  }
  return travelling;
}

/**
 * The answer's plan section of a priced quote. The common fields are laid over the figures,
 * so a figure can never stand in for the premium the payment route charges. (Assigned onto
 * the figures rather than spread with them into one literal: V8 builds such a literal about
 * twenty times slower, and this runs for every quote.)
 */
export function quotePlanSectionDetails(
  quoteNumber: string,
  productUIN: string,
  proposalDate: string,
  quote: PricedQuote,
): QuotePlanSectionDetails {
  const { premium } = quote;
  return Object.assign(figuresOf(quote.figures), {
    quoteNumber,
    planCode: quote.planCode,
    productUIN,
    componentCode: quote.componentCode,
    optionName: quote.optionName,
    proposalDate,
    sumAssured: quote.sumAssured,
    annualPremium: premium.annual,
    installmentPremium: premium.installment,
    basePremiumAmount: premium.base,
    gstAmount: premium.gst,
    installmentPremiumWithTaxFY: premium.withTaxFY,
    premiumFrequency: premium.frequency,
    premiumPayingTerm: premium.premiumPayingTerm,
    policyTerm: premium.policyTerm,
    totalPremiumPayable: premium.totalPayable,
    headline: quote.headline,
    youPay: quote.youPay,
    youGet: quote.youGet,
    breakup: quote.breakup,
    explanation: quote.explanation,
  });
}
