import { parseIsoDate } from './ageLastBirthday.ts';
import { checkAge, checkAmount, entryOf, genderOf } from './basisLookups.ts';
import type { CalculatorRequest } from './calculator.ts';
import { frequencyIn, wholeNumberIn } from './inputFields.ts';
import type { MilestoneSavingsBasis } from './milestoneSavingsBasis.ts';
import type { PremiumLimitFrequency } from './planBasis.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';

/** A savings request checked against its basis. */
export interface MilestoneSavingsInput {
  entryAge: number;
  gender: string;
  installmentPremium: number;
  frequency: PremiumLimitFrequency;
  premiumPayingTerm: number;
  policyTerm: number;
}

/** Checks a request against the basis; QuoteInputError (PlanSectionDetails field or life.*) in the basis's words. */
export function milestoneSavingsInput(
  request: CalculatorRequest,
  basis: MilestoneSavingsBasis,
): MilestoneSavingsInput {
  const { messages } = basis;
  const { plan } = request;
  if (!parseIsoDate(request.proposalDate)) throw new QuoteInputError('proposalDate', messages.proposalDate);
  const entryAge = checkAge(request.life.age, basis.ages.entry, 'life.age', messages.entryAge);
  const gender = genderOf(request.life.gender, basis.mortality, 'life.gender', messages.unknownGender);
  const frequency = entryOf(
    basis.premium.frequencies,
    frequencyIn(plan, 'PremiumFrequency', 'Premium Frequency', basis.premium.frequencies),
    'PremiumFrequency',
    messages.unknownFrequency,
  );
  const premiumPayingTerm = wholeNumberIn(plan, 'PremiumPayingTerm', 'Premium Paying Term');
  const policyTerm = wholeNumberIn(plan, 'PolicyTerm', 'Policy Term');
  const offered = basis.terms.some(
    (t) => t.premiumPayingTerm === premiumPayingTerm && t.policyTerm === policyTerm,
  );
  if (!offered) {
    const pairs = basis.terms.map((t) => `${t.premiumPayingTerm}/${t.policyTerm}`).join(', ');
    throw new QuoteInputError('PolicyTerm', formatMessage(messages.terms, { pairs }));
  }
  if (entryAge + policyTerm > basis.ages.maxMaturityAge) {
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(messages.maturityAge, {
        max: basis.ages.maxMaturityAge,
        longest: basis.ages.maxMaturityAge - entryAge,
      }),
    );
  }
  const installmentPremium = checkAmount(
    wholeNumberIn(plan, 'InstallmentPremiumAmount', 'Investment Amount'),
    { min: frequency.minimumInstalment, max: frequency.maximumInstalment },
    'InstallmentPremiumAmount',
    { min: messages.minimumPremium, max: messages.maximumPremium },
  );
  return { entryAge, gender, installmentPremium, frequency, premiumPayingTerm, policyTerm };
}
