import type { DeferredAnnuityPrice } from './deferredAnnuity.ts';
import type { DeferredAnnuityExplanation } from './deferredAnnuityQuote.ts';

/**
 * The "how we calculated this" figures: the priced values carried to vesting and expressed
 * per policy still in force there, so that
 *   base annuity = (fund at vesting − value of returns at vesting) ÷ annuity factor at vesting.
 * Rounded for display only (rupees; the factor to 4 decimals); the quote uses the exact values.
 */
export function deferredAnnuityExplanation(
  price: DeferredAnnuityPrice,
  terms: {
    interestRatePercent: number;
    annualPremium: number;
    defermentYears: number;
    bonusPercent: number;
    frequencyFactor: number;
  },
): DeferredAnnuityExplanation {
  const growth = 1 + terms.interestRatePercent / 100;
  let accumulated = 0;
  for (let t = 0; t < terms.defermentYears; t++) accumulated = (accumulated + terms.annualPremium) * growth;
  const atVesting = price.discountToVesting * price.survivalToVesting;
  return {
    interestRatePercent: terms.interestRatePercent,
    premiumsAccumulatedAtInterest: Math.round(accumulated),
    fundAtVesting: Math.round((price.pvPremiums - price.pvDefermentDeathBenefits) / atVesting),
    valueOfReturnsAtVesting: Math.round((price.pvExitBenefits + price.pvSurvivalBenefits) / atVesting),
    annuityFactorAtVesting: Math.round((price.pvUnitAnnuity / atVesting) * 10_000) / 10_000,
    baseAnnualAnnuity: Math.round(price.baseAnnualAnnuity),
    bonusPercent: terms.bonusPercent,
    frequencyFactor: terms.frequencyFactor,
  };
}
