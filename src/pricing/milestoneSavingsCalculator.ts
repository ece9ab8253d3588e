import basisSchema from '../../schemas/pricing/milestone-savings-basis.schema.json';
import { assuredLivesQx } from './assuredLivesMortality.ts';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables } from './calculator.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import { amountField, frequencyField, planSectionSchema, yearsField } from './inputFields.ts';
import { deathMultipleFor, type MilestoneSavingsBasis } from './milestoneSavingsBasis.ts';
import { milestoneSavingsInput } from './milestoneSavingsInput.ts';
import { milestoneSavingsRows, type MilestoneSavingsPricing } from './milestoneSavingsRows.ts';
import { milestoneSavingsValue } from './milestoneSavingsValue.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';

export const milestoneSavingsInputSchema = planSectionSchema(
  {
    InstallmentPremiumAmount: amountField('Investment Amount'),
    PremiumFrequency: frequencyField('Premium Frequency'),
    PremiumPayingTerm: yearsField('Premium Paying Term'),
    PolicyTerm: yearsField('Policy Term'),
  },
  ['InstallmentPremiumAmount', 'PremiumFrequency', 'PremiumPayingTerm', 'PolicyTerm'],
);

/** The pricing of one savings quote, before it is turned into rows (docs/pricing/milestoneSavings.md). */
export function priceMilestoneSavings(
  request: CalculatorRequest,
  basis: MilestoneSavingsBasis,
  tables: PricingTables,
): MilestoneSavingsPricing {
  if (tables.mortality.id !== basis.mortality.baseTable) {
    throw new Error(
      `The basis needs mortality table ${basis.mortality.baseTable}, got ${tables.mortality.id}`,
    );
  }
  const input = milestoneSavingsInput(request, basis);
  const annualPremium = Math.round(input.installmentPremium / input.frequency.annualisationDivisor);
  const premiumPaidPerYear = input.installmentPremium * input.frequency.instalmentsPerYear;
  const { milestoneIncome: milestone, deathBenefit } = basis;
  const isMilestone = (year: number) => year % milestone.everyYears === 0 && year < input.policyTerm;
  const baseMilestone = (milestone.percentOfAnnualPremium / 100) * annualPremium;
  const multiple = deathMultipleFor(basis, input.entryAge);
  const deathBenefitFloor = (year: number) =>
    Math.max(
      multiple * annualPremium,
      (deathBenefit.percentOfPremiumsPaid / 100) *
        premiumPaidPerYear *
        Math.min(year, input.premiumPayingTerm),
    );
  const value = milestoneSavingsValue(assuredLivesQx(tables.mortality, basis.mortality, input.gender), {
    entryAge: input.entryAge,
    premiumPayingTerm: input.premiumPayingTerm,
    policyTerm: input.policyTerm,
    interestRatePercent: basis.interestRatePercent,
    annualPremium,
    initialExpensePercent: basis.expenses.initialPercentOfFirstYearPremium,
    renewalExpensePercent: basis.expenses.renewalPercentOfPremium,
    milestoneIncome: (year) => (isMilestone(year) ? baseMilestone : 0),
    deathBenefitFloor,
    atLeastMaturityBenefit: deathBenefit.atLeastMaturityBenefit,
  });
  if (!value) {
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(basis.messages.notPriceable, { age: input.entryAge }),
    );
  }
  const bonuses = basis.bonuses.filter((bonus) => request[bonus.when]);
  const uplift = 1 + bonuses.reduce((sum, bonus) => sum + bonus.percent, 0) / 100;
  const maturityBenefit = Math.round(value.maturityBenefit * uplift);
  const gstRate = gstRateOn(basis.gst, request.proposalDate);
  return {
    input,
    value,
    annualPremium,
    premiumPaidPerYear,
    deathMultiple: multiple,
    bonuses,
    baseMaturityBenefit: Math.round(value.maturityBenefit),
    maturityBenefit,
    milestoneIncome: Math.round(baseMilestone * uplift),
    milestoneYears: Array.from({ length: input.policyTerm }, (_, k) => k + 1).filter(isMilestone),
    deathBenefit: (year) =>
      Math.round(
        deathBenefit.atLeastMaturityBenefit
          ? Math.max(deathBenefitFloor(year), maturityBenefit)
          : deathBenefitFloor(year),
      ),
    gstRate,
    gst: gstOnInstalment(gstRate, 1, input.installmentPremium),
  };
}

/**
 * Guaranteed savings with milestone income: for a regular premium, guaranteed
 * incomes at policy-year milestones and a guaranteed maturity benefit that balances the
 * premiums by the equivalence principle on IALM 2012-14; the online bonus on top.
 */
export const milestoneSavings: Calculator<MilestoneSavingsBasis> = {
  name: 'milestoneSavings',
  kind: 'Savings with milestone income',
  basisFile: 'pricing-basis.json',
  inputSchema: milestoneSavingsInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: MilestoneSavingsBasis, tables: PricingTables): PricedQuote {
    return milestoneSavingsRows(priceMilestoneSavings(request, basis, tables), basis, request.proposalDate);
  },
};
