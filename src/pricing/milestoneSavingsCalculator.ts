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
  const lifeCover = (maturityBenefit: number) =>
    deathBenefit.atLeastMaturityBenefit
      ? Math.max(multiple * annualPremium, maturityBenefit)
      : multiple * annualPremium;
  const bonuses = basis.bonuses.filter((bonus) => request[bonus.when]);
  const uplift = 1 + bonuses.reduce((sum, bonus) => sum + bonus.percent, 0) / 100;
  const milestoneYears = Array.from({ length: input.policyTerm }, (_, k) => k + 1).filter(isMilestone);
  const qx = assuredLivesQx(tables.mortality, basis.mortality, input.gender);
  /** The valuation of this annualised premium paid as `paidPerYear` a year (instalments × their number). */
  const valuation = (paidPerYear: number) => {
    const premiumsPaidFloor = (year: number) =>
      (deathBenefit.percentOfPremiumsPaid / 100) * paidPerYear * Math.min(year, input.premiumPayingTerm);
    // The guarantee is on what the quote shows (with its bonuses): total benefits at least this.
    const guaranteedTotal = Math.ceil(
      (basis.guaranteedBenefits.atLeastPercentOfPremiums / 100) * paidPerYear * input.premiumPayingTerm,
    );
    const value = milestoneSavingsValue(qx, {
      entryAge: input.entryAge,
      premiumPayingTerm: input.premiumPayingTerm,
      policyTerm: input.policyTerm,
      interestRatePercent: basis.interestRatePercent,
      annualPremium,
      initialExpensePercent: basis.expenses.initialPercentOfFirstYearPremium,
      renewalExpensePercent: basis.expenses.renewalPercentOfPremium,
      milestoneIncome: (year) => (isMilestone(year) ? baseMilestone : 0),
      premiumsPaidFloor,
      lifeCover,
      minimumMaturityBenefit: guaranteedTotal / uplift - baseMilestone * milestoneYears.length,
    });
    return { value, premiumsPaidFloor, guaranteedTotal };
  };
  const { value, premiumsPaidFloor, guaranteedTotal } = valuation(premiumPaidPerYear);
  if (!value) {
    // Paid less often, the same annualised premium may still fund the guarantee.
    const others = basis.premium.frequencies.filter(
      (f) =>
        f !== input.frequency &&
        valuation(Math.round(annualPremium * f.annualisationDivisor) * f.instalmentsPerYear).value,
    );
    if (others.length) {
      throw new QuoteInputError(
        'PremiumFrequency',
        formatMessage(basis.messages.frequencyNotPriceable, {
          frequency: input.frequency.value,
          age: input.entryAge,
          frequencies: inWords(others.map((f) => f.value)),
        }),
      );
    }
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(basis.messages.notPriceable, { age: input.entryAge }),
    );
  }
  const milestoneIncome = Math.round(baseMilestone * uplift);
  // Rounded, and never below the guarantee (rounding the parts could leave it a rupee short).
  const maturityBenefit = Math.max(
    Math.round(value.maturityBenefit * uplift),
    guaranteedTotal - milestoneIncome * milestoneYears.length,
  );
  const gstRate = gstRateOn(basis.gst, request.proposalDate);
  return {
    input,
    value,
    annualPremium,
    premiumPaidPerYear,
    deathMultiple: multiple,
    guaranteedTotal,
    bonuses,
    baseMaturityBenefit: Math.round(value.maturityBenefit),
    maturityBenefit,
    milestoneIncome,
    milestoneYears,
    deathBenefit: (year) =>
      Math.round(Math.max(premiumsPaidFloor(year), value.coverScale * lifeCover(maturityBenefit))),
    gstRate,
    gst: gstOnInstalment(gstRate, 1, input.installmentPremium),
  };
}

/** 'Yearly', 'Yearly or Half Yearly', 'Yearly, Half Yearly or Quarterly'. */
function inWords(values: string[]): string {
  return values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
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
