import { parseIsoDate } from './ageLastBirthday.ts';
import { checkAge, checkAmount, entryOf, genderOf } from './basisLookups.ts';
import type { CalculatorRequest } from './calculator.ts';
import { indianGrouping } from './indianGrouping.ts';
import { frequencyIn, textIn, wholeNumberIn } from './inputFields.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import {
  bandFor,
  type SumAssuredBand,
  type UnitLinkedBasis,
  type UnitLinkedFrequency,
} from './unitLinkedBasis.ts';
import { unitLinkedInvestment, type UnitLinkedInvestment } from './unitLinkedInvestment.ts';
import { chosenRiders, type ChosenRider } from './unitLinkedRiders.ts';

/** A unit-linked request checked against its basis, names resolved. */
export interface UnitLinkedInput {
  entryAge: number;
  gender: string;
  smoker: boolean;
  frequency: UnitLinkedFrequency;
  single: boolean;
  /** The premium of each instalment that is invested (before its allocation charge); riders apart. */
  installmentPremium: number;
  /** Instalment × instalments a year (the single premium for Single). */
  annualisedPremium: number;
  premiumPayingTerm: number;
  regularPay: boolean;
  policyTerm: number;
  sumAssured: number;
  /** The multiple of the annualised premium the sum assured is (rounded to 2 places). */
  sumAssuredMultiple: number;
  sumAssuredChosen: boolean;
  riders: ChosenRider[];
  investment: UnitLinkedInvestment;
}

function frequencyOf(basis: UnitLinkedBasis, plan: Record<string, unknown>): UnitLinkedFrequency {
  const { messages } = basis;
  const wanted = frequencyIn(plan, 'PremiumFrequency', 'Premium Frequency', basis.premium.frequencies);
  const offered = basis.premium.frequencies.find((f) => f.value.toLowerCase() === wanted.toLowerCase());
  if (!offered && (wanted.toLowerCase() === 'single' || wanted === '0')) {
    throw new QuoteInputError('PremiumFrequency', messages.singleNotOffered);
  }
  return entryOf(basis.premium.frequencies, wanted, 'PremiumFrequency', messages.unknownFrequency);
}

function policyTermOf(basis: UnitLinkedBasis, plan: Record<string, unknown>, entryAge: number): number {
  const { policyTerm: range } = basis.terms;
  const years = wholeNumberIn(plan, 'PolicyTerm', 'Policy Term');
  if (years < range.min || years > range.max) {
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(basis.messages.policyTerm, { min: range.min, max: range.max }),
    );
  }
  const { maxMaturityAge } = basis.ages;
  if (entryAge + years > maxMaturityAge) {
    throw new QuoteInputError(
      'PolicyTerm',
      formatMessage(basis.messages.maturityAge, { max: maxMaturityAge, longest: maxMaturityAge - entryAge }),
    );
  }
  return years;
}

/** Regular pay (= policy term) where the basis offers it, or a limited term shorter than the policy term; 1 for Single. */
function premiumPayingTermOf(
  basis: UnitLinkedBasis,
  plan: Record<string, unknown>,
  policyTerm: number,
  single: boolean,
): { premiumPayingTerm: number; regularPay: boolean } {
  const { messages } = basis;
  if (single) {
    const given = plan.PremiumPayingTerm;
    const said = typeof given === 'string' ? given.trim().toLowerCase() : given;
    if (said !== undefined && said !== '' && said !== 1 && said !== '1' && said !== 'single') {
      throw new QuoteInputError('PremiumPayingTerm', messages.singlePremiumPayingTerm);
    }
    return { premiumPayingTerm: 1, regularPay: false };
  }
  const { regular, limited } = basis.terms.premiumPayingTerm;
  const said = textIn(plan, 'PremiumPayingTerm', 'Premium Paying Term');
  const years = said.toLowerCase() === 'regular' ? policyTerm : /^[0-9]+$/.test(said) ? Number(said) : NaN;
  if (regular && years === policyTerm) return { premiumPayingTerm: policyTerm, regularPay: true };
  if (limited.includes(years) && years < policyTerm) return { premiumPayingTerm: years, regularPay: false };
  const options = [...limited.filter((y) => y < policyTerm), ...(regular ? [policyTerm] : [])];
  throw new QuoteInputError(
    'PremiumPayingTerm',
    formatMessage(messages.premiumPayingTerm, { options: options.join(', ') || '-' }),
  );
}

/** The sum assured asked for (or the default multiple), within the multiples for the entry age. */
function sumAssuredOf(
  basis: UnitLinkedBasis,
  plan: Record<string, unknown>,
  entryAge: number,
  annualisedPremium: number,
  single: boolean,
): { sumAssured: number; chosen: boolean } {
  const bands = (single ? basis.sumAssured.single : basis.sumAssured.regular) ?? [];
  const band = bandFor<SumAssuredBand>(bands, entryAge, (b) => b.fromAge);
  if (!band) throw new Error(`The basis has no sum-assured multiples for age ${entryAge}`);
  const min = Math.ceil(band.min * annualisedPremium);
  const max = Math.floor(band.max * annualisedPremium);
  const given = plan.SumAssured;
  if (given === undefined || given === null || given === '') {
    return { sumAssured: Math.round(band.default * annualisedPremium), chosen: false };
  }
  const sumAssured = wholeNumberIn(plan, 'SumAssured', 'Sum Assured');
  if (sumAssured < min || sumAssured > max) {
    throw new QuoteInputError(
      'SumAssured',
      formatMessage(basis.messages.sumAssuredRange, { min: indianGrouping(min), max: indianGrouping(max) }),
    );
  }
  return { sumAssured, chosen: true };
}

/** Checks a unit-linked request against the basis; QuoteInputError (field at fault) in the basis's words. */
export function unitLinkedInput(request: CalculatorRequest, basis: UnitLinkedBasis): UnitLinkedInput {
  const { messages } = basis;
  const { plan } = request;
  if (!parseIsoDate(request.proposalDate)) throw new QuoteInputError('proposalDate', messages.proposalDate);
  const entryAge = checkAge(request.life.age, basis.ages.entry, 'life.age', messages.entryAge);
  const gender = genderOf(request.life.gender, basis.mortality, 'life.gender', messages.unknownGender);
  const frequency = frequencyOf(basis, plan);
  const single = frequency.value === 'Single';
  const installmentPremium = checkAmount(
    wholeNumberIn(plan, 'InstallmentPremiumAmount', 'Investment Amount'),
    { min: frequency.minimumInstalment, max: frequency.maximumInstalment },
    'InstallmentPremiumAmount',
    { min: messages.minimumPremium, max: messages.maximumPremium },
  );
  const policyTerm = policyTermOf(basis, plan, entryAge);
  const terms = premiumPayingTermOf(basis, plan, policyTerm, single);
  const annualisedPremium = installmentPremium * frequency.instalmentsPerYear;
  const { sumAssured, chosen } = sumAssuredOf(basis, plan, entryAge, annualisedPremium, single);
  const riders = chosenRiders(plan.Riders, basis, {
    entryAge,
    baseSumAssured: sumAssured,
    instalmentsPerYear: frequency.instalmentsPerYear,
    single,
  });
  return {
    entryAge,
    gender,
    smoker: request.life.smoker,
    frequency,
    single,
    installmentPremium,
    annualisedPremium,
    ...terms,
    policyTerm,
    sumAssured,
    sumAssuredMultiple: Math.round((sumAssured / annualisedPremium) * 100) / 100,
    sumAssuredChosen: chosen,
    riders,
    investment: unitLinkedInvestment(plan, basis, entryAge, policyTerm),
  };
}
