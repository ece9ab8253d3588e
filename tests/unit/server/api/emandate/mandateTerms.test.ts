import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  mandateTerms,
  onOrAfterDay,
} from '../../../../../src/server/api/emandate/mandateTerms.ts';
import { maskedAccount } from '../../../../../src/server/api/payments/mandateProtocol.ts';

describe('renewal mandate terms', () => {
  it('adds months, keeping the day or the month’s last one', () => {
    expect(addMonthsIso('2025-05-14', 12)).toBe('2026-05-14');
    expect(addMonthsIso('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsIso('2025-12-15', 1)).toBe('2026-01-15');
  });

  it('debits each period from one after the start to one before the term ends, up to the instalment', () => {
    expect(
      mandateTerms('2025-05-14', { amount: 12500, frequency: 'Monthly', premiumPayingTerm: 10 }),
    ).toEqual({
      maxAmount: 12500,
      frequency: 'Monthly',
      siDetails: {
        billingAmount: '12500.00',
        billingCurrency: 'INR',
        billingCycle: 'MONTHLY',
        billingInterval: 1,
        paymentStartDate: '2025-06-14',
        paymentEndDate: '2035-04-14',
        billingRule: 'MAX',
      },
    });
    const halfYearly = mandateTerms('2025-05-14', {
      amount: 80000,
      frequency: 'Half Yearly',
      premiumPayingTerm: 5,
    });
    expect(halfYearly?.siDetails).toMatchObject({
      billingCycle: 'MONTHLY',
      billingInterval: 6,
      paymentStartDate: '2025-11-14',
      paymentEndDate: '2029-11-14',
    });
    expect(
      mandateTerms('2025-05-14', { amount: 1, frequency: 'Quarterly', premiumPayingTerm: 1 })?.siDetails,
    ).toMatchObject({ billingInterval: 3, paymentStartDate: '2025-08-14', paymentEndDate: '2026-02-14' });
  });

  it('moves each debit to the buyer’s day on or after it falls due', () => {
    expect(onOrAfterDay('2026-05-14', 14)).toBe('2026-05-14');
    expect(onOrAfterDay('2026-05-14', 20)).toBe('2026-05-20');
    expect(onOrAfterDay('2026-05-14', 5)).toBe('2026-06-05');
    expect(onOrAfterDay('2026-12-31', 1)).toBe('2027-01-01');
    const terms = mandateTerms('2025-05-14', { amount: 50000, frequency: 'Yearly', premiumPayingTerm: 5 }, 5);
    expect(terms).toMatchObject({
      debitDay: 5,
      siDetails: { paymentStartDate: '2026-06-05', paymentEndDate: '2029-06-05' },
    });
  });

  it('has no terms without a renewal premium', () => {
    for (const premium of [
      { amount: 100000, frequency: 'Single', premiumPayingTerm: 1 },
      { amount: 100000, frequency: 'Yearly', premiumPayingTerm: 1 },
      { amount: 0, frequency: 'Yearly', premiumPayingTerm: 10 },
      { amount: 100000, frequency: 'Yearly', premiumPayingTerm: Number.NaN },
    ]) {
      expect(mandateTerms('2025-05-14', premium), JSON.stringify(premium)).toBeUndefined();
    }
  });

  it('masks an account number but its last four characters', () => {
    expect(maskedAccount('003101987654321')).toBe('XXXXXXXXXXX4321');
    expect(maskedAccount('12345')).toBe('XXXX2345');
  });
});
