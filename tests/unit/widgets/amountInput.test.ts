import { describe, expect, it } from 'vitest';
import { amountDigits, formatAmountInput, formatIndianAmount } from '../../../widgets/amountInput.ts';

describe('formatIndianAmount', () => {
  it('groups the Indian way', () => {
    expect(formatIndianAmount(12345678)).toBe('1,23,45,678');
    expect(formatIndianAmount(999)).toBe('999');
    expect(formatIndianAmount(1000)).toBe('1,000');
    expect(formatIndianAmount(100000)).toBe('1,00,000');
    expect(formatIndianAmount(0)).toBe('0');
    expect(formatIndianAmount('12345678')).toBe('1,23,45,678');
    expect(formatIndianAmount(12345678n)).toBe('1,23,45,678');
  });

  it('stays exact beyond the safe integer range', () => {
    expect(formatIndianAmount('123456789012345678')).toBe('1,23,45,67,89,01,23,45,678');
  });
});

describe('formatAmountInput', () => {
  it('keeps digits only, regrouped as typed', () => {
    expect(formatAmountInput('12345678')).toBe('1,23,45,678');
    expect(formatAmountInput('1,2345')).toBe('12,345');
    expect(formatAmountInput('₹ 50,000.50')).toBe('50,00,050');
    expect(formatAmountInput('abc')).toBe('');
  });

  it('drops leading zeros', () => {
    expect(formatAmountInput('0050000')).toBe('50,000');
    expect(formatAmountInput('000')).toBe('0');
  });

  it('fits in 21 characters, commas included', () => {
    const grouped = formatAmountInput('9'.repeat(25));
    expect(grouped.length).toBeLessThanOrEqual(21);
    expect(grouped).toBe('99,99,99,99,99,99,999');
    expect(amountDigits(grouped)).toHaveLength(15);
    expect(formatAmountInput('123456789', 8)).toBe('1,23,456');
  });
});
