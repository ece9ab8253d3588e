import { annuitantQx } from './annuitantMortality.ts';
import { annuityPayouts } from './annuityPayouts.ts';
import { priceDeferredAnnuity } from './deferredAnnuity.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { MortalityTable } from './mortalityTable.ts';
import { resolveDeferredAnnuityInput } from './deferredAnnuityInput.ts';
import { lastSurvivorCurve } from './survival.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import { deferredAnnuityBenefits } from './deferredAnnuityBenefits.ts';
import { deferredAnnuityExplanation } from './deferredAnnuityExplanation.ts';
import type { DeferredAnnuityQuoteInput, DeferredAnnuityQuoteResult } from './deferredAnnuityQuote.ts';
import { deferredAnnuitySchedule } from './deferredAnnuitySchedule.ts';

/**
 * Quotes a limited-pay deferred annuity by the equivalence principle (docs/pricing/deferredAnnuity.md):
 * the base yearly annuity A makes the value of premiums equal the value of the annuity and
 * of every death, illness and survival benefit. Pure and synchronous; the basis and the
 * mortality table are passed in, so the browser and the server price alike.
 *
 * Rounded to whole rupees only at: the annual premium (instalment ÷ divisor), the annuity
 * instalment (A × (1 + bonuses) × frequency factor ÷ payouts a year), the tax per instalment,
 * and each figure of the illustration. Everything else is derived from those by exact
 * multiplication, so the quote, the review screen and the illustration agree to the rupee.
 *
 * Throws QuoteInputError (the spec's words) for a request outside the basis.
 */
export function quoteDeferredAnnuity(
  input: DeferredAnnuityQuoteInput,
  basis: DeferredAnnuityBasis,
  mortality: MortalityTable,
): DeferredAnnuityQuoteResult {
  if (mortality.id !== basis.mortality.baseTable) {
    throw new Error(
      `The deferred-annuity basis needs mortality table ${basis.mortality.baseTable}, got ${mortality.id}`,
    );
  }
  const resolved = resolveDeferredAnnuityInput(input, basis);
  const { option, premiumFrequency, annuityFrequency, premiumPayingTerm: n } = resolved;
  const benefits = deferredAnnuityBenefits(basis, resolved);

  const illnessCovered = option.returnOfPurchasePrice?.on.includes('criticalIllness') === true;
  const illnessMultiple = illnessCovered ? basis.criticalIllness.incidenceAsMultipleOfMortality : 0;
  const lives = [
    { entryAge: resolved.entryAge, gender: resolved.gender },
    ...(resolved.second ? [resolved.second] : []),
  ];
  const mortalityRates = lives.map((life) => {
    const q = annuitantQx(mortality, basis.mortality, life.gender);
    return (t: number) => q(life.entryAge + t);
  });
  const annuityCurve = lastSurvivorCurve(mortalityRates);
  const benefitTrigger = illnessMultiple
    ? lastSurvivorCurve(
        mortalityRates.map((q) => (t: number) => (t >= n ? q(t) * (1 + illnessMultiple) : q(t))),
      )
    : annuityCurve;

  const annualPremium = Math.round(resolved.installmentPremium / premiumFrequency.annualisationDivisor);
  const price = priceDeferredAnnuity(
    { annuity: annuityCurve, benefitTrigger },
    {
      interestRatePercent: basis.interestRatePercent,
      defermentYears: n,
      annualPremium,
      defermentDeathBenefit: (t) => benefits.defermentDeathBenefit(t + 1),
      exitBenefit: benefits.exitBenefit,
      survivalBenefit: benefits.survivalReturn,
      annuityMultiple: benefits.annuityMultiple,
    },
  );

  const bonusPercent = basis.annuity.bonuses
    .filter((bonus) => resolved[bonus.when])
    .reduce((sum, bonus) => sum + bonus.percent, 0);
  const annuityInstallmentAmount = Math.round(
    (price.baseAnnualAnnuity * (1 + bonusPercent / 100) * annuityFrequency.factor) /
      annuityFrequency.paymentsPerYear,
  );
  const annualAnnuity = annuityInstallmentAmount * annuityFrequency.paymentsPerYear;

  const firstYearRate = gstRateOn(basis.gst, resolved.proposalDate);
  const gstAmount = gstOnInstalment(firstYearRate, 1, resolved.installmentPremium);
  const schedule = deferredAnnuitySchedule(basis, resolved, benefits, annuityInstallmentAmount);
  const { vestingAge, firstPayoutAge } = annuityPayouts(
    resolved.entryAge,
    n,
    annuityFrequency.paymentsPerYear,
  );
  const totalSurvivalReturns = schedule.reduce((sum, row) => sum + row.survivalReturn, 0);
  const installmentPremiumWithTaxFY = resolved.installmentPremium + gstAmount;
  const deathBenefitOnVesting = Math.round(benefits.exitBenefit(1));

  return {
    planCode: basis.planCode,
    componentCode: option.code,
    planOptionName: option.name,
    category: resolved.second ? 'Joint' : 'Single',
    proposalDate: resolved.proposalDate,
    entryAge: resolved.entryAge,
    ...(resolved.second ? { secondEntryAge: resolved.second.entryAge } : {}),
    premiumFrequency: premiumFrequency.value,
    annuityFrequency: annuityFrequency.value,
    premiumPayingTerm: n,
    defermentYears: n,
    vestingAge,
    firstPayoutAge,
    installmentPremium: resolved.installmentPremium,
    basePremiumAmount: resolved.installmentPremium,
    annualPremium,
    gstAmount,
    gstFirstYearPercent: firstYearRate.firstYearPercent,
    installmentPremiumWithTaxFY,
    premiumPaidPerYear: benefits.premiumPaidPerYear,
    totalPremiumPayable: benefits.totalPremiumPayable,
    totalPremiumPayableWithTax: schedule.reduce((sum, row) => sum + row.premiumPaid + row.gst, 0),
    sumAssured: 0,
    annuityInstallmentAmount,
    annualAnnuity,
    deathBenefitOnVesting,
    youPay: {
      installmentPremiumWithTaxFY,
      premiumFrequency: premiumFrequency.value,
      premiumPayingTerm: n,
      totalPremiumPayable: benefits.totalPremiumPayable,
    },
    youGet: {
      annuityInstallmentAmount,
      annuityFrequency: annuityFrequency.value,
      annualAnnuity,
      fromAge: firstPayoutAge,
      forLife: true,
      returnOfPurchasePrice: deathBenefitOnVesting,
      totalSurvivalReturns,
    },
    explanation: deferredAnnuityExplanation(price, {
      interestRatePercent: basis.interestRatePercent,
      annualPremium,
      defermentYears: n,
      bonusPercent,
      frequencyFactor: annuityFrequency.factor,
    }),
    schedule,
    footnotes: [
      basis.mortality.footnote,
      ...(illnessCovered ? [basis.criticalIllness.footnote] : []),
      ...basis.illustration.footnotes,
    ],
  };
}
