import type { IllustrationTable, PricedQuote } from '../../src/pricing/calculator.ts';
import { valueAt } from './dataPath.ts';
import { rupees } from './problem.ts';

/*
 * What each calculator kind states it guarantees, checked on the priced quote. Each rule
 * returns, when broken, what the quote pays against what was stated (figures included).
 */
export type Guarantee = (quote: PricedQuote, basis: Record<string, unknown>) => string | undefined;

const numberAt = (node: unknown, path: string): number | undefined => {
  const value = valueAt(node, path.split('.'));
  return typeof value === 'number' ? value : undefined;
};

/** Each row's death benefit against a floor, over the tables that show both. */
function deathBenefitShortfall(
  quote: PricedQuote,
  floor: (row: Record<string, number | string>, paidToDate: number) => number,
  rowCounts: (row: Record<string, number | string>) => boolean = () => true,
): { row: Record<string, number | string>; floor: number; table: IllustrationTable } | undefined {
  for (const table of quote.illustration.tables) {
    const columns = new Set(table.columns.map((c) => c.id));
    if (!columns.has('deathBenefit') || !columns.has('premiumPaid')) continue;
    let paid = 0;
    for (const row of table.rows) {
      paid += Number(row.premiumPaid) || 0;
      if (!rowCounts(row)) continue;
      const wanted = floor(row, paid);
      // Each figure is rounded to the rupee.
      if (Number(row.deathBenefit) < wanted - 1) return { row, floor: wanted, table };
    }
  }
  return undefined;
}

/** The death benefit of every year is at least `percent`% of the premiums paid to date (the basis states it). */
const deathBenefitPercentOfPremiums =
  (
    where: string,
    inYear: (quote: PricedQuote) => (row: Record<string, number | string>) => boolean = () => () => true,
  ): Guarantee =>
  (quote, basis) => {
    const percent = numberAt(basis, `${where}.percentOfPremiumsPaid`);
    if (percent === undefined) return undefined;
    const short = deathBenefitShortfall(quote, (_, paid) => (paid * percent) / 100, inYear(quote));
    if (!short) return undefined;
    return `its death benefit in policy year ${short.row.policyYear} (${short.table.title}) is ₹${rupees(Number(short.row.deathBenefit))}, below the ${percent}% of premiums paid to date (₹${rupees(Math.round(short.floor))}) the basis states (${where}.percentOfPremiumsPaid)`;
  };

/** The life cover quoted is paid on death in every year of the policy. */
const deathBenefitAtLeastSumAssured: Guarantee = (quote) => {
  if (!quote.sumAssured) return undefined;
  const short = deathBenefitShortfall(quote, () => quote.sumAssured);
  if (!short) return undefined;
  return `its death benefit in policy year ${short.row.policyYear} (${short.table.title}) is ₹${rupees(Number(short.row.deathBenefit))}, below the sum assured it quotes (₹${rupees(quote.sumAssured)})`;
};

/** A guaranteed savings plan pays back, guaranteed, at least the premiums it asks for. */
const guaranteedBenefitsAtLeastPremiums: Guarantee = (quote) => {
  const benefits = quote.figures.totalBenefits;
  if (typeof benefits !== 'number') return undefined;
  if (benefits >= quote.premium.totalPayable) return undefined;
  const cover = quote.figures.deathBenefitInFirstYear;
  const coverText =
    typeof cover === 'number' && cover < quote.premium.totalPayable
      ? `, with life cover of ₹${rupees(cover)} in the first year`
      : '';
  return `it asks ₹${rupees(quote.premium.totalPayable)} in premiums for ₹${rupees(benefits)} of total guaranteed benefits${coverText}: a guaranteed savings plan pays back at least the premiums it asks for`;
};

/** A pension guaranteed for life is a pension: more than nothing. */
const annuityPaid: Guarantee = (quote) => {
  const annuity = quote.figures.annuityInstallmentAmount;
  return typeof annuity === 'number' && annuity <= 0
    ? `its guaranteed pension is ₹${rupees(annuity)}`
    : undefined;
};

/** Death in deferment (the years before the pension vests). */
const inDeferment = (quote: PricedQuote) => {
  const years = quote.figures.defermentYears;
  return (row: Record<string, number | string>) =>
    typeof years !== 'number' || Number(row.policyYear) <= years;
};

/**
 * Keyed by calculator (src/pricing/calculators.ts), each with where its guarantee is stated:
 * - milestoneSavings: 'Total Guaranteed Benefits' (milestone incomes and the maturity
 *   benefit, docs/pricing/milestoneSavings.md) for the premiums, and the basis's
 *   deathBenefit (the highest of a multiple of the premium, 105% of premiums paid, the
 *   maturity benefit);
 * - unitLinked: 'on death: the highest of the sum assured, 105% of premiums paid and the fund
 *   value' (the quote's sum assured row, the basis's deathBenefit);
 * - termLife: the life cover (sum assured) on death in every year;
 * - deferredAnnuity, guaranteedAnnuity: a pension for life, and death before it vests paying at
 *   least the basis's deferment.deathBenefit.percentOfPremiumsPaid of premiums paid.
 */
export const GUARANTEES: Record<string, Guarantee[]> = {
  milestoneSavings: [guaranteedBenefitsAtLeastPremiums, deathBenefitPercentOfPremiums('deathBenefit')],
  unitLinked: [deathBenefitAtLeastSumAssured, deathBenefitPercentOfPremiums('deathBenefit')],
  termLife: [deathBenefitAtLeastSumAssured],
  deferredAnnuity: [annuityPaid, deathBenefitPercentOfPremiums('deferment.deathBenefit', inDeferment)],
  guaranteedAnnuity: [annuityPaid, deathBenefitPercentOfPremiums('deferment.deathBenefit', inDeferment)],
};
