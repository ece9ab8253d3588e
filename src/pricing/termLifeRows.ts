import { addYearsIso } from './ageLastBirthday.ts';
import type { IllustrationTable, PricedQuote } from './calculator.ts';
import { headline, perFrequency, premiumColumns, row, rupees, taxRows } from './displayRows.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { AppliedDiscount } from './premiumDiscounts.ts';
import type { GstRate } from './deferredAnnuityBasis.ts';
import type { TermLifeBasis } from './termLifeBasis.ts';
import type { TermLifeInput } from './termLifeInput.ts';
import type { TermCoverValue } from './termLifePremium.ts';

/** Everything a term quote shows, priced once (whole rupees except `value`). */
export interface TermLifePricing {
  input: TermLifeInput;
  value: TermCoverValue;
  /** Instalment before discounts: round(SA × annual rate × divisor). */
  baseInstalment: number;
  discounts: AppliedDiscount[];
  /** Instalment after discounts, before tax. */
  installment: number;
  annualPremium: number;
  premiumPaidPerYear: number;
  gstRate: GstRate;
  gst: number;
  lumpSum: number;
  income?: { monthly: number; total: number };
}

/** The priced term quote as rows for the screens and the illustration. */
export function termLifeRows(p: TermLifePricing, basis: TermLifeBasis, proposalDate: string): PricedQuote {
  const { input } = p;
  const per = perFrequency(input.frequency.value);
  const withTax = p.installment + p.gst;
  const totalPayable = p.premiumPaidPerYear * input.premiumPayingTerm;
  const months = input.option.income?.months ?? 0;
  return {
    planCode: basis.planCode,
    componentCode: input.option.code,
    optionName: input.option.name,
    premium: {
      installment: p.installment,
      frequency: input.frequency.value,
      annual: p.annualPremium,
      base: p.installment,
      gst: p.gst,
      gstFirstYearPercent: p.gstRate.firstYearPercent,
      withTaxFY: withTax,
      premiumPayingTerm: input.premiumPayingTerm,
      policyTerm: input.policyTerm,
      totalPayable,
    },
    sumAssured: input.sumAssured,
    figures: {
      sumAssured: input.sumAssured,
      coverTillAge: input.coverTillAge,
      annualPremium: p.annualPremium,
      entryAge: input.entryAge,
      smoker: input.smoker ? 'Yes' : 'No',
      deathBenefitOption: input.option.name,
      premiumPayingTermType: input.regularPay ? 'Regular' : 'Limited',
      premiumBeforeDiscounts: p.baseInstalment,
      totalDiscount: p.baseInstalment - p.installment,
      lumpSumOnDeath: p.lumpSum,
      ...(p.income
        ? { monthlyIncome: p.income.monthly, incomeMonths: months, totalIncome: p.income.total }
        : {}),
    },
    headline: headline('Pay', withTax, input.frequency.value),
    youPay: [
      row('installmentPremiumWithTaxFY', 'Premium', withTax, 'rupees', { suffix: per }),
      row('premiumPayingTerm', 'Premium Paying Term', input.premiumPayingTerm, 'years', {
        note: input.regularPay ? 'for the whole policy term' : 'limited pay',
      }),
      row('totalPremiumPayable', 'Total Premium Payable', totalPayable, 'rupees'),
    ],
    youGet: [
      row('sumAssured', 'Life Cover', input.sumAssured, 'rupees'),
      row('coverTillAge', 'Cover Till Age', input.coverTillAge, 'age', {
        suffix: `for ${input.policyTerm} years`,
      }),
      ...(p.lumpSum > 0 ? [row('lumpSumOnDeath', 'Paid at Once on Death', p.lumpSum, 'rupees')] : []),
      ...(p.income
        ? [
            row('monthlyIncome', 'Monthly Income on Death', p.income.monthly, 'rupees', {
              suffix: `a month for ${months} months`,
            }),
          ]
        : []),
    ],
    breakup: [
      row('premiumBeforeDiscounts', 'Premium', p.baseInstalment, 'rupees', { suffix: per }),
      ...p.discounts.map((d) => row(`discount-${d.id}`, `${d.text} (${d.percent}%)`, -d.amount, 'rupees')),
      row('basePremiumAmount', 'Premium after Discounts', p.installment, 'rupees'),
      ...taxRows(p.gstRate.firstYearPercent, p.gst, withTax),
    ],
    explanation: [
      row(
        'deathBenefitValue',
        `Value today of ${rupees(input.sumAssured)} paid on death within ${input.policyTerm} years`,
        Math.round(input.sumAssured * p.value.deathBenefitValue),
        'rupees',
        { note: mortalityNote(basis, input) },
      ),
      row(
        'premiumAnnuityDue',
        `Value today of ₹ 1 a year paid for ${input.premiumPayingTerm} years while alive`,
        Math.round(p.value.premiumAnnuityDue * 10_000) / 10_000,
        'number',
      ),
      row(
        'expenses',
        'Expenses',
        `${basis.expenses.initialPercentOfFirstPremium}% of the first premium and ${basis.expenses.renewalPercentOfPremium}% of every premium`,
        'text',
      ),
      row(
        'premiumBeforeDiscounts',
        `Premium before discounts, paid ${input.frequency.value.toLowerCase()}`,
        p.baseInstalment,
        'rupees',
      ),
      ...p.discounts.map((d) =>
        row(`discount-${d.id}`, d.text, -d.amount, 'rupees', {
          note: `${d.percent}% of ${rupees(p.installment + d.amount + laterDiscounts(p.discounts, d))}`,
        }),
      ),
      row('installmentPremium', 'Your premium', p.installment, 'rupees', { suffix: per }),
      ...(p.income
        ? [
            row(
              'monthlyIncome',
              `Monthly income: ${rupees(input.sumAssured - p.lumpSum)} spread over ${months} months at ${basis.deathBenefitIncome.interestRatePercent}%`,
              p.income.monthly,
              'rupees',
            ),
          ]
        : []),
    ],
    illustration: {
      tables: [scheduleTable(p, basis, proposalDate)],
      footnotes: [basis.mortality.footnote, ...basis.illustration.footnotes],
    },
  };
}

/**
 * The mortality the death benefit was valued on, for this life: the basis's share of IALM
 * 2012-14 at the age as rated (the underwriting setback and the gender's own; 'Other' the
 * average of the genders it names), the interest, the smoker loading.
 */
function mortalityNote(basis: TermLifeBasis, input: TermLifeInput): string {
  const { loadingPercent, underwritingSetbackYears, smokerMultiplier, genders } = basis.mortality;
  const gender = genders[input.gender];
  const years = underwritingSetbackYears + (gender && 'setbackYears' in gender ? gender.setbackYears : 0);
  const share = loadingPercent === 100 ? 'IALM 2012-14' : `${loadingPercent}% of IALM 2012-14`;
  const age = years > 0 ? ` at the age ${years} years younger` : '';
  const average =
    gender && 'averageOf' in gender
      ? ` (the average of the ${gender.averageOf.map((g) => g.toLowerCase()).join(' and ')} rates)`
      : '';
  const smoker = input.smoker ? `, smoker rates × ${smokerMultiplier}` : '';
  return `${share}${age}${average}, at ${basis.interestRatePercent}% interest${smoker}`;
}

/** Discounts applied after `d` (to rebuild what `d` was a percentage of). */
function laterDiscounts(all: AppliedDiscount[], d: AppliedDiscount): number {
  return all.slice(all.indexOf(d) + 1).reduce((sum, later) => sum + later.amount, 0);
}

function scheduleTable(p: TermLifePricing, basis: TermLifeBasis, proposalDate: string): IllustrationTable {
  const { input } = p;
  const instalments = input.frequency.instalmentsPerYear;
  const rows: IllustrationTable['rows'] = [];
  let totalPremiumsPaid = 0;
  for (let policyYear = 1; policyYear <= input.policyTerm; policyYear++) {
    const paying = policyYear <= input.premiumPayingTerm;
    const rate = gstRateOn(basis.gst, addYearsIso(proposalDate, policyYear - 1));
    const premiumPaid = paying ? p.premiumPaidPerYear : 0;
    totalPremiumsPaid += premiumPaid;
    rows.push({
      policyYear,
      age: input.entryAge + policyYear - 1,
      premiumPaid,
      gst: paying ? instalments * gstOnInstalment(rate, policyYear, p.installment) : 0,
      totalPremiumsPaid,
      deathBenefit: input.sumAssured,
      lumpSumOnDeath: p.lumpSum,
      monthlyIncomeOnDeath: p.income?.monthly ?? 0,
    });
  }
  return {
    id: 'schedule',
    title: 'Benefit illustration (guaranteed)',
    columns: [
      ...premiumColumns(),
      { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
      { id: 'lumpSumOnDeath', label: 'Paid at Once on Death', format: 'rupees' },
      { id: 'monthlyIncomeOnDeath', label: 'Monthly Income on Death', format: 'rupees' },
    ],
    rows,
  };
}
