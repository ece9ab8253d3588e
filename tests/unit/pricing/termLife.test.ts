import { describe, expect, it } from 'vitest';
import type { TermLifeBasis } from '../../../src/pricing/termLifeBasis.ts';
import { termLife } from '../../../src/pricing/termLifeCalculator.ts';
import { figure, inputErrorOf, life, request, tables } from './calculatorFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const t64Json = readPlanFile('T64', 'pricing-basis.json');
const t76Json = readPlanFile('T76', 'pricing-basis.json');

const basis = t64Json as unknown as TermLifeBasis;
const plan = (changes: Record<string, unknown> = {}) => ({
  SumAssured: 10000000,
  PolicyTerm: 30,
  PremiumPayingTerm: 'Regular',
  PremiumFrequency: 'Yearly',
  DeathBenefitOption: 'LS',
  ...changes,
});
const price = (
  changes: Record<string, unknown> = {},
  who = life(30),
  flags = { online: true, staff: false },
) => termLife.price(request(plan(changes), { life: who, ...flags }), basis, tables);
const yearly = (...args: Parameters<typeof price>) => price(...args).premium.installment;

describe('termLife premiums', () => {
  it('rise with the sum assured, in proportion to the rupee of rounding', () => {
    const amounts = [2500000, 5000000, 10000000, 50000000, 200000000].map((SumAssured) =>
      yearly({ SumAssured }),
    );
    for (let k = 1; k < amounts.length; k++) expect(amounts[k]).toBeGreaterThan(amounts[k - 1]!);
    expect(
      Math.abs(yearly({ SumAssured: 20000000 }) - 2 * yearly({ SumAssured: 10000000 })),
    ).toBeLessThanOrEqual(2);
  });

  it('rise with the entry age, for a fixed term and for cover to age 99', () => {
    for (const PolicyTerm of [20, 'To Age 99']) {
      const premiums = [18, 25, 30, 35, 40, 45, 50, 55, 60].map((age) => yearly({ PolicyTerm }, life(age)));
      for (let k = 1; k < premiums.length; k++) expect(premiums[k]).toBeGreaterThan(premiums[k - 1]!);
    }
  });

  it('rise with the policy term (regular pay) and fall with a longer premium paying term', () => {
    const byTerm = [10, 15, 20, 25, 30, 35, 40].map((PolicyTerm) => yearly({ PolicyTerm }));
    for (let k = 1; k < byTerm.length; k++) expect(byTerm[k]).toBeGreaterThan(byTerm[k - 1]!);
    const byPay = [5, 10, 15, 'Regular'].map((PremiumPayingTerm) => yearly({ PremiumPayingTerm }));
    for (let k = 1; k < byPay.length; k++) expect(byPay[k]).toBeLessThan(byPay[k - 1]!);
  });

  it('charge a smoker more than a non-smoker, a woman (3 years younger) less than a man', () => {
    expect(yearly({}, life(30, { smoker: true }))).toBeGreaterThan(yearly({}, life(30)));
    expect(yearly({}, life(30, { gender: 'Female' }))).toBeLessThan(yearly({}, life(30)));
    expect(yearly({}, life(33, { gender: 'Female' }))).toBe(yearly({}, life(30)));
  });

  it('apply 10% online, then a further 10% for staff on what is left (81%, not 80%)', () => {
    const offline = price({}, life(30), { online: false, staff: false });
    const online = price({}, life(30), { online: true, staff: false });
    const both = price({}, life(30), { online: true, staff: true });
    const base = offline.premium.installment;
    expect(figure(offline, 'premiumBeforeDiscounts')).toBe(base);
    expect(online.premium.installment).toBe(base - Math.round(base * 0.1));
    const afterOnline = online.premium.installment;
    expect(both.premium.installment).toBe(afterOnline - Math.round(afterOnline * 0.1));
    expect(both.breakup.map((row) => row.id)).toEqual([
      'premiumBeforeDiscounts',
      'discount-online',
      'discount-staff',
      'basePremiumAmount',
      'gstAmount',
      'installmentPremiumWithTaxFY',
    ]);
    const [first, ...rest] = both.breakup.slice(0, 4).map((row) => Number(row.value));
    expect(first! + rest.slice(0, 2).reduce((a, b) => a + b, 0)).toBe(both.premium.installment);
  });

  it('gives the same premium for every death benefit option, the income worth the same at 6%', () => {
    const lumpSum = price({ DeathBenefitOption: 'LS' });
    const mixed = price({ DeathBenefitOption: 'LSI' });
    const income = price({ DeathBenefitOption: 'Monthly Income' });
    expect(mixed.premium).toEqual(lumpSum.premium);
    expect(income.premium).toEqual(lumpSum.premium);
    expect(mixed.componentCode).toBe('T64LSI');
    expect(figure(mixed, 'lumpSumOnDeath')).toBe(5000000);
    const j = 1.06 ** (1 / 12) - 1;
    const value = (monthly: number) => (monthly * (1 - (1 + j) ** -120)) / j;
    expect(Math.abs(value(figure(income, 'monthlyIncome')) - 10000000)).toBeLessThan(60);
    expect(Math.abs(value(figure(mixed, 'monthlyIncome')) - 5000000)).toBeLessThan(60);
    expect(lumpSum.figures.monthlyIncome).toBeUndefined();
  });

  it('covers to age 99 at most; the illustration runs year by year to the end of cover', () => {
    const toAge = price({ PolicyTerm: 'To Age 99' }, life(40));
    expect(figure(toAge, 'coverTillAge')).toBe(99);
    expect(toAge.premium.policyTerm).toBe(59);
    const rows = price({ PremiumPayingTerm: 10, PremiumFrequency: 'Monthly' }).illustration.tables[0]!.rows;
    expect(rows).toHaveLength(30);
    expect(rows.filter((row) => Number(row.premiumPaid) > 0)).toHaveLength(10);
    expect(rows.every((row) => row.deathBenefit === 10000000)).toBe(true);
    expect(inputErrorOf(termLife, basis, request(plan({ PolicyTerm: 40 }), { life: life(60) })).message).toBe(
      'Policy term should be between 10 and 39 years, or cover till age 99',
    );
  });

  it('agrees to the rupee: total payable = instalment × instalments × premium years = the illustration’s sum', () => {
    const quote = price({ PremiumFrequency: 'Monthly', PremiumPayingTerm: 15 });
    const rows = quote.illustration.tables[0]!.rows;
    expect(quote.premium.totalPayable).toBe(quote.premium.installment * 12 * 15);
    expect(rows.reduce((sum, row) => sum + Number(row.premiumPaid), 0)).toBe(quote.premium.totalPayable);
    expect(quote.headline).toBe(`Pay ₹ ${quote.premium.withTaxFY.toLocaleString('en-IN')} a month`);
    expect(quote.premium.gst).toBe(0);
  });

  it('refuses input outside the basis with clear messages', () => {
    const error = (changes: Record<string, unknown>, who = life(30)) =>
      inputErrorOf(termLife, basis, request(plan(changes), { life: who }));
    expect(error({}, life(17))).toMatchObject({
      field: 'life.age',
      message: 'Age should be between 18 and 60',
    });
    expect(error({}, life(61)).message).toBe('Age should be between 18 and 60');
    expect(error({ SumAssured: 2400000 })).toMatchObject({
      field: 'SumAssured',
      message: 'Minimum Sum Assured should be 25,00,000.',
    });
    expect(error({ SumAssured: 123456789012345 }).message).toBe('Maximum Sum Assured is ₹ 20,00,00,000.');
    expect(error({ SumAssured: 2550000 }).message).toBe('Sum Assured should be in multiples of 1,00,000.');
    expect(error({ PremiumPayingTerm: 7 }).message).toBe(
      'Premium paying term should be Regular or 5, 10, 15 years',
    );
    expect(error({ DeathBenefitOption: 'XX' }).field).toBe('DeathBenefitOption');
    expect(error({ PolicyTerm: 9 }).field).toBe('PolicyTerm');
  });

  it('prices T76 from its own basis with its own component codes', () => {
    const t76 = termLife.price(request(plan()), t76Json as unknown as TermLifeBasis, tables);
    expect(t76.planCode).toBe('T76');
    expect(t76.componentCode).toBe('T76LS');
  });
});
