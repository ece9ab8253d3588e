import type { IllustrationTable, PricedQuote } from './calculator.ts';
import { headline, perFrequency, premiumBreakup, premiumColumns, row } from './displayRows.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import type { DeferredAnnuityQuoteResult } from './deferredAnnuityQuote.ts';

/**
 * The deferred-annuity quote (quoteDeferredAnnuity's result) in the shape every calculator answers:
 * the same figures, named rows for the screens and the illustration table. Nothing is
 * recomputed here: every number is one quoteDeferredAnnuity gave, so the interface cannot drift from it.
 */
export function deferredAnnuityQuote(
  result: DeferredAnnuityQuoteResult,
  basis: DeferredAnnuityBasis,
  flags: { online: boolean; staff: boolean },
): PricedQuote {
  const joint = result.category === 'Joint';
  const annuityWords = perFrequency(result.annuityFrequency);
  const appliedBonusText = basis.annuity.bonuses
    .filter((bonus) => flags[bonus.when])
    .map((bonus) => bonus.text)
    .join('; ');
  const e = result.explanation;
  return {
    planCode: result.planCode,
    componentCode: result.componentCode,
    optionName: result.planOptionName,
    premium: {
      installment: result.installmentPremium,
      frequency: result.premiumFrequency,
      annual: result.annualPremium,
      base: result.basePremiumAmount,
      gst: result.gstAmount,
      gstFirstYearPercent: result.gstFirstYearPercent,
      withTaxFY: result.installmentPremiumWithTaxFY,
      premiumPayingTerm: result.premiumPayingTerm,
      // The annuity is for life: the policy term given is the deferment (= premium paying term).
      policyTerm: result.defermentYears,
      totalPayable: result.totalPremiumPayable,
    },
    sumAssured: result.sumAssured,
    figures: {
      annuityOption: result.planOptionName,
      category: result.category,
      entryAge: result.entryAge,
      ...(result.secondEntryAge !== undefined ? { secondEntryAge: result.secondEntryAge } : {}),
      annuityFrequency: result.annuityFrequency,
      annuityInstallmentAmount: result.annuityInstallmentAmount,
      annualAnnuity: result.annualAnnuity,
      defermentYears: result.defermentYears,
      vestingAge: result.vestingAge,
      firstPayoutAge: result.firstPayoutAge,
      deathBenefitOnVesting: result.deathBenefitOnVesting,
      premiumPaidPerYear: result.premiumPaidPerYear,
      totalPremiumPayableWithTax: result.totalPremiumPayableWithTax,
      totalSurvivalReturns: result.youGet.totalSurvivalReturns,
      bonusPercent: e.bonusPercent,
    },
    headline: headline('Get', result.annuityInstallmentAmount, result.annuityFrequency),
    youPay: [
      row('installmentPremiumWithTaxFY', 'Premium', result.installmentPremiumWithTaxFY, 'rupees', {
        suffix: perFrequency(result.premiumFrequency),
      }),
      row('premiumPayingTerm', 'Premium Paying Term', result.premiumPayingTerm, 'years'),
      row('totalPremiumPayable', 'Total Premium Payable', result.totalPremiumPayable, 'rupees'),
    ],
    youGet: [
      row('annuityInstallmentAmount', 'Pension', result.annuityInstallmentAmount, 'rupees', {
        suffix: annuityWords,
        note: joint ? 'guaranteed for life, while either of you is alive' : 'guaranteed for life',
      }),
      row('firstPayoutAge', 'Pension From', result.firstPayoutAge, 'age'),
      row('annualAnnuity', 'Pension in a Year', result.annualAnnuity, 'rupees'),
      ...(result.deathBenefitOnVesting > 0
        ? [
            row(
              'returnOfPurchasePrice',
              'Purchase Price Returned on Death',
              result.deathBenefitOnVesting,
              'rupees',
            ),
          ]
        : []),
      ...(result.youGet.totalSurvivalReturns > 0
        ? [
            row(
              'totalSurvivalReturns',
              'Premiums Returned While Alive',
              result.youGet.totalSurvivalReturns,
              'rupees',
            ),
          ]
        : []),
    ],
    breakup: premiumBreakup(
      result.basePremiumAmount,
      result.premiumFrequency,
      result.gstFirstYearPercent,
      result.gstAmount,
      result.installmentPremiumWithTaxFY,
    ),
    explanation: [
      row(
        'premiumsAccumulatedAtInterest',
        `Your premiums grown at ${e.interestRatePercent}% to age ${result.vestingAge}`,
        e.premiumsAccumulatedAtInterest,
        'rupees',
      ),
      row(
        'fundAtVesting',
        'Fund per person reaching vesting, after death benefits',
        e.fundAtVesting,
        'rupees',
      ),
      row(
        'valueOfReturnsAtVesting',
        'Set aside to return your premiums',
        e.valueOfReturnsAtVesting,
        'rupees',
      ),
      row(
        'annuityFactorAtVesting',
        `Cost at ${result.vestingAge} of ₹ 1 a year for life`,
        e.annuityFactorAtVesting,
        'number',
      ),
      row('baseAnnualAnnuity', 'Pension before bonuses', e.baseAnnualAnnuity, 'rupees', { suffix: 'a year' }),
      ...(e.bonusPercent > 0
        ? [row('bonusPercent', 'Bonus on the pension', e.bonusPercent, 'percent', { note: appliedBonusText })]
        : []),
      ...(e.frequencyFactor !== 1
        ? [
            row(
              'frequencyFactor',
              `Paid ${result.annuityFrequency.toLowerCase()}: factor`,
              e.frequencyFactor,
              'number',
            ),
          ]
        : []),
      row('annualAnnuity', 'Your pension in a year', result.annualAnnuity, 'rupees'),
    ],
    illustration: { tables: [scheduleTable(result, joint)], footnotes: result.footnotes },
  };
}

function scheduleTable(result: DeferredAnnuityQuoteResult, joint: boolean): IllustrationTable {
  return {
    id: 'schedule',
    title: 'Benefit illustration (guaranteed)',
    columns: [
      ...premiumColumns(joint),
      { id: 'guaranteedAnnuity', label: 'Guaranteed Annuity', format: 'rupees' },
      { id: 'survivalReturn', label: 'Premium Returned on Survival', format: 'rupees' },
      { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
      { id: 'surrenderValue', label: 'Surrender Value', format: 'rupees' },
    ],
    rows: result.schedule.map((scheduleRow) => ({ ...scheduleRow })),
  };
}
