import { describe, expect, it } from 'vitest';
import type { MilestoneSavingsBasis } from '../../../src/pricing/milestoneSavingsBasis.ts';
import { milestoneSavings } from '../../../src/pricing/milestoneSavingsCalculator.ts';
import { figure, inputErrorOf, life, request, tables } from './calculatorFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const t62Json = readPlanFile('T62', 'pricing-basis.json');

const basis = t62Json as unknown as MilestoneSavingsBasis;
const plan = (changes: Record<string, unknown> = {}) => ({
  InstallmentPremiumAmount: 100000,
  PremiumFrequency: 'Yearly',
  PremiumPayingTerm: 10,
  PolicyTerm: 20,
  ...changes,
});
const price = (changes: Record<string, unknown> = {}, age = 35, online = true) =>
  milestoneSavings.price(request(plan(changes), { life: life(age), online }), basis, tables);

describe('milestoneSavings', () => {
  it('pays 50% of the annualised premium every 5th year before maturity, and a maturity benefit above the premiums', () => {
    const quote = price({}, 35, false);
    expect(quote.figures.milestones).toBe('5, 10, 15');
    expect(figure(quote, 'milestoneIncome')).toBe(50000);
    expect(figure(quote, 'totalMilestoneIncome')).toBe(150000);
    expect(figure(quote, 'maturityBenefit')).toBeGreaterThan(quote.premium.totalPayable);
    expect(quote.headline).toBe(
      `Get ₹ ${figure(quote, 'maturityBenefit').toLocaleString('en-IN')} at age 55`,
    );
  });

  it('adds 10% online to the milestone incomes and the maturity benefit', () => {
    const offline = price({}, 35, false);
    const online = price({}, 35, true);
    expect(figure(online, 'milestoneIncome')).toBe(55000);
    expect(
      Math.abs(figure(online, 'maturityBenefit') - 1.1 * figure(offline, 'maturityBenefit')),
    ).toBeLessThanOrEqual(1);
  });

  it('rises with the premium and the term; falls with the entry age within an age band', () => {
    expect(
      Math.abs(
        figure(price({ InstallmentPremiumAmount: 200000 }), 'maturityBenefit') -
          2 * figure(price(), 'maturityBenefit'),
      ),
    ).toBeLessThanOrEqual(2);
    const byTerm = basis.terms.map((t) =>
      figure(price({ PremiumPayingTerm: t.premiumPayingTerm, PolicyTerm: t.policyTerm }), 'totalBenefits'),
    );
    for (let k = 1; k < byTerm.length; k++) expect(byTerm[k]).toBeGreaterThan(byTerm[k - 1]!);
    for (const ages of [
      [20, 30, 40, 44],
      [45, 50, 55, 60, 65],
    ]) {
      const maturity = ages.map((age) => figure(price({}, age), 'maturityBenefit'));
      for (let k = 1; k < maturity.length; k++) expect(maturity[k]).toBeLessThan(maturity[k - 1]!);
    }
  });

  it('pays on death the highest of 10 × annualised premium, 105% of premiums paid and the maturity benefit', () => {
    const quote = price({}, 35);
    const rows = quote.illustration.tables[0]!.rows;
    expect(rows[0]!.deathBenefit).toBe(Math.max(1000000, figure(quote, 'maturityBenefit')));
    for (const row of rows) {
      expect(Number(row.deathBenefit)).toBeGreaterThanOrEqual(
        Math.round(1.05 * Number(row.totalPremiumsPaid)),
      );
      expect(Number(row.deathBenefit)).toBeGreaterThanOrEqual(10 * 100000);
    }
    expect(figure(price({}, 50), 'deathMultiple')).toBe(7);
  });

  it('prices every age the plan admits, within the maturity age', () => {
    const { min, max } = basis.ages.entry;
    expect(figure(price({ PremiumPayingTerm: 15, PolicyTerm: 25 }, max), 'maturityBenefit')).toBeGreaterThan(
      0,
    );
    expect(figure(price({}, min), 'maturityBenefit')).toBeGreaterThan(0);
    const maturingAt80 = { ...basis, ages: { ...basis.ages, maxMaturityAge: 80 } };
    expect(inputErrorOf(milestoneSavings, maturingAt80, request(plan(), { life: life(65) })).message).toBe(
      'Maturity age cannot be more than 80: choose a policy term of at most 15 years',
    );
  });

  // Issue 17: at 90 the preselected 5/10 asked 2,50,000 for 1,15,530; the plan's entry ages
  // stop where every term pair, frequency and gender still pays back its premiums.
  it('pays back at least the premiums, in guaranteed benefits and in first-year life cover, at every entry age, term and frequency', () => {
    const short: string[] = [];
    for (const frequency of basis.premium.frequencies) {
      for (const { premiumPayingTerm, policyTerm } of basis.terms) {
        for (let age = basis.ages.entry.min; age <= basis.ages.entry.max; age++) {
          const quote = milestoneSavings.price(
            request(
              plan({
                PremiumFrequency: frequency.value,
                InstallmentPremiumAmount: frequency.minimumInstalment,
                PremiumPayingTerm: premiumPayingTerm,
                PolicyTerm: policyTerm,
              }),
              { life: life(age) },
            ),
            basis,
            tables,
          );
          const paid = quote.premium.totalPayable;
          if (figure(quote, 'totalBenefits') < paid || figure(quote, 'deathBenefitInFirstYear') < paid)
            short.push(`${frequency.value} ${premiumPayingTerm}/${policyTerm} at ${age}`);
        }
      }
    }
    expect(short).toEqual([]);
  });

  it('agrees to the rupee between the figures and the illustration', () => {
    const quote = price({ PremiumFrequency: 'Monthly', InstallmentPremiumAmount: 10000 });
    const rows = quote.illustration.tables[0]!.rows;
    expect(rows).toHaveLength(20);
    expect(rows.reduce((s, r) => s + Number(r.premiumPaid), 0)).toBe(quote.premium.totalPayable);
    expect(rows.reduce((s, r) => s + Number(r.milestoneIncome), 0)).toBe(
      figure(quote, 'totalMilestoneIncome'),
    );
    expect(rows.at(-1)!.maturityBenefit).toBe(figure(quote, 'maturityBenefit'));
    expect(quote.premium.annual).toBe(Math.round(10000 / 0.087));
  });

  it('refuses input outside the basis', () => {
    const error = (changes: Record<string, unknown>, age = 35) =>
      inputErrorOf(milestoneSavings, basis, request(plan(changes), { life: life(age) }));
    const { min, max } = basis.ages.entry;
    const ages = `Age should be between ${min} and ${max}`;
    expect(error({}, min - 1)).toMatchObject({ field: 'life.age', message: ages });
    expect(error({}, max + 1).message).toBe(ages);
    expect(error({ InstallmentPremiumAmount: 29999 }).message).toBe(
      'Minimum Investment Amount should be 30,000.',
    );
    expect(error({ InstallmentPremiumAmount: 5000001 }).message).toBe(
      'Maximum Investment Amount is ₹ 50,00,000.',
    );
    expect(error({ PremiumPayingTerm: 6, PolicyTerm: 20 }).field).toBe('PolicyTerm');
  });
});
