import { addYearsIso } from './ageLastBirthday.ts';
import type { IllustrationTable, PricedQuote } from './calculator.ts';
import { perFrequency, premiumBreakup, premiumColumns, row, rupees } from './displayRows.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { MilestoneSavingsBasis } from './milestoneSavingsBasis.ts';
import type { MilestoneSavingsInput } from './milestoneSavingsInput.ts';
import type { MilestoneSavingsValue } from './milestoneSavingsValue.ts';
import type { FlagAdjustment } from './planBasis.ts';
import type { GstRate } from './deferredAnnuityBasis.ts';

/** Everything a savings quote shows, priced once (whole rupees except `value`). */
export interface MilestoneSavingsPricing {
  input: MilestoneSavingsInput;
  value: MilestoneSavingsValue;
  annualPremium: number;
  premiumPaidPerYear: number;
  deathMultiple: number;
  /** The least total of the milestone incomes and the maturity benefit (the basis's guarantee). */
  guaranteedTotal: number;
  bonuses: FlagAdjustment[];
  /** The balancing maturity benefit before bonuses, rounded. */
  baseMaturityBenefit: number;
  /** With the bonuses: round(G × (1 + bonuses)). */
  maturityBenefit: number;
  /** Each milestone income, with the bonuses. */
  milestoneIncome: number;
  milestoneYears: number[];
  deathBenefit: (policyYear: number) => number;
  gstRate: GstRate;
  gst: number;
}

export function milestoneSavingsRows(
  p: MilestoneSavingsPricing,
  basis: MilestoneSavingsBasis,
  proposalDate: string,
): PricedQuote {
  const { input } = p;
  const totalPayable = p.premiumPaidPerYear * input.premiumPayingTerm;
  const totalMilestoneIncome = p.milestoneIncome * p.milestoneYears.length;
  const withTax = input.installmentPremium + p.gst;
  const maturityAge = input.entryAge + input.policyTerm;
  const bonusPercent = p.bonuses.reduce((sum, b) => sum + b.percent, 0);
  return {
    planCode: basis.planCode,
    componentCode: basis.option.code,
    optionName: basis.option.name,
    premium: {
      installment: input.installmentPremium,
      frequency: input.frequency.value,
      annual: p.annualPremium,
      base: input.installmentPremium,
      gst: p.gst,
      gstFirstYearPercent: p.gstRate.firstYearPercent,
      withTaxFY: withTax,
      premiumPayingTerm: input.premiumPayingTerm,
      policyTerm: input.policyTerm,
      totalPayable,
    },
    sumAssured: p.deathBenefit(1),
    figures: {
      entryAge: input.entryAge,
      maturityAge,
      maturityBenefit: p.maturityBenefit,
      milestoneIncome: p.milestoneIncome,
      milestones: p.milestoneYears.join(', '),
      totalMilestoneIncome,
      totalBenefits: p.maturityBenefit + totalMilestoneIncome,
      deathBenefitInFirstYear: p.deathBenefit(1),
      deathMultiple: p.deathMultiple,
      guaranteedTotal: p.guaranteedTotal,
      lifeCoverPercent: Math.round(p.value.coverScale * 1000) / 10,
      bonusPercent,
    },
    headline: `Get ${rupees(p.maturityBenefit)} at age ${maturityAge}`,
    youPay: [
      row('installmentPremiumWithTaxFY', 'Premium', withTax, 'rupees', {
        suffix: perFrequency(input.frequency.value),
      }),
      row('premiumPayingTerm', 'Premium Paying Term', input.premiumPayingTerm, 'years'),
      row('totalPremiumPayable', 'Total Premium Payable', totalPayable, 'rupees'),
    ],
    youGet: [
      ...(p.milestoneYears.length
        ? [
            row('milestoneIncome', 'Milestone Income', p.milestoneIncome, 'rupees', {
              suffix: `at the end of policy ${yearsInWords(p.milestoneYears)}`,
            }),
          ]
        : []),
      row('maturityBenefit', 'Maturity Benefit', p.maturityBenefit, 'rupees', {
        suffix: `at age ${maturityAge}`,
      }),
      row('totalBenefits', 'Total Guaranteed Benefits', p.maturityBenefit + totalMilestoneIncome, 'rupees'),
      row('deathBenefitInFirstYear', 'Life Cover', p.deathBenefit(1), 'rupees', {
        note: 'in the first policy year',
      }),
    ],
    breakup: premiumBreakup(
      input.installmentPremium,
      input.frequency.value,
      p.gstRate.firstYearPercent,
      p.gst,
      withTax,
    ),
    explanation: [
      row(
        'pvNetPremiums',
        `Value today of your premiums after expenses, at ${basis.interestRatePercent}%`,
        Math.round(p.value.pvNetPremiums),
        'rupees',
      ),
      row('pvMilestones', 'Set aside for the milestone incomes', Math.round(p.value.pvMilestones), 'rupees'),
      row('pvDeathBenefits', 'Set aside for the life cover', Math.round(p.value.pvDeathBenefits), 'rupees'),
      row(
        'endowmentFactor',
        `Value today of ₹ 1 paid at age ${maturityAge} if alive`,
        Math.round(p.value.discountToMaturity * p.value.survivalToMaturity * 10_000) / 10_000,
        'number',
      ),
      ...(p.value.coverScale < 1
        ? [
            row(
              'baseMaturityBenefit',
              'Maturity benefit set so that your total benefits pay back your premiums',
              p.baseMaturityBenefit,
              'rupees',
            ),
            row(
              'lifeCoverPercent',
              'Life cover the rest buys, as a share of the full cover',
              Math.round(p.value.coverScale * 1000) / 10,
              'percent',
              {
                note: `the death benefit is never less than ${basis.deathBenefit.percentOfPremiumsPaid}% of the premiums paid`,
              },
            ),
          ]
        : [row('baseMaturityBenefit', 'Maturity benefit the rest buys', p.baseMaturityBenefit, 'rupees')]),
      ...p.bonuses.map((b) =>
        row(`bonus-${b.id}`, b.text, b.percent, 'percent', {
          note: `on ${rupees(p.baseMaturityBenefit)} and each milestone income`,
        }),
      ),
      row('maturityBenefit', 'Your maturity benefit', p.maturityBenefit, 'rupees'),
    ],
    illustration: {
      tables: [scheduleTable(p, basis, proposalDate)],
      footnotes: [basis.mortality.footnote, ...basis.illustration.footnotes],
    },
  };
}

function scheduleTable(
  p: MilestoneSavingsPricing,
  basis: MilestoneSavingsBasis,
  proposalDate: string,
): IllustrationTable {
  const { input } = p;
  const rows: IllustrationTable['rows'] = [];
  let totalPremiumsPaid = 0;
  for (let policyYear = 1; policyYear <= input.policyTerm; policyYear++) {
    const paying = policyYear <= input.premiumPayingTerm;
    const premiumPaid = paying ? p.premiumPaidPerYear : 0;
    totalPremiumsPaid += premiumPaid;
    const rate = gstRateOn(basis.gst, addYearsIso(proposalDate, policyYear - 1));
    rows.push({
      policyYear,
      age: input.entryAge + policyYear - 1,
      premiumPaid,
      gst: paying
        ? input.frequency.instalmentsPerYear * gstOnInstalment(rate, policyYear, input.installmentPremium)
        : 0,
      totalPremiumsPaid,
      milestoneIncome: p.milestoneYears.includes(policyYear) ? p.milestoneIncome : 0,
      maturityBenefit: policyYear === input.policyTerm ? p.maturityBenefit : 0,
      deathBenefit: p.deathBenefit(policyYear),
    });
  }
  return {
    id: 'schedule',
    title: 'Benefit illustration (guaranteed)',
    columns: [
      ...premiumColumns(),
      { id: 'milestoneIncome', label: 'Milestone Income', format: 'rupees' },
      { id: 'maturityBenefit', label: 'Maturity Benefit', format: 'rupees' },
      { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
    ],
    rows,
  };
}

/** 'year 5', 'years 5 and 10', 'years 5, 10 and 15'. */
function yearsInWords(years: number[]): string {
  if (years.length === 1) return `year ${years[0]}`;
  return `years ${years.slice(0, -1).join(', ')} and ${years.at(-1)}`;
}
