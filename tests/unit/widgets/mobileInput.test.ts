import { describe, expect, it } from 'vitest';
import { dialCodeLabel, mobileMaxLength, sanitizeMobile } from '../../../widgets/mobileInput.ts';

describe('sanitizeMobile', () => {
  it('keeps digits only', () => {
    expect(sanitizeMobile('98a76-54 3.210')).toBe('9876543210');
    expect(sanitizeMobile('abc')).toBe('');
  });

  it('cuts to maxLength', () => {
    expect(sanitizeMobile('98765432109', 10)).toBe('9876543210');
    expect(sanitizeMobile('1234567890123456789')).toBe('123456789012345');
    expect(sanitizeMobile('12345678', 7)).toBe('1234567');
  });

  it('reduces a pasted Indian number with trunk 0 or country code to its 10 digits', () => {
    expect(sanitizeMobile('+91 98765 43210', 10)).toBe('9876543210');
    expect(sanitizeMobile('098765 43210', 10)).toBe('9876543210');
    // Only for a 10-digit field: other codes keep the digits as typed.
    expect(sanitizeMobile('+91 98765 43210', 15)).toBe('919876543210');
  });
});

describe('mobileMaxLength', () => {
  it("uses the resolved schema's maxLength, else 15", () => {
    expect(mobileMaxLength(10)).toBe(10);
    expect(mobileMaxLength(15)).toBe(15);
    expect(mobileMaxLength(undefined)).toBe(15);
    expect(mobileMaxLength(40)).toBe(15);
    expect(mobileMaxLength('10')).toBe(15);
  });
});

describe('dialCodeLabel', () => {
  it('shows the code with a plus', () => {
    expect(dialCodeLabel('91')).toBe('+91');
    expect(dialCodeLabel('+44')).toBe('+44');
    expect(dialCodeLabel(undefined)).toBe('+');
  });
});
