import { describe, expect, it } from 'vitest';
import { indianDate, pdfSafe, rupees } from '../../../../../src/server/api/documents/pdfKit.ts';

describe('PDF text helpers', () => {
  it('writes rupees as Rs. with Indian grouping (Helvetica has no rupee sign)', () => {
    expect(rupees(170108)).toBe('Rs. 1,70,108');
    expect(rupees(21234567)).toBe('Rs. 2,12,34,567');
    expect(rupees(0)).toBe('Rs. 0');
  });

  it('keeps what Windows-1252 can print and replaces the rest', () => {
    expect(pdfSafe('₹ 5,000 − 2% ≈ ✓')).toBe('Rs. 5,000 - 2% ~ v');
    expect(pdfSafe('couldn’t – “quoted” … ×')).toBe('couldn’t – “quoted” … ×');
    expect(pdfSafe('पेंशन plan')).toBe('????? plan');
  });

  it('prints ISO dates the Indian way', () => {
    expect(indianDate('2026-01-15')).toBe('15/01/2026');
  });
});
