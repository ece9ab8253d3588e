import { describe, expect, it } from 'vitest';
import type { TermLifeBasis, TermLifeCalibration } from '../../../src/pricing/termLifeBasis.ts';
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

  it('reproduce the worked example and the figures of docs/pricing/termLife.md', () => {
    // Male 30, 1,00,00,000, 30 years regular, yearly, LSI, online and staff.
    const both = price({ DeathBenefitOption: 'LSI' }, life(30), { online: true, staff: true });
    expect(figure(both, 'premiumBeforeDiscounts')).toBe(11882);
    expect(both.breakup.map((row) => Number(row.value)).slice(0, 4)).toEqual([11882, -1188, -1069, 9625]);
    expect(both.headline).toBe('Pay ₹ 9,625 a year');
    expect(both.premium.totalPayable).toBe(288750);
    expect(figure(both, 'monthlyIncome')).toBe(55112);
    const smoker = price({}, life(30, { smoker: true }), { online: true, staff: false });
    expect([figure(smoker, 'premiumBeforeDiscounts'), smoker.premium.installment]).toEqual([21295, 19165]);
    // The cells, online, 30 years: 16,445, 36,561, 84,171 and 1,26,847 before calibration.
    expect([25, 35, 45, 50].map((age) => yearly({}, life(age)))).toEqual([8327, 15290, 35071, 53453]);
  });

  it('say on which mortality the cover was valued: the share of IALM, the age as rated, the interest', () => {
    const note = (who = life(30)) =>
      price({}, who).explanation.find((row) => row.id === 'deathBenefitValue')!.note;
    expect(note()).toBe('74% of IALM 2012-14 at the age 7 years younger, at 6% interest');
    expect(note(life(30, { gender: 'Female', smoker: true }))).toBe(
      '74% of IALM 2012-14 at the age 10 years younger, at 6% interest, smoker rates × 1.8',
    );
    expect(note(life(30, { gender: 'Transgender' }))).toBe(
      '74% of IALM 2012-14 at the age 7 years younger (the average of the male and female rates), at 6% interest',
    );
  });

  it('prices T76 from its own basis with its own component codes', () => {
    const t76 = termLife.price(request(plan()), t76Json as unknown as TermLifeBasis, tables);
    expect(t76.planCode).toBe('T76');
    expect(t76.componentCode).toBe('T76LS');
  });
});

/*
 * Calibration to published online premiums (issue 17). The figures, their sources and the
 * tolerance are the basis's (`calibration`, from schemas/common/pricing/term-market-rates.json),
 * so this test and the record of where the rates came from cannot drift apart.
 */
describe('termLife calibration to published online rates', () => {
  const calibration = basis.calibration as TermLifeCalibration;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  /** The plan's premium for a figure's life and cover, at the figure's age and policy term. */
  const planPremium = (age: number, policyTerm: number) => {
    const { gender, smoker, sumAssured, online } = calibration.profile;
    return price({ SumAssured: sumAssured, PolicyTerm: policyTerm }, life(age, { gender, smoker }), {
      online,
      staff: false,
    }).premium.installment;
  };
  /** By entry age: the median over sources of plan ÷ published (a source's figures at one age at their median). */
  const medianRatios = (kinds: string[]) => {
    const byAge = new Map<number, Map<string, number[]>>();
    for (const source of calibration.sources.filter((s) => kinds.includes(s.kind))) {
      for (const figure of source.premiums) {
        const ratio = planPremium(figure.age, figure.policyTerm) / figure.annualPremium;
        const sources = byAge.get(figure.age) ?? new Map<string, number[]>();
        sources.set(source.id, [...(sources.get(source.id) ?? []), ratio]);
        byAge.set(figure.age, sources);
      }
    }
    return new Map([...byAge].map(([age, sources]) => [age, median([...sources.values()].map(median))]));
  };

  it('records where each figure was published: the page, who said it, for what life and term', () => {
    expect(calibration.profile).toMatchObject({ gender: 'Male', smoker: false, sumAssured: 10000000 });
    expect(calibration.sources.filter((s) => s.kind === 'insurer').length).toBeGreaterThanOrEqual(3);
    for (const source of calibration.sources) {
      expect(source.address, source.id).toMatch(/^https:\/\/[a-z0-9.-]+\//);
      expect(source.premiums.length, source.id).toBeGreaterThan(0);
    }
    expect(t76Json.calibration).toEqual(t64Json.calibration);
  });

  it('holds the premium at every age with figures within the tolerance of the published median', () => {
    const tolerance = calibration.tolerancePercent / 100;
    const all = medianRatios(['insurer', 'insurer-quoted', 'indicative']);
    expect([...all.keys()].sort((a, b) => a - b)).toEqual([20, 25, 30, 35, 40, 45, 50]);
    for (const [age, ratio] of all) {
      expect(
        Math.abs(ratio - 1),
        `age ${age}: plan ÷ published median ${ratio.toFixed(3)}`,
      ).toBeLessThanOrEqual(tolerance);
    }
    // The insurers' own and quoted figures alone agree as well.
    for (const [age, ratio] of medianRatios(['insurer', 'insurer-quoted'])) {
      expect(Math.abs(ratio - 1), `age ${age}, insurers: ${ratio.toFixed(3)}`).toBeLessThanOrEqual(tolerance);
    }
  });
});
