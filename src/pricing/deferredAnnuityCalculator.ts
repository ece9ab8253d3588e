import basisSchema from '../../schemas/pricing-basis.schema.json';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables } from './calculator.ts';
import { deferredAnnuityQuote } from './deferredAnnuityRows.ts';
import {
  amountField,
  choiceField,
  frequencyField,
  frequencyIn,
  planSectionSchema,
  textField,
  textIn,
  wholeNumberIn,
  yearsField,
} from './inputFields.ts';
import { QuoteInputError } from './QuoteInputError.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import { quoteDeferredAnnuity } from './deferredAnnuityPricing.ts';
import type { DeferredAnnuityQuoteInput } from './deferredAnnuityQuote.ts';

/** quoteDeferredAnnuity's input names → the PlanSectionDetails fields they come from. */
const REQUEST_FIELD: Record<string, string> = {
  installmentPremium: 'InstallmentPremiumAmount',
  premiumFrequency: 'PremiumFrequency',
  premiumPayingTerm: 'PremiumPayingTerm',
  annuityFrequency: 'AnnuityFrequency',
  planOption: 'AnnuityOption',
  proposalDate: 'ProposalStartDate',
};

const JOINT = ['joint life', 'joint'];

/** The PlanSectionDetails fields a deferred annuity reads (spec 02 §7), shape only: limits are in the basis. */
export const deferredAnnuityInputSchema = planSectionSchema(
  {
    InstallmentPremiumAmount: amountField('Investment Amount'),
    PremiumFrequency: frequencyField('Premium Frequency'),
    PremiumPayingTerm: yearsField('Premium Paying Term'),
    AnnuityFrequency: frequencyField('Annuity Frequency'),
    AnnuityOption: textField('Plan Option'),
    AnnuityFor: choiceField('Annuity For', ['Single Life', 'Joint Life', 'Single', 'Joint']),
  },
  ['InstallmentPremiumAmount', 'PremiumFrequency', 'PremiumPayingTerm', 'AnnuityFrequency', 'AnnuityOption'],
);

/** The request as quoteDeferredAnnuity takes it. A joint request needs its second life. */
export function deferredAnnuityInput(
  request: CalculatorRequest,
  basis: DeferredAnnuityBasis,
): DeferredAnnuityQuoteInput {
  const { plan } = request;
  const joint = JOINT.includes(
    String(plan.AnnuityFor ?? '')
      .trim()
      .toLowerCase(),
  );
  if (joint && !request.secondLife) throw new QuoteInputError('secondLife', basis.messages.secondLife);
  return {
    life: { age: request.life.age, gender: request.life.gender },
    ...(joint && request.secondLife
      ? { secondLife: { age: request.secondLife.age, gender: request.secondLife.gender } }
      : {}),
    installmentPremium: wholeNumberIn(plan, 'InstallmentPremiumAmount', 'Investment Amount'),
    premiumFrequency: frequencyIn(plan, 'PremiumFrequency', 'Premium Frequency', basis.premium.frequencies),
    premiumPayingTerm: wholeNumberIn(plan, 'PremiumPayingTerm', 'Premium Paying Term'),
    annuityFrequency: frequencyIn(plan, 'AnnuityFrequency', 'Annuity Frequency', basis.annuity.frequencies),
    planOption: textIn(plan, 'AnnuityOption', 'Plan Option'),
    staff: request.staff,
    online: request.online,
    proposalDate: request.proposalDate,
  };
}

/**
 * Limited-pay deferred annuity: quoteDeferredAnnuity behind the Calculator interface. The
 * figures are quoteDeferredAnnuity's, unchanged (docs/pricing/deferredAnnuity.md); QuoteInputError fields are
 * renamed to the PlanSectionDetails fields they come from.
 */
export const deferredAnnuity: Calculator<DeferredAnnuityBasis> = {
  name: 'deferredAnnuity',
  kind: 'Deferred annuity',
  basisFile: 'pricing-basis.json',
  inputSchema: deferredAnnuityInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: DeferredAnnuityBasis, tables: PricingTables): PricedQuote {
    try {
      const result = quoteDeferredAnnuity(deferredAnnuityInput(request, basis), basis, tables.mortality);
      return deferredAnnuityQuote(result, basis, { online: request.online, staff: request.staff });
    } catch (error) {
      if (error instanceof QuoteInputError && REQUEST_FIELD[error.field]) {
        throw new QuoteInputError(REQUEST_FIELD[error.field]!, error.message);
      }
      throw error;
    }
  },
};
