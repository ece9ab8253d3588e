import { describe, expect, it } from 'vitest';
import { gstOnInstalment, gstRateOn } from '../../../src/pricing/gst.ts';
import { basis, quote } from './deferredAnnuityFixture.ts';

describe('GST rate table', () => {
  it('is nil for individual life premiums from 22 September 2025', () => {
    expect(gstRateOn(basis.gst, '2025-09-22').firstYearPercent).toBe(0);
    const result = quote({ proposalDate: '2026-03-01' });
    expect(result.gstAmount).toBe(0);
    expect(result.installmentPremiumWithTaxFY).toBe(200000);
    expect(result.totalPremiumPayableWithTax).toBe(result.totalPremiumPayable);
  });

  it('picks the row in force on the date: 4.5% / 2.25% the day before', () => {
    const row = gstRateOn(basis.gst, '2025-09-21');
    expect([row.firstYearPercent, row.renewalPercent]).toEqual([4.5, 2.25]);
    expect(gstOnInstalment(row, 1, 200000)).toBe(9000);
    expect(gstOnInstalment(row, 2, 200000)).toBe(4500);
  });

  it('picks the service-tax row before July 2017 and the GST row on 1 July 2017', () => {
    expect(gstRateOn(basis.gst, '2017-06-30').firstYearPercent).toBe(3.75);
    expect(gstRateOn(basis.gst, '2017-07-01').firstYearPercent).toBe(4.5);
    expect(gstRateOn(basis.gst, '2020-01-01', 'individual-single-premium-annuity').firstYearPercent).toBe(
      1.8,
    );
  });

  it('has no row before the table starts', () => {
    expect(() => gstRateOn(basis.gst, '2010-01-01')).toThrow('No GST rate');
  });

  it('taxes an older quote by the row in force on each year’s due date', () => {
    const result = quote({ proposalDate: '2024-01-15', premiumPayingTerm: 5 });
    expect(result.gstAmount).toBe(9000);
    expect(result.installmentPremiumWithTaxFY).toBe(209000);
    expect(result.schedule.slice(0, 5).map((row) => row.gst)).toEqual([9000, 4500, 0, 0, 0]);
    expect(result.totalPremiumPayableWithTax).toBe(1000000 + 13500);
  });
});
