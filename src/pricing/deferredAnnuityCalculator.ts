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
import type { T54Basis } from './t54Basis.ts';
import { quoteT54 } from './t54Calculator.ts';
import type { T54QuoteInput } from './t54Quote.ts';

/** quoteT54's input names → the PlanSectionDetails fields they come from. */
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

/** The request as quoteT54 takes it. A joint request needs its second life. */
export function deferredAnnuityInput(request: CalculatorRequest, basis: T54Basis): T54QuoteInput {
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
 * Limited-pay deferred annuity (T54's kind): quoteT54 behind the Calculator interface. The
 * figures are quoteT54's, unchanged (docs/pricing/t54.md); QuoteInputError fields are
 * renamed to the PlanSectionDetails fields they come from.
 */
export const deferredAnnuity: Calculator<T54Basis> = {
  name: 'deferredAnnuity',
  kind: 'Deferred annuity',
  basisFile: 'pricing-basis.json',
  inputSchema: deferredAnnuityInputSchema,
  basisSchema,
  mortalityTable: (basis) => basis.mortality.baseTable,
  price(request: CalculatorRequest, basis: T54Basis, tables: PricingTables): PricedQuote {
    try {
      const result = quoteT54(deferredAnnuityInput(request, basis), basis, tables.mortality);
      return deferredAnnuityQuote(result, basis, { online: request.online, staff: request.staff });
    } catch (error) {
      if (error instanceof QuoteInputError && REQUEST_FIELD[error.field]) {
        throw new QuoteInputError(REQUEST_FIELD[error.field]!, error.message);
      }
      throw error;
    }
  },
};
