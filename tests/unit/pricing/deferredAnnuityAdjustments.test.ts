import { describe, expect, it } from 'vitest';
import { basis, quote } from './deferredAnnuityFixture.ts';

describe('deferredAnnuity adjustments to the annuity (T54’s basis)', () => {
  const base = quote({ planOption: 'T54A' }).annualAnnuity;

  it('staff adds exactly 2.5% of the base annuity', () => {
    expect(
      Math.abs(quote({ planOption: 'T54A', staff: true }).annualAnnuity - base * 1.025),
    ).toBeLessThanOrEqual(1);
  });

  it('online adds exactly 1% of the base annuity', () => {
    expect(
      Math.abs(quote({ planOption: 'T54A', online: true }).annualAnnuity - base * 1.01),
    ).toBeLessThanOrEqual(1);
  });

  it('staff and online add up (3.5%), they do not compound (3.525%)', () => {
    const both = quote({ planOption: 'T54A', staff: true, online: true });
    expect(Math.abs(both.annualAnnuity - base * 1.035)).toBeLessThanOrEqual(1);
    expect(both.explanation.bonusPercent).toBe(3.5);
  });

  it.each([
    ['Yearly', 1, 1],
    ['Half Yearly', 2, 0.978],
    ['Quarterly', 4, 0.968],
    ['Monthly', 12, 0.961],
  ])('pays %s instalments of yearly × %s ÷ payouts', (annuityFrequency, payouts, factor) => {
    const result = quote({ planOption: 'T54C', annuityFrequency });
    expect(Math.abs(result.annuityInstallmentAmount - (170046 * factor) / payouts)).toBeLessThanOrEqual(1);
    expect(result.annualAnnuity).toBe(result.annuityInstallmentAmount * payouts);
    expect(result.firstPayoutAge).toBe(payouts === 1 ? 66 : 65);
  });
});

describe('deferredAnnuity premium instalments (T54’s basis)', () => {
  it.each([
    ['Yearly', 50000, 1],
    ['Half Yearly', 25595, 0.5119],
    ['Quarterly', 12950, 0.259],
    ['Monthly', 4350, 0.087],
  ])('%s: minimum %s, annual premium = instalment ÷ %s rounded', (premiumFrequency, minimum, divisor) => {
    const result = quote({ premiumFrequency, installmentPremium: minimum });
    expect(result.annualPremium).toBe(Math.round(minimum / divisor));
    expect(result.installmentPremium).toBe(minimum);
    expect(result.basePremiumAmount).toBe(minimum);
    expect(() => quote({ premiumFrequency, installmentPremium: minimum - 1 })).toThrow(
      'Minimum Investment Amount should be',
    );
  });

  it('rounds the annual premium to the rupee (12,960 quarterly → 50,039)', () => {
    expect(quote({ premiumFrequency: 'Quarterly', installmentPremium: 12960 }).annualPremium).toBe(50039);
  });

  it('counts what is actually paid in the total premium payable (monthly: 12 instalments a year)', () => {
    const result = quote({ premiumFrequency: 'Monthly', installmentPremium: 10000, premiumPayingTerm: 5 });
    expect(result.premiumPaidPerYear).toBe(120000);
    expect(result.totalPremiumPayable).toBe(600000);
  });

  it('minimums mean about the same annual premium whatever the frequency', () => {
    for (const frequency of basis.premium.frequencies) {
      const annual = frequency.minimumInstalment / frequency.annualisationDivisor;
      expect(Math.abs(annual - 50000)).toBeLessThan(10);
    }
  });
});
