import { describe, expect, it } from 'vitest';
import { addYearsIso, ageLastBirthday } from '../../../src/pricing/ageLastBirthday.ts';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import { formatMessage } from '../../../src/pricing/QuoteInputError.ts';

describe('pricing helpers', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [4350, '4,350'],
    [50000, '50,000'],
    [170108, '1,70,108'],
    [2123498, '21,23,498'],
    [21234567, '2,12,34,567'],
    [-125000, '-1,25,000'],
  ])('groups %s the Indian way: %s', (amount, text) => {
    expect(indianGrouping(amount)).toBe(text);
  });

  it('takes the age last birthday', () => {
    expect(ageLastBirthday('1970-06-15', '2025-06-14')).toBe(54);
    expect(ageLastBirthday('1970-06-15', '2025-06-15')).toBe(55);
    expect(ageLastBirthday('1972-02-29', '2025-02-28')).toBe(52);
    expect(ageLastBirthday('1972-02-29', '2025-03-01')).toBe(53);
    expect(ageLastBirthday('1972-02-30', '2025-03-01')).toBeUndefined();
  });

  it('adds years to a date, 29 February falling back to the 28th', () => {
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsIso('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYearsIso('2026-01-15', 9)).toBe('2035-01-15');
  });

  it('fills message placeholders and leaves unknown ones', () => {
    expect(formatMessage('Age should be between {min} and {max}', { min: 45, max: 80 })).toBe(
      'Age should be between 45 and 80',
    );
    expect(formatMessage('{x} stays', {})).toBe('{x} stays');
  });
});
