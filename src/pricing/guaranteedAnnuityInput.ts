import { parseIsoDate } from './ageLastBirthday.ts';
import { checkAge, checkAmount, entryOf, genderOf } from './basisLookups.ts';
import type { CalculatorRequest } from './calculator.ts';
import type { GuaranteedAnnuityBasis, GuaranteedAnnuityOption } from './guaranteedAnnuityBasis.ts';
import { frequencyIn, textIn, wholeNumberIn } from './inputFields.ts';
import type { PremiumLimitFrequency } from './planBasis.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import type { AnnuityFrequency } from './deferredAnnuityBasis.ts';

export interface AnnuityLife {
  entryAge: number;
  gender: string;
}

/** A guaranteed-annuity request checked against its basis, names resolved. */
export interface GuaranteedAnnuityInput {
  life: AnnuityLife;
  second?: AnnuityLife;
  installmentPremium: number;
  premiumFrequency: PremiumLimitFrequency;
  premiumPayingTerm: number;
  /** Premium paying term plus the option's extra deferment. */
  defermentYears: number;
  annuityFrequency: AnnuityFrequency;
  option: GuaranteedAnnuityOption;
}

const JOINT = ['joint life', 'joint'];

/** Checks a request against the basis; QuoteInputError (PlanSectionDetails field or life.*) in the basis's words. */
export function guaranteedAnnuityInput(
  request: CalculatorRequest,
  basis: GuaranteedAnnuityBasis,
): GuaranteedAnnuityInput {
  const { messages } = basis;
  const { plan } = request;
  if (!parseIsoDate(request.proposalDate)) throw new QuoteInputError('proposalDate', messages.proposalDate);
  const option = entryOf(
    basis.options,
    textIn(plan, 'AnnuityOption', 'Annuity Option'),
    'AnnuityOption',
    messages.unknownOption,
  );
  const wantsJoint = JOINT.includes(
    String(plan.AnnuityFor ?? '')
      .trim()
      .toLowerCase(),
  );
  const names = (joint: boolean) => basis.options.filter((o) => o.jointLife === joint).map((o) => o.name);
  if (option.jointLife && !wantsJoint) {
    throw new QuoteInputError('AnnuityFor', formatMessage(messages.jointOption, { option: option.name }));
  }
  if (!option.jointLife && wantsJoint) {
    throw new QuoteInputError(
      'AnnuityOption',
      formatMessage(messages.singleOption, { options: names(true).join(', ') }),
    );
  }
  const life = {
    entryAge: checkAge(request.life.age, basis.ages.entry, 'life.age', messages.entryAge),
    gender: genderOf(request.life.gender, basis.mortality, 'life.gender', messages.unknownGender),
  };
  let second: AnnuityLife | undefined;
  if (option.jointLife) {
    if (!request.secondLife) throw new QuoteInputError('secondLife', messages.secondLife);
    second = {
      entryAge: checkAge(
        request.secondLife.age,
        basis.ages.secondLife,
        'secondLife.age',
        messages.secondLifeAge,
      ),
      gender: genderOf(
        request.secondLife.gender,
        basis.mortality,
        'secondLife.gender',
        messages.unknownGender,
      ),
    };
  }
  const premiumFrequency = entryOf(
    basis.premium.frequencies,
    frequencyIn(plan, 'PremiumFrequency', 'Premium Frequency', basis.premium.frequencies),
    'PremiumFrequency',
    messages.unknownFrequency,
  );
  const annuityFrequency = entryOf(
    basis.annuity.frequencies,
    frequencyIn(plan, 'AnnuityFrequency', 'Annuity Frequency', basis.annuity.frequencies),
    'AnnuityFrequency',
    messages.unknownFrequency,
  );
  const term = basis.premium.premiumPayingTerm;
  const premiumPayingTerm = wholeNumberIn(plan, 'PremiumPayingTerm', 'Premium Paying Term');
  if (premiumPayingTerm < term.min || premiumPayingTerm > term.max) {
    throw new QuoteInputError('PremiumPayingTerm', formatMessage(messages.premiumPayingTerm, { ...term }));
  }
  const installmentPremium = checkAmount(
    wholeNumberIn(plan, 'InstallmentPremiumAmount', 'Investment Amount'),
    { min: premiumFrequency.minimumInstalment, max: premiumFrequency.maximumInstalment },
    'InstallmentPremiumAmount',
    { min: messages.minimumPremium, max: messages.maximumPremium },
  );
  return {
    life,
    ...(second ? { second } : {}),
    installmentPremium,
    premiumFrequency,
    premiumPayingTerm,
    defermentYears: premiumPayingTerm + (option.extraDefermentYears ?? 0),
    annuityFrequency,
    option,
  };
}
