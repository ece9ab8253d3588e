import { ageLastBirthday, parseIsoDate } from './ageLastBirthday.ts';
import { indianGrouping } from './indianGrouping.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import type {
  LifeInput,
  ResolvedDeferredAnnuityInput,
  DeferredAnnuityQuoteInput,
} from './deferredAnnuityQuote.ts';

function byValue<T extends { value: string }>(
  list: T[],
  value: string,
  field: string,
  basis: DeferredAnnuityBasis,
): T {
  const found = list.find((item) => item.value.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw new QuoteInputError(field, formatMessage(basis.messages.unknownFrequency, { value }));
  return found;
}

function resolveGender(basis: DeferredAnnuityBasis, gender: string, field: string): string {
  const name = basis.mortality.genderAliases[gender] ?? gender;
  if (!basis.mortality.genders[name]) {
    throw new QuoteInputError(field, formatMessage(basis.messages.unknownGender, { value: gender }));
  }
  return name;
}

function resolveAge(
  basis: DeferredAnnuityBasis,
  life: LifeInput,
  proposalDate: string,
  field: string,
): number {
  const age = life.age ?? (life.dateOfBirth ? ageLastBirthday(life.dateOfBirth, proposalDate) : undefined);
  if (age === undefined || !Number.isInteger(age))
    throw new QuoteInputError(field, basis.messages.dateOfBirth);
  return age;
}

/**
 * Checks a quote request against the basis (ages, joint-life rules, premium paying term,
 * minimum and maximum instalment) and resolves its names. Throws QuoteInputError with the spec's words.
 */
export function resolveDeferredAnnuityInput(
  input: DeferredAnnuityQuoteInput,
  basis: DeferredAnnuityBasis,
): ResolvedDeferredAnnuityInput {
  const { messages } = basis;
  if (!parseIsoDate(input.proposalDate)) throw new QuoteInputError('proposalDate', messages.proposalDate);
  const wanted = input.planOption.trim().toLowerCase();
  const option = basis.options.find(
    (o) => o.code.toLowerCase() === wanted || o.name.toLowerCase() === wanted,
  );
  if (!option) {
    throw new QuoteInputError(
      'planOption',
      formatMessage(messages.unknownOption, { value: input.planOption }),
    );
  }
  const premiumFrequency = byValue(
    basis.premium.frequencies,
    input.premiumFrequency,
    'premiumFrequency',
    basis,
  );
  const annuityFrequency = byValue(
    basis.annuity.frequencies,
    input.annuityFrequency,
    'annuityFrequency',
    basis,
  );

  const entry = basis.ages.entry;
  const entryAge = resolveAge(basis, input.life, input.proposalDate, 'life.age');
  if (entryAge < entry.min || entryAge > entry.max) {
    throw new QuoteInputError('life.age', formatMessage(messages.entryAge, entry));
  }
  const gender = resolveGender(basis, input.life.gender, 'life.gender');

  let second: ResolvedDeferredAnnuityInput['second'];
  if (input.secondLife) {
    if (!option.jointLife) {
      const options = basis.options.filter((o) => o.jointLife).map((o) => o.name);
      throw new QuoteInputError(
        'planOption',
        formatMessage(messages.jointOption, { options: options.join(' or ') }),
      );
    }
    const joint = basis.ages.jointLife;
    const secondAge = resolveAge(basis, input.secondLife, input.proposalDate, 'secondLife.age');
    if (
      secondAge < joint.min ||
      secondAge > joint.max ||
      Math.abs(secondAge - entryAge) > joint.maxAgeDifference
    ) {
      throw new QuoteInputError(
        'secondLife.age',
        formatMessage(messages.jointAge, { ...joint, difference: joint.maxAgeDifference }),
      );
    }
    second = {
      entryAge: secondAge,
      gender: resolveGender(basis, input.secondLife.gender, 'secondLife.gender'),
    };
  }

  const term = basis.premium.premiumPayingTerm;
  if (
    !Number.isInteger(input.premiumPayingTerm) ||
    input.premiumPayingTerm < term.min ||
    input.premiumPayingTerm > term.max
  ) {
    throw new QuoteInputError('premiumPayingTerm', formatMessage(messages.premiumPayingTerm, term));
  }

  if (!Number.isFinite(input.installmentPremium) || !Number.isInteger(input.installmentPremium)) {
    throw new QuoteInputError('installmentPremium', messages.wholeRupees);
  }
  if (input.installmentPremium < premiumFrequency.minimumInstalment) {
    throw new QuoteInputError(
      'installmentPremium',
      formatMessage(messages.minimumPremium, { amount: indianGrouping(premiumFrequency.minimumInstalment) }),
    );
  }
  if (input.installmentPremium > premiumFrequency.maximumInstalment) {
    throw new QuoteInputError(
      'installmentPremium',
      formatMessage(messages.maximumPremium, { amount: indianGrouping(premiumFrequency.maximumInstalment) }),
    );
  }

  return {
    entryAge,
    gender,
    ...(second ? { second } : {}),
    installmentPremium: input.installmentPremium,
    premiumFrequency,
    premiumPayingTerm: input.premiumPayingTerm,
    annuityFrequency,
    option,
    staff: input.staff === true,
    online: input.online === true,
    proposalDate: input.proposalDate,
  };
}
