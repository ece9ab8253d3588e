import { describe, expect, it } from 'vitest';
import { quote } from './deferredAnnuityFixture.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('deferredAnnuity illustration schedule (T54’s basis)', () => {
  it('adds up to the summary figures', () => {
    for (const planOption of ['T54A', 'T54B', 'T54C', 'T54D', 'T54E']) {
      for (const premiumFrequency of ['Yearly', 'Monthly']) {
        const installmentPremium = premiumFrequency === 'Yearly' ? 200000 : 20000;
        const result = quote({
          planOption,
          premiumFrequency,
          installmentPremium,
          annuityFrequency: 'Quarterly',
        });
        const { schedule } = result;
        expect(sum(schedule.map((row) => row.premiumPaid))).toBe(result.totalPremiumPayable);
        expect(schedule.at(-1)!.totalPremiumsPaid).toBe(result.totalPremiumPayable);
        expect(sum(schedule.map((row) => row.premiumPaid + row.gst))).toBe(result.totalPremiumPayableWithTax);
        expect(schedule[0]!.premiumPaid).toBe(
          result.installmentPremium * (premiumFrequency === 'Yearly' ? 1 : 12),
        );
        const firstAnnuityYear = schedule[result.defermentYears]!;
        expect(firstAnnuityYear.age).toBe(result.vestingAge);
        expect(firstAnnuityYear.guaranteedAnnuity).toBe(result.annualAnnuity);
        expect(firstAnnuityYear.deathBenefit).toBe(result.deathBenefitOnVesting);
        expect(sum(schedule.map((row) => row.survivalReturn))).toBe(result.youGet.totalSurvivalReturns);
      }
    }
  });

  it('runs from the entry age to age 100 with nothing paid or annuity during deferment', () => {
    const { schedule } = quote();
    expect(schedule).toHaveLength(46);
    expect(schedule[0]).toMatchObject({ policyYear: 1, age: 55 });
    expect(schedule.at(-1)).toMatchObject({ policyYear: 46, age: 100 });
    expect(
      schedule.slice(0, 10).every((row) => row.guaranteedAnnuity === 0 && row.premiumPaid === 200000),
    ).toBe(true);
    // Vesting at 65; the yearly pension is paid at the end of each year after it, from 66 (spec 02 §1).
    expect(schedule[10]).toMatchObject({ policyYear: 11, age: 65, premiumPaid: 0, guaranteedAnnuity: 0 });
    expect(schedule.slice(11).every((row) => row.premiumPaid === 0 && row.guaranteedAnnuity === 170046)).toBe(
      true,
    );
  });

  it('shows the first pension in the row of the age the quote gives as Pension From, paid yearly or monthly', () => {
    for (const [annuityFrequency, firstPayoutAge] of [
      ['Yearly', 66],
      ['Half Yearly', 65],
      ['Monthly', 65],
    ] as const) {
      const result = quote({ annuityFrequency });
      const first = result.schedule.find((row) => row.guaranteedAnnuity > 0)!;
      expect(result.firstPayoutAge).toBe(firstPayoutAge);
      expect(result.youGet.fromAge).toBe(firstPayoutAge);
      expect(first.age).toBe(firstPayoutAge);
      expect(first.guaranteedAnnuity).toBe(result.annualAnnuity);
    }
  });

  it('pays during deferment the higher of 105% of premiums paid and the surrender value', () => {
    const { schedule } = quote();
    expect(schedule[0]!.deathBenefit).toBe(210000);
    expect(schedule[3]!.deathBenefit).toBe(840000);
    // From year 5 the surrender value (90% of premiums accumulated at 5.25%) is the higher.
    const accumulated = [1, 2, 3, 4, 5].reduce((acc) => (acc + 200000) * 1.0525, 0);
    expect(schedule[4]!.deathBenefit).toBe(Math.round(0.9 * accumulated));
    expect(schedule[4]!.deathBenefit).toBe(schedule[4]!.surrenderValue);
    for (const row of schedule.slice(0, 10)) {
      expect(row.deathBenefit).toBeGreaterThanOrEqual(Math.round(1.05 * row.totalPremiumsPaid));
    }
  });

  it('returns the purchase price on death after vesting only for the return options', () => {
    expect(quote({ planOption: 'T54A' }).schedule[20]!.deathBenefit).toBe(0);
    expect(quote({ planOption: 'T54B' }).schedule[20]!.deathBenefit).toBe(0);
    expect(quote({ planOption: 'T54C' }).schedule[20]!.deathBenefit).toBe(2000000);
    expect(quote({ planOption: 'T54D' }).schedule[20]!.deathBenefit).toBe(2000000);
  });

  it('T54E returns 20% of premiums every 5th year after vesting and the balance on death', () => {
    const { schedule } = quote({ planOption: 'T54E' });
    // Each at the end of the 5th, 10th, … year after vesting: shown at the age it is paid, the next row.
    const returns = schedule.filter((row) => row.survivalReturn > 0);
    expect(returns.map((row) => [row.policyYear - 10 - 1, row.age, row.survivalReturn])).toEqual([
      [5, 70, 400000],
      [10, 75, 400000],
      [15, 80, 400000],
      [20, 85, 400000],
      [25, 90, 400000],
    ]);
    // Death in the 5th annuity year is before that year's return: the whole price is due.
    expect(schedule[14]!.deathBenefit).toBe(2000000);
    expect(schedule[15]!.deathBenefit).toBe(1600000);
    expect(schedule[35]!.deathBenefit).toBe(0);
  });

  it('T54B level for 20 years of payment, then 5% more each year', () => {
    const result = quote({ planOption: 'T54B' });
    const annuity = result.schedule.map((row) => row.guaranteedAnnuity);
    // Paid yearly from 66 (row 12): the 20th payment at 85, the 21st, 5% more, at 86.
    expect(annuity[11]).toBe(result.annualAnnuity);
    expect(annuity[30]).toBe(result.annualAnnuity);
    expect(annuity[31]).toBe(Math.round(result.annualAnnuity * 1.05));
    expect(annuity[32]).toBe(Math.round(result.annualAnnuity * 1.05 ** 2));
  });

  it('shows both ages for a joint life', () => {
    const { schedule } = quote({ planOption: 'T54A', secondLife: { age: 50, gender: 'Female' } });
    expect(schedule[0]).toMatchObject({ age: 55, secondAge: 50 });
  });

  it('gives You Pay / You Get from the same figures', () => {
    const result = quote({ online: true });
    expect(result.youPay).toEqual({
      installmentPremiumWithTaxFY: result.installmentPremiumWithTaxFY,
      premiumFrequency: 'Yearly',
      premiumPayingTerm: 10,
      totalPremiumPayable: 2000000,
    });
    expect(result.youGet).toMatchObject({
      annuityInstallmentAmount: result.annuityInstallmentAmount,
      fromAge: 66,
      returnOfPurchasePrice: 2000000,
    });
    expect(result.sumAssured).toBe(0);
  });
});
