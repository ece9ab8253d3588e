import { describe, expect, it } from 'vitest';
import { basisWith, quote } from './deferredAnnuityFixture.ts';

describe('deferredAnnuity quotes move the way the basis says they must (T54’s basis)', () => {
  it('read the basis, not hard-coded figures: a higher interest rate gives a higher annuity', () => {
    const higher = basisWith((b) => void (b.interestRatePercent = 6));
    expect(quote({}, higher).annualAnnuity).toBeGreaterThan(quote().annualAnnuity);
  });

  it('are linear in the premium (to the rupee of rounding)', () => {
    for (const planOption of ['T54A', 'T54C', 'T54E']) {
      const one = quote({ planOption, installmentPremium: 100000 }).annualAnnuity;
      const three = quote({ planOption, installmentPremium: 300000 }).annualAnnuity;
      expect(Math.abs(three - 3 * one)).toBeLessThanOrEqual(2);
    }
  });

  it('rise with the premium paying term', () => {
    for (const planOption of ['T54A', 'T54C']) {
      const pensions = [5, 6, 7, 8, 9, 10].map(
        (premiumPayingTerm) => quote({ planOption, premiumPayingTerm }).annualAnnuity,
      );
      for (let k = 1; k < pensions.length; k++) expect(pensions[k]).toBeGreaterThan(pensions[k - 1]!);
    }
  });

  it('rise with the entry age for a life annuity (older lives are paid for fewer years)', () => {
    const pensions = [45, 50, 55, 60, 65, 70, 75, 80].map(
      (age) => quote({ planOption: 'T54A', life: { age, gender: 'Male' } }).annualAnnuity,
    );
    for (let k = 1; k < pensions.length; k++) expect(pensions[k]).toBeGreaterThan(pensions[k - 1]!);
  });

  it('pay a joint life (last survivor) less than a single life', () => {
    for (const planOption of ['T54A', 'T54C']) {
      const single = quote({ planOption }).annualAnnuity;
      const joint = quote({ planOption, secondLife: { age: 50, gender: 'Female' } });
      expect(joint.category).toBe('Joint');
      expect(joint.annualAnnuity).toBeLessThan(single);
    }
  });

  it('pay a joint life less when the second life is younger', () => {
    const older = quote({ planOption: 'T54A', secondLife: { age: 60, gender: 'Female' } }).annualAnnuity;
    const younger = quote({ planOption: 'T54A', secondLife: { age: 45, gender: 'Female' } }).annualAnnuity;
    expect(younger).toBeLessThan(older);
  });

  it('pay return of purchase price (T54C) less than a life annuity (T54A), at every age and term', () => {
    for (const age of [45, 55, 65, 80]) {
      for (const premiumPayingTerm of [5, 10]) {
        const life = { age, gender: 'Male' };
        expect(quote({ planOption: 'T54C', life, premiumPayingTerm }).annualAnnuity).toBeLessThan(
          quote({ planOption: 'T54A', life, premiumPayingTerm }).annualAnnuity,
        );
      }
    }
  });

  it('pay a woman (rated 3 years younger) less than a man, and Other in between', () => {
    const male = quote({ planOption: 'T54A' }).annualAnnuity;
    const female = quote({ planOption: 'T54A', life: { age: 55, gender: 'Female' } }).annualAnnuity;
    const other = quote({ planOption: 'T54A', life: { age: 55, gender: 'Other' } }).annualAnnuity;
    const transgender = quote({ planOption: 'T54A', life: { age: 55, gender: 'Transgender' } }).annualAnnuity;
    expect(female).toBeLessThan(other);
    expect(other).toBeLessThan(male);
    expect(transgender).toBe(other);
    expect(female).toBe(quote({ planOption: 'T54A', life: { age: 52, gender: 'Male' } }).annualAnnuity);
  });
});
