import basisSchema from '../../schemas/pricing/guaranteed-annuity-basis.schema.json';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables } from './calculator.ts';
import { priceDeferredAnnuity } from './deferredAnnuity.ts';
import { deferredAnnuityInputSchema } from './deferredAnnuityCalculator.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { GuaranteedAnnuityBasis } from './guaranteedAnnuityBasis.ts';
import { guaranteedAnnuityBenefits, guaranteedAnnuityCurves } from './guaranteedAnnuityBenefits.ts';
import { guaranteedAnnuityInput } from './guaranteedAnnuityInput.ts';
import { guaranteedAnnuityRows, type GuaranteedAnnuityPricing } from './guaranteedAnnuityRows.ts';

/** The pricing of one guaranteed-annuity quote, before it is turned into rows. */
export function priceGuaranteedAnnuity(
  request: CalculatorRequest,
  basis: GuaranteedAnnuityBasis,
  tables: PricingTables,
): GuaranteedAnnuityPricing {
  if (tables.mortality.id !== basis.mortality.baseTable) {
    throw new Error(
      `The basis needs mortality table ${basis.mortality.baseTable}, got ${tables.mortality.id}`,
    );
  }
  const input = guaranteedAnnuityInput(request, basis);
  const benefits = guaranteedAnnuityBenefits(basis, input);
  // Rounded here (spec 02 §7): the annual premium priced is instalment ÷ divisor.
  const annualPremium = Math.round(input.installmentPremium / input.premiumFrequency.annualisationDivisor);
  const price = priceDeferredAnnuity(guaranteedAnnuityCurves(basis, input, tables.mortality), {
    interestRatePercent: basis.interestRatePercent,
    defermentYears: input.defermentYears,
    premiumYears: input.premiumPayingTerm,
    annualPremium,
    defermentDeathBenefit: (t) => benefits.defermentDeathBenefit(t + 1),
    exitBenefit: benefits.exitBenefit,
    survivalBenefit: benefits.survivalReturn,
    annuityMultiple: benefits.annuityMultiple,
  });
  const bonuses = basis.annuity.bonuses.filter((bonus) => request[bonus.when]);
  const bonusPercent = bonuses.reduce((sum, bonus) => sum + bonus.percent, 0);
  const { factor, paymentsPerYear } = input.annuityFrequency;
  // Rounded once: every later annuity figure is whole-rupee arithmetic on this instalment.
  const annuityInstallmentAmount = Math.round(
    (price.baseAnnualAnnuity * (1 + bonusPercent / 100) * factor) / paymentsPerYear,
  );
  const gstRate = gstRateOn(basis.gst, request.proposalDate);
  return {
    input,
    benefits,
    price,
    annualPremium,
    bonuses,
    bonusPercent,
    annuityInstallmentAmount,
    gstRate,
    gst: gstOnInstalment(gstRate, 1, input.installmentPremium),
  };
}

/**
 * Regular-premium guaranteed annuity: premiums over the premium paying term, then
 * one of the basis's annuity options for life (single or joint, level, increasing, certain,
 * with the purchase price returned in full, in instalments or on critical illness, or vesting
 * later), priced by the equivalence principle on the deferred-annuity machinery
 * (deferredAnnuity.ts, annuitantMortality.ts, survival.ts); the online bonus on top.
 */
export const guaranteedAnnuity: Calculator<GuaranteedAnnuityBasis> = {
  name: 'guaranteedAnnuity',
  kind: 'Guaranteed annuity',
  basisFile: 'pricing-basis.json',
  inputSchema: deferredAnnuityInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: GuaranteedAnnuityBasis, tables: PricingTables): PricedQuote {
    return guaranteedAnnuityRows(priceGuaranteedAnnuity(request, basis, tables), basis, request.proposalDate);
  },
};
