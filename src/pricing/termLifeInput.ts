import { checkAge, checkAmount, entryOf, genderOf } from './basisLookups.ts';
import type { CalculatorRequest } from './calculator.ts';
import { frequencyIn, textIn, wholeNumberIn } from './inputFields.ts';
import type { PlanFrequency } from './planBasis.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import { indianGrouping } from './indianGrouping.ts';
import type { TermLifeBasis, TermLifeOption } from './termLifeBasis.ts';
import { parseIsoDate } from './ageLastBirthday.ts';

/** A term-plan request checked against its basis, names resolved. */
export interface TermLifeInput {
  entryAge: number;
  gender: string;
  smoker: boolean;
  sumAssured: number;
  policyTerm: number;
  /** Cover runs to this age (entry age + policy term). */
  coverTillAge: number;
  /** True when the visitor chose cover to the basis's maximum age ('To Age 99'). */
  toMaxAge: boolean;
  premiumPayingTerm: number;
  regularPay: boolean;
  frequency: PlanFrequency;
  option: TermLifeOption;
}

/** Policy term in years: a number of years, or the basis's 'to age' value (cover to the maximum age). */
function policyTermOf(basis: TermLifeBasis, plan: Record<string, unknown>, entryAge: number) {
  const { minYears, maxYears, toAge } = basis.policyTerm;
  const longest = Math.min(maxYears, basis.ages.maxCoverAge - entryAge);
  const text = textIn(plan, 'PolicyTerm', 'Policy Term');
  if (text.toLowerCase() === toAge.value.toLowerCase()) {
    return { policyTerm: basis.ages.maxCoverAge - entryAge, toMaxAge: true };
  }
  const years = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(years >= minYears && years <= longest)) {
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(basis.messages.policyTerm, { min: minYears, max: longest, toAge: toAge.name }),
    );
  }
  return { policyTerm: years, toMaxAge: entryAge + years === basis.ages.maxCoverAge };
}

/** Regular pay (premiums for the whole policy term) or a limited term shorter than it. */
function premiumPayingTermOf(basis: TermLifeBasis, plan: Record<string, unknown>, policyTerm: number) {
  const { regular, limitedYears } = basis.premiumPayingTerm;
  const text = textIn(plan, 'PremiumPayingTerm', 'Premium Paying Term');
  if (text.toLowerCase() === regular.value.toLowerCase() || Number(text) === policyTerm) {
    return { premiumPayingTerm: policyTerm, regularPay: true };
  }
  const years = Number(text);
  if (!limitedYears.includes(years) || years >= policyTerm) {
    throw new QuoteInputError(
      'PremiumPayingTerm',
      formatMessage(basis.messages.premiumPayingTerm, {
        regular: regular.value,
        limited: limitedYears.filter((y) => y < policyTerm).join(', '),
      }),
    );
  }
  return { premiumPayingTerm: years, regularPay: false };
}

/** Checks a term-plan request against the basis; QuoteInputError in the basis's words. */
export function termLifeInput(request: CalculatorRequest, basis: TermLifeBasis): TermLifeInput {
  const { messages } = basis;
  if (!parseIsoDate(request.proposalDate)) throw new QuoteInputError('proposalDate', messages.proposalDate);
  const { plan } = request;
  const entryAge = checkAge(request.life.age, basis.ages.entry, 'life.age', messages.entryAge);
  const gender = genderOf(request.life.gender, basis.mortality, 'life.gender', messages.unknownGender);
  const sumAssured = checkAmount(
    wholeNumberIn(plan, 'SumAssured', 'Sum Assured'),
    basis.sumAssured,
    'SumAssured',
    { min: messages.minimumSumAssured, max: messages.maximumSumAssured },
  );
  if (sumAssured % basis.sumAssured.multipleOf !== 0) {
    throw new QuoteInputError(
      'SumAssured',
      formatMessage(messages.sumAssuredMultiple, { amount: indianGrouping(basis.sumAssured.multipleOf) }),
    );
  }
  const { policyTerm, toMaxAge } = policyTermOf(basis, plan, entryAge);
  const frequency = entryOf(
    basis.premium.frequencies,
    frequencyIn(plan, 'PremiumFrequency', 'Premium Frequency', basis.premium.frequencies),
    'PremiumFrequency',
    messages.unknownFrequency,
  );
  const option = entryOf(
    basis.options,
    textIn(plan, 'DeathBenefitOption', 'Death Benefit Option'),
    'DeathBenefitOption',
    messages.unknownOption,
  );
  return {
    entryAge,
    gender,
    smoker: request.life.smoker,
    sumAssured,
    policyTerm,
    coverTillAge: entryAge + policyTerm,
    toMaxAge,
    ...premiumPayingTermOf(basis, plan, policyTerm),
    frequency,
    option,
  };
}
