import basisSchema from '../../schemas/pricing/unit-linked-basis.schema.json';
import { addYearsIso } from './ageLastBirthday.ts';
import { assuredLivesQx } from './assuredLivesMortality.ts';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables } from './calculator.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import {
  amountField,
  frequencyField,
  invalidMessage,
  planSectionSchema,
  textField,
  yearsField,
} from './inputFields.ts';
import { applyDiscounts } from './premiumDiscounts.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import {
  bandFor,
  unitLinkedBasisProblems,
  type ChargeName,
  type PolicyAdministrationCharge,
  type UnitLinkedBasis,
} from './unitLinkedBasis.ts';
import { unitLinkedInput, type UnitLinkedInput } from './unitLinkedInput.ts';
import { projectFund, type ProjectionTerms } from './unitLinkedProjection.ts';
import type { ScenarioResult, UnitLinkedPricing } from './unitLinkedPricing.ts';
import { unitLinkedRows } from './unitLinkedRows.ts';
import { yieldShown } from './unitLinkedYield.ts';

const frequency = frequencyField('Premium Frequency');

export const unitLinkedInputSchema = planSectionSchema(
  {
    InstallmentPremiumAmount: amountField('Investment Amount'),
    // Single is sent by name or by its code 0.
    PremiumFrequency: { ...frequency, enum: [...(frequency.enum as unknown[]), 0, '0'] },
    PolicyTerm: yearsField('Policy Term'),
    PremiumPayingTerm: yearsField('Premium Paying Term', '[Rr]egular|[Ss]ingle'),
    // Left out, null or '' for the basis's default multiple of the premium.
    SumAssured: {
      ...amountField('Sum Assured'),
      type: ['integer', 'string', 'null'],
      pattern: '^([0-9][0-9,]{0,20})?$',
    },
    InvestmentStrategy: { ...textField('Investment Strategy'), minLength: 0 },
    FundAllocation: {
      title: 'Fund Allocation',
      type: 'object',
      maxProperties: 40,
      propertyNames: { maxLength: 60 },
      additionalProperties: {
        type: ['integer', 'string'],
        minimum: 0,
        maximum: 100,
        pattern: '^[0-9]{1,3}$',
      },
      errorMessage: invalidMessage('Fund Allocation'),
    },
    // The strategy's fund picks by the pick's id (InvestmentStrategy.picks): a fund, or a list of funds.
    FundChoice: {
      title: 'Fund Choice',
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 60 },
      additionalProperties: {
        type: ['string', 'array'],
        maxLength: 60,
        maxItems: 40,
        items: { type: 'string', maxLength: 60 },
      },
      errorMessage: invalidMessage('Fund Choice'),
    },
    // A list of { code, sumAssured }, or (as a form keeps them) an object by rider code of
    // { add, sumAssured }: a rider counts when `add` is true.
    Riders: {
      title: 'Riders',
      type: ['array', 'object'],
      maxItems: 10,
      items: {
        type: 'object',
        required: ['code', 'sumAssured'],
        additionalProperties: false,
        properties: { code: textField('Rider'), sumAssured: amountField('Rider Sum Assured') },
      },
      maxProperties: 10,
      propertyNames: { maxLength: 60 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          add: { type: 'boolean' },
          sumAssured: {
            ...amountField('Rider Sum Assured'),
            type: ['integer', 'string', 'null'],
            pattern: '^([0-9][0-9,]{0,20})?$',
          },
        },
      },
      errorMessage: invalidMessage('Riders'),
    },
  },
  ['InstallmentPremiumAmount', 'PremiumFrequency', 'PolicyTerm'],
);

function administrationPerMonth(
  charge: PolicyAdministrationCharge,
  input: UnitLinkedInput,
): (policyYear: number) => number {
  return (t) => {
    if (charge.chargedFor === 'premiumPayingTerm' && t > input.premiumPayingTerm) return 0;
    const fixed = charge.rupeesPerMonth * (1 + charge.escalationPercentPerYear / 100) ** (t - 1);
    const share = (charge.percentOfAnnualPremiumPerMonth / 100) * input.annualisedPremium;
    return Math.min(fixed + share, charge.maxRupeesPerMonth);
  };
}

/** What is left of each charge after the discounts switched on (their percentages compound in order). */
function discountFactor(basis: UnitLinkedBasis, request: CalculatorRequest, charge: ChargeName): number {
  return basis.discounts
    .filter((d) => request[d.when] && d.appliesTo.includes(charge))
    .reduce((left, d) => left * (1 - d.percent / 100), 1);
}

/** The pricing of one unit-linked quote, before it is turned into rows (docs/pricing/unit-linked.md). */
export function priceUnitLinked(
  request: CalculatorRequest,
  basis: UnitLinkedBasis,
  tables: PricingTables,
): UnitLinkedPricing {
  if (tables.mortality.id !== basis.mortality.baseTable) {
    throw new Error(
      `The basis needs mortality table ${basis.mortality.baseTable}, got ${tables.mortality.id}`,
    );
  }
  const problems = unitLinkedBasisProblems(basis);
  if (problems.length) throw new Error(`The unit-linked basis of ${basis.planCode}: ${problems.join('; ')}`);
  const input = unitLinkedInput(request, basis);
  const loading =
    (basis.mortality.loadingPercent / 100) * (input.smoker ? basis.mortality.smokerMultiplier : 1);
  const q = assuredLivesQx(tables.mortality, basis.mortality, input.gender, loading);
  const charges = input.single ? basis.charges.single : basis.charges.regular;
  const discontinuance = input.single ? basis.discontinuance.single : basis.discontinuance.regular;
  if (!charges || !discontinuance) throw new Error(`The basis of ${basis.planCode} cannot price Single`);
  const allocationPercent = (t: number): number =>
    'premiumAllocationPercent' in charges
      ? t === 1
        ? charges.premiumAllocationPercent
        : 0
      : charges.premiumAllocationPercentByPolicyYear[
          Math.min(t, charges.premiumAllocationPercentByPolicyYear.length) - 1
        ]!;
  const chargesGst = (t: number): number => {
    const rate = gstRateOn(
      basis.gst,
      addYearsIso(request.proposalDate, t - 1),
      basis.gst.chargesProductClass,
    );
    return t === 1 ? rate.firstYearPercent : rate.renewalPercent;
  };
  const terms: Omit<ProjectionTerms, 'grossReturnPercent'> = {
    policyTerm: input.policyTerm,
    premiumPayingTerm: input.premiumPayingTerm,
    instalmentsPerYear: input.frequency.instalmentsPerYear,
    single: input.single,
    instalment: input.installmentPremium,
    sumAssured: input.sumAssured,
    premiumAllocationPercent: allocationPercent,
    administrationPerMonth: administrationPerMonth(charges.policyAdministration, input),
    mortalityRate: (t) => q(input.entryAge + t - 1),
    fmcPercent: input.investment.fmcPercentInYear,
    gstPercent: chargesGst,
    discountFactor: {
      allocation: discountFactor(basis, request, 'premiumAllocationCharge'),
      administration: discountFactor(basis, request, 'policyAdministrationCharge'),
      mortality: discountFactor(basis, request, 'mortalityCharge'),
      fundManagement: discountFactor(basis, request, 'fundManagementCharge'),
    },
    deathBenefit: basis.deathBenefit,
    discontinuanceCharge: (t, fund) => {
      if (t > basis.discontinuance.lockInYears) return 0;
      const band = bandFor(discontinuance, input.annualisedPremium, (b) => b.fromPremium);
      const charge = band?.byPolicyYear[t - 1];
      return charge
        ? Math.min((charge.percent / 100) * Math.min(input.annualisedPremium, fund), charge.maxRupees)
        : 0;
    },
  };
  const scenarios: ScenarioResult[] = basis.illustration.scenarios.map((scenario) => {
    const projection = projectFund({ ...terms, grossReturnPercent: scenario.grossReturnPercent });
    if (projection.exhaustedInYear !== undefined || projection.netYieldPercent === undefined) {
      throw new QuoteInputError(
        'SumAssured',
        formatMessage(basis.messages.fundExhausted, {
          year: projection.exhaustedInYear ?? input.policyTerm,
          rate: scenario.grossReturnPercent,
        }),
      );
    }
    const netYield = yieldShown(projection.netYieldPercent);
    return {
      scenario,
      projection,
      maturityValue: Math.round(projection.maturityValue),
      netYield,
      reductionInYield: yieldShown(scenario.grossReturnPercent - netYield),
    };
  });
  const riderTotal = input.riders.reduce((sum, r) => sum + r.instalment, 0);
  const riderDiscounts = basis.discounts.filter((d) => d.appliesTo.includes('riderPremium'));
  const { net: riderInstalment, applied } = applyDiscounts(riderTotal, riderDiscounts, request);
  const premiumGst = gstRateOn(basis.gst, request.proposalDate);
  const riderGst = gstRateOn(basis.gst, request.proposalDate, basis.gst.riderProductClass);
  const installment = input.installmentPremium + riderInstalment;
  return {
    input,
    scenarios,
    headline: scenarios.find((s) => s.scenario.id === basis.illustration.headlineScenario)!,
    riderInstalmentBeforeDiscounts: riderTotal,
    riderDiscounts: applied,
    chargeDiscounts: basis.discounts.filter(
      (d) => request[d.when] && d.appliesTo.some((name) => name !== 'riderPremium'),
    ),
    riderInstalment,
    installment,
    premiumGstRate: premiumGst,
    riderGstRate: riderGst,
    gst:
      gstOnInstalment(premiumGst, 1, input.installmentPremium) +
      gstOnInstalment(riderGst, 1, riderInstalment),
    terms,
    mortalityTable: tables.mortality.table,
  };
}

/**
 * Unit-linked insurance (the ULIPs' kind): an IRDAI-style benefit illustration at the basis's
 * assumed gross returns (4% and 8% a year), the premium allocation, policy administration,
 * mortality (IALM 2012-14 on the sum at risk) and fund management charges deducted month by
 * month, with fund, surrender and death benefit values a year and the net yield and reduction
 * in yield at maturity. The chosen funds (or strategy) set the fund management charge.
 */
export const unitLinked: Calculator<UnitLinkedBasis> = {
  name: 'unitLinked',
  kind: 'Unit-linked insurance',
  basisFile: 'pricing-basis.json',
  inputSchema: unitLinkedInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: UnitLinkedBasis, tables: PricingTables): PricedQuote {
    return unitLinkedRows(priceUnitLinked(request, basis, tables), basis, request.proposalDate);
  },
};
