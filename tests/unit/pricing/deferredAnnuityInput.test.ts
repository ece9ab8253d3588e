import { describe, expect, it } from 'vitest';
import { QuoteInputError } from '../../../src/pricing/QuoteInputError.ts';
import type { DeferredAnnuityQuoteInput } from '../../../src/pricing/deferredAnnuityQuote.ts';
import { quote } from './deferredAnnuityFixture.ts';

function errorOf(changes: Partial<DeferredAnnuityQuoteInput>): QuoteInputError {
  try {
    quote(changes);
  } catch (error) {
    if (error instanceof QuoteInputError) return error;
    throw error;
  }
  throw new Error('expected a QuoteInputError');
}

describe('deferredAnnuity requests outside the basis (T54’s)', () => {
  it.each([44, 81])('entry age %s: the spec’s age message', (age) => {
    const error = errorOf({ life: { age, gender: 'Male' } });
    expect(error.message).toBe('Age should be between 45 and 80');
    expect(error.field).toBe('life.age');
  });

  it('accepts the age limits themselves', () => {
    expect(quote({ life: { age: 45, gender: 'Male' } }).entryAge).toBe(45);
    expect(quote({ life: { age: 80, gender: 'Male' } }).entryAge).toBe(80);
  });

  it.each([4, 11, 7.5])('premium paying term %s', (premiumPayingTerm) => {
    expect(errorOf({ premiumPayingTerm }).message).toBe(
      'Premium paying term should be between 5 and 10 years',
    );
  });

  it.each([
    ['Yearly', 49999, 'Minimum Investment Amount should be 50,000.'],
    ['Half Yearly', 25594, 'Minimum Investment Amount should be 25,595.'],
    ['Quarterly', 12949, 'Minimum Investment Amount should be 12,950.'],
    ['Monthly', 4349, 'Minimum Investment Amount should be 4,350.'],
  ])('%s premium below the minimum', (premiumFrequency, installmentPremium, message) => {
    const error = errorOf({ premiumFrequency, installmentPremium });
    expect(error.message).toBe(message);
    expect(error.field).toBe('installmentPremium');
  });

  it('rejects a part-rupee premium', () => {
    expect(errorOf({ installmentPremium: 50000.5 }).field).toBe('installmentPremium');
  });

  it.each([
    [44, 'too young'],
    [81, 'too old'],
    [71, 'more than 15 years older'],
  ])('second life aged %s (%s)', (age) => {
    expect(errorOf({ planOption: 'T54A', secondLife: { age, gender: 'Female' } }).message).toBe(
      'Age should be between 45 and 80 with 15 years difference',
    );
  });

  it('allows joint life only for T54A and T54C', () => {
    for (const planOption of ['T54B', 'T54D', 'T54E']) {
      expect(errorOf({ planOption, secondLife: { age: 55, gender: 'Female' } }).message).toBe(
        'Joint life is available only with Life Annuity or Life Annuity with return of purchase price on death',
      );
    }
  });

  it('names unknown options, frequencies and genders', () => {
    expect(errorOf({ planOption: 'T54Z' }).field).toBe('planOption');
    expect(errorOf({ premiumFrequency: 'Weekly' }).field).toBe('premiumFrequency');
    expect(errorOf({ annuityFrequency: 'Weekly' }).field).toBe('annuityFrequency');
    expect(errorOf({ life: { age: 55, gender: 'X' } }).field).toBe('life.gender');
    expect(errorOf({ proposalDate: '2026-02-30' }).field).toBe('proposalDate');
  });

  it('takes the age last birthday from the date of birth at the proposal date', () => {
    const life = (dateOfBirth: string) => ({ dateOfBirth, gender: 'Male' });
    expect(quote({ life: life('1971-01-15') }).entryAge).toBe(55);
    expect(quote({ life: life('1971-01-16') }).entryAge).toBe(54);
    expect(errorOf({ life: life('1981-01-16') }).message).toBe('Age should be between 45 and 80');
    expect(errorOf({ life: life('not a date') }).field).toBe('life.age');
  });

  it('accepts the option by its name as well as its component code', () => {
    expect(quote({ planOption: 'Life Annuity with return of purchase price on death' }).componentCode).toBe(
      'T54C',
    );
  });
});
