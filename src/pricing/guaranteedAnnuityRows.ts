import { addYearsIso } from './ageLastBirthday.ts';
import { annuityPayouts } from './annuityPayouts.ts';
import type { IllustrationTable, PricedQuote } from './calculator.ts';
import type { DeferredAnnuityPrice } from './deferredAnnuity.ts';
import { headline, perFrequency, premiumBreakup, premiumColumns, row } from './displayRows.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { GuaranteedAnnuityBasis } from './guaranteedAnnuityBasis.ts';
import type { GuaranteedAnnuityBenefits } from './guaranteedAnnuityBenefits.ts';
import type { GuaranteedAnnuityInput } from './guaranteedAnnuityInput.ts';
import type { FlagAdjustment } from './planBasis.ts';
import type { GstRate } from './deferredAnnuityBasis.ts';

/** Everything a guaranteed-annuity quote shows, priced once. */
export interface GuaranteedAnnuityPricing {
  input: GuaranteedAnnuityInput;
  benefits: GuaranteedAnnuityBenefits;
  price: DeferredAnnuityPrice;
  annualPremium: number;
  bonuses: FlagAdjustment[];
  bonusPercent: number;
  annuityInstallmentAmount: number;
  gstRate: GstRate;
  gst: number;
}

/** The priced quote as rows for the screens and the illustration (whole rupees). */
export function guaranteedAnnuityRows(
  p: GuaranteedAnnuityPricing,
  basis: GuaranteedAnnuityBasis,
  proposalDate: string,
): PricedQuote {
  const { input, benefits, price } = p;
  const n = input.defermentYears;
  const payouts = input.annuityFrequency.paymentsPerYear;
  const annualAnnuity = p.annuityInstallmentAmount * payouts;
  const { vestingAge, firstPayoutAge } = annuityPayouts(input.life.entryAge, n, payouts);
  const deathBenefitOnVesting = Math.round(benefits.exitBenefit(1));
  const share = input.option.secondLifePercent ?? 100;
  const secondLifeInstalment = input.second ? Math.round((p.annuityInstallmentAmount * share) / 100) : 0;
  const schedule = scheduleTable(p, basis, proposalDate);
  const totalPremiumPayableWithTax = schedule.rows.reduce(
    (sum, r) => sum + Number(r.premiumPaid) + Number(r.gst),
    0,
  );
  const totalSurvivalReturns = schedule.rows.reduce((sum, r) => sum + Number(r.survivalReturn), 0);
  const withTax = input.installmentPremium + p.gst;
  const atVesting = price.discountToVesting * price.survivalToVesting;
  let accumulated = 0;
  for (let t = 0; t < n; t++)
    accumulated =
      (accumulated + (t < input.premiumPayingTerm ? p.annualPremium : 0)) *
      (1 + basis.interestRatePercent / 100);
  const per = perFrequency(input.annuityFrequency.value);
  return {
    planCode: basis.planCode,
    componentCode: input.option.code,
    optionName: input.option.name,
    premium: {
      installment: input.installmentPremium,
      frequency: input.premiumFrequency.value,
      annual: p.annualPremium,
      base: input.installmentPremium,
      gst: p.gst,
      gstFirstYearPercent: p.gstRate.firstYearPercent,
      withTaxFY: withTax,
      premiumPayingTerm: input.premiumPayingTerm,
      policyTerm: n,
      totalPayable: benefits.totalPremiumPayable,
    },
    sumAssured: 0,
    figures: {
      annuityOption: input.option.name,
      category: input.second ? 'Joint' : 'Single',
      entryAge: input.life.entryAge,
      ...(input.second
        ? { secondEntryAge: input.second.entryAge, secondLifeAnnuityInstallment: secondLifeInstalment }
        : {}),
      annuityFrequency: input.annuityFrequency.value,
      annuityInstallmentAmount: p.annuityInstallmentAmount,
      annualAnnuity,
      defermentYears: n,
      vestingAge,
      firstPayoutAge,
      deathBenefitOnVesting,
      premiumPaidPerYear: benefits.premiumPaidPerYear,
      totalPremiumPayableWithTax,
      totalSurvivalReturns,
      bonusPercent: p.bonusPercent,
      ...(input.option.certainYears ? { certainYears: input.option.certainYears } : {}),
    },
    headline: headline('Get', p.annuityInstallmentAmount, input.annuityFrequency.value),
    youPay: [
      row('installmentPremiumWithTaxFY', 'Premium', withTax, 'rupees', {
        suffix: perFrequency(input.premiumFrequency.value),
      }),
      row('premiumPayingTerm', 'Premium Paying Term', input.premiumPayingTerm, 'years'),
      row('totalPremiumPayable', 'Total Premium Payable', benefits.totalPremiumPayable, 'rupees'),
    ],
    youGet: [
      row('annuityInstallmentAmount', 'Pension', p.annuityInstallmentAmount, 'rupees', {
        suffix: per,
        note: input.option.description,
      }),
      row('firstPayoutAge', 'Pension From', firstPayoutAge, 'age'),
      row('annualAnnuity', 'Pension in a Year', annualAnnuity, 'rupees'),
      ...(input.second && share < 100
        ? [
            row(
              'secondLifeAnnuityInstallment',
              'Pension to the Second Life after the First',
              secondLifeInstalment,
              'rupees',
              { suffix: per },
            ),
          ]
        : []),
      ...(deathBenefitOnVesting > 0
        ? [row('returnOfPurchasePrice', 'Purchase Price Returned', deathBenefitOnVesting, 'rupees')]
        : []),
      ...(totalSurvivalReturns > 0
        ? [row('totalSurvivalReturns', 'Premiums Returned While Alive', totalSurvivalReturns, 'rupees')]
        : []),
    ],
    breakup: premiumBreakup(
      input.installmentPremium,
      input.premiumFrequency.value,
      p.gstRate.firstYearPercent,
      p.gst,
      withTax,
    ),
    explanation: [
      row(
        'premiumsAccumulatedAtInterest',
        `Your premiums grown at ${basis.interestRatePercent}% to age ${vestingAge}`,
        Math.round(accumulated),
        'rupees',
      ),
      row(
        'fundAtVesting',
        'Fund per policy in force at vesting, after death benefits',
        Math.round((price.pvPremiums - price.pvDefermentDeathBenefits) / atVesting),
        'rupees',
      ),
      row(
        'valueOfReturnsAtVesting',
        'Set aside to return your premiums',
        Math.round((price.pvExitBenefits + price.pvSurvivalBenefits) / atVesting),
        'rupees',
      ),
      row(
        'annuityFactorAtVesting',
        `Cost at ${vestingAge} of ₹ 1 a year of this pension`,
        Math.round((price.pvUnitAnnuity / atVesting) * 10_000) / 10_000,
        'number',
      ),
      row('baseAnnualAnnuity', 'Pension before bonuses', Math.round(price.baseAnnualAnnuity), 'rupees', {
        suffix: 'a year',
      }),
      ...p.bonuses.map((bonus) => row(`bonus-${bonus.id}`, bonus.text, bonus.percent, 'percent')),
      ...(input.annuityFrequency.factor !== 1
        ? [
            row(
              'frequencyFactor',
              `Paid ${input.annuityFrequency.value.toLowerCase()}: factor`,
              input.annuityFrequency.factor,
              'number',
            ),
          ]
        : []),
      row('annualAnnuity', 'Your pension in a year', annualAnnuity, 'rupees'),
    ],
    illustration: {
      tables: [schedule],
      footnotes: [
        basis.mortality.footnote,
        ...(input.option.returnOfPurchasePrice?.on.includes('criticalIllness')
          ? [basis.criticalIllness.footnote]
          : []),
        ...basis.illustration.footnotes,
      ],
    },
  };
}

function scheduleTable(
  p: GuaranteedAnnuityPricing,
  basis: GuaranteedAnnuityBasis,
  proposalDate: string,
): IllustrationTable {
  const { input, benefits } = p;
  const n = input.defermentYears;
  const m = input.premiumPayingTerm;
  const payouts = input.annuityFrequency.paymentsPerYear;
  const instalments = input.premiumFrequency.instalmentsPerYear;
  // A row a policy year at the age at its start; a yearly pension or a return on survival, paid
  // at the end of a year, in the next row, at the age it is paid (annuityPayouts.ts).
  const timing = annuityPayouts(input.life.entryAge, n, payouts);
  const years = Math.max(timing.minimumYears, basis.illustration.toAge - input.life.entryAge + 1);
  const rows: IllustrationTable['rows'] = [];
  let totalPremiumsPaid = 0;
  for (let policyYear = 1; policyYear <= years; policyYear++) {
    const paying = policyYear <= m;
    const k = policyYear - n;
    const pensionYear = timing.pensionYearIn(policyYear);
    const yearEnded = timing.yearEndIn(policyYear);
    const premiumPaid = paying ? benefits.premiumPaidPerYear : 0;
    const rate = gstRateOn(basis.gst, addYearsIso(proposalDate, policyYear - 1));
    totalPremiumsPaid += premiumPaid;
    rows.push({
      policyYear,
      age: input.life.entryAge + policyYear - 1,
      ...(input.second ? { secondAge: input.second.entryAge + policyYear - 1 } : {}),
      premiumPaid,
      gst: paying ? instalments * gstOnInstalment(rate, policyYear, input.installmentPremium) : 0,
      totalPremiumsPaid,
      guaranteedAnnuity:
        pensionYear >= 1
          ? Math.round(p.annuityInstallmentAmount * benefits.annuityMultiple(pensionYear)) * payouts
          : 0,
      survivalReturn: yearEnded >= 1 ? Math.round(benefits.survivalReturn(yearEnded)) : 0,
      deathBenefit: Math.round(k >= 1 ? benefits.exitBenefit(k) : benefits.defermentDeathBenefit(policyYear)),
    });
  }
  return {
    id: 'schedule',
    title: 'Benefit illustration (guaranteed)',
    columns: [
      ...premiumColumns(Boolean(input.second)),
      { id: 'guaranteedAnnuity', label: 'Guaranteed Annuity', format: 'rupees' },
      { id: 'survivalReturn', label: 'Premium Returned on Survival', format: 'rupees' },
      { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
    ],
    rows,
  };
}
