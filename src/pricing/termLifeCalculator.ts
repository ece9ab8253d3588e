import basisSchema from '../../schemas/pricing/term-life-basis.schema.json';
import { assuredLivesQx } from './assuredLivesMortality.ts';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables } from './calculator.ts';
import { monthlyIncomeFor } from './deathBenefitIncome.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import { amountField, frequencyField, planSectionSchema, textField, yearsField } from './inputFields.ts';
import { applyDiscounts } from './premiumDiscounts.ts';
import type { TermLifeBasis } from './termLifeBasis.ts';
import { termLifeInput } from './termLifeInput.ts';
import { termCoverValue } from './termLifePremium.ts';
import { termLifeRows, type TermLifePricing } from './termLifeRows.ts';

export const termLifeInputSchema = planSectionSchema(
  {
    SumAssured: amountField('Sum Assured'),
    PolicyTerm: yearsField('Policy Term', '[Tt]o [Aa]ge [0-9]{2,3}'),
    PremiumPayingTerm: yearsField('Premium Paying Term', '[Rr]egular'),
    PremiumFrequency: frequencyField('Premium Frequency'),
    DeathBenefitOption: textField('Death Benefit Option'),
  },
  ['SumAssured', 'PolicyTerm', 'PremiumPayingTerm', 'PremiumFrequency', 'DeathBenefitOption'],
);

/** The pricing of one term quote, before it is turned into rows (docs/pricing/termLife.md). */
export function priceTermLife(
  request: CalculatorRequest,
  basis: TermLifeBasis,
  tables: PricingTables,
): TermLifePricing {
  if (tables.mortality.id !== basis.mortality.baseTable) {
    throw new Error(
      `The basis needs mortality table ${basis.mortality.baseTable}, got ${tables.mortality.id}`,
    );
  }
  const input = termLifeInput(request, basis);
  const { loadingPercent, smokerMultiplier, underwritingSetbackYears } = basis.mortality;
  const loading = (loadingPercent / 100) * (input.smoker ? smokerMultiplier : 1);
  const rated = assuredLivesQx(tables.mortality, basis.mortality, input.gender, loading);
  const q = (age: number) => rated(age - underwritingSetbackYears);
  const value = termCoverValue(q, input.entryAge, {
    policyTerm: input.policyTerm,
    premiumPayingTerm: input.premiumPayingTerm,
    interestRatePercent: basis.interestRatePercent,
    initialExpensePercent: basis.expenses.initialPercentOfFirstPremium,
    renewalExpensePercent: basis.expenses.renewalPercentOfPremium,
  });
  const divisor = input.frequency.annualisationDivisor;
  // Rounded once here; discounts, tax and totals are whole-rupee arithmetic on it.
  const baseInstalment = Math.round(input.sumAssured * value.annualRate * divisor);
  const { net: installment, applied } = applyDiscounts(baseInstalment, basis.discounts, request);
  const gstRate = gstRateOn(basis.gst, request.proposalDate);
  const lumpSum = Math.round((input.sumAssured * input.option.lumpSumPercent) / 100);
  const income = input.option.income
    ? monthlyIncomeFor(
        input.sumAssured - lumpSum,
        input.option.income.months,
        basis.deathBenefitIncome.interestRatePercent,
      )
    : undefined;
  return {
    input,
    value,
    baseInstalment,
    discounts: applied,
    installment,
    annualPremium: Math.round(installment / divisor),
    premiumPaidPerYear: installment * input.frequency.instalmentsPerYear,
    gstRate,
    gst: gstOnInstalment(gstRate, 1, installment),
    lumpSum,
    ...(income ? { income } : {}),
  };
}

/**
 * Level-premium term assurance: the premium for a sum assured from the
 * life's age, gender and smoking, the policy and premium paying terms, by the equivalence
 * principle on IALM 2012-14 (as the basis rates and scales it, calibrated to published online
 * rates) with expense loadings, less the online and staff discounts in the
 * basis's order. The death benefit option spreads the same value as a monthly income.
 */
export const termLife: Calculator<TermLifeBasis> = {
  name: 'termLife',
  kind: 'Term life',
  basisFile: 'pricing-basis.json',
  inputSchema: termLifeInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: TermLifeBasis, tables: PricingTables): PricedQuote {
    return termLifeRows(priceTermLife(request, basis, tables), basis, request.proposalDate);
  },
};
