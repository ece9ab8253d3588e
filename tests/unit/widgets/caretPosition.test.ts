import { describe, expect, it } from 'vitest';
import { caretAfterSignificant, countSignificant } from '../../../widgets/caretPosition.ts';

describe('caret bookkeeping', () => {
  it('counts the digits before the caret', () => {
    expect(countSignificant('1,23,4565', 6)).toBe(4);
    expect(countSignificant('01/0', 4)).toBe(3);
    expect(countSignificant('12', 99)).toBe(2);
  });

  it('puts the caret after the same digit in the regrouped text', () => {
    // "1,23,4565": caret after the 4 (4 digits) lands in "12,34,565" after the 4.
    expect(caretAfterSignificant('12,34,565', 4)).toBe(5);
    expect(caretAfterSignificant('12,34,565', 0)).toBe(0);
    expect(caretAfterSignificant('12', 5)).toBe(2);
  });
});
