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

  it('prices every age the plan admits (18 to 90), within the maturity age', () => {
    const { min, max } = basis.ages.entry;
    expect([min, max]).toEqual([18, 90]);
    expect(figure(price({ PremiumPayingTerm: 5, PolicyTerm: 10 }, max), 'maturityBenefit')).toBeGreaterThan(
      0,
    );
    expect(figure(price({}, min), 'maturityBenefit')).toBeGreaterThan(0);
    expect(inputErrorOf(milestoneSavings, basis, request(plan(), { life: life(85) })).message).toBe(
      'Maturity age cannot be more than 100: choose a policy term of at most 15 years',
    );
  });

  // Issue 17: at 90 the preselected 5/10 asked 2,50,000 for 1,15,530, with life cover below the
  // premiums. Now every request either quotes what the basis guarantees or is refused.
  it('at every entry age, term, frequency and gender, pays back at least the premiums to a survivor and 105% of premiums paid on death, or refuses a frequency that cannot', () => {
    const short: string[] = [];
    const refused = new Set<string>();
    for (const gender of ['Male', 'Female', 'Transgender']) {
      for (const frequency of basis.premium.frequencies) {
        for (const { premiumPayingTerm, policyTerm } of basis.terms) {
          for (let age = basis.ages.entry.min; age + policyTerm <= basis.ages.maxMaturityAge; age++) {
            const req = request(
              plan({
                PremiumFrequency: frequency.value,
                InstallmentPremiumAmount: frequency.minimumInstalment,
                PremiumPayingTerm: premiumPayingTerm,
                PolicyTerm: policyTerm,
              }),
              { life: life(age, { gender }) },
            );
            const at = `${gender} ${frequency.value} ${premiumPayingTerm}/${policyTerm} at ${age}`;
            let quote;
            try {
              quote = milestoneSavings.price(req, basis, tables);
            } catch {
              const { field, message } = inputErrorOf(milestoneSavings, basis, req);
              expect(field, at).toBe('PremiumFrequency');
              expect(message, at).toMatch(/: choose Yearly/);
              refused.add(`${frequency.value} from ${age}`);
              continue;
            }
            if (figure(quote, 'totalBenefits') < quote.premium.totalPayable) short.push(`${at}: benefits`);
            for (const row of quote.illustration.tables[0]!.rows) {
              if (Number(row.deathBenefit) < 1.05 * Number(row.totalPremiumsPaid) - 0.5)
                short.push(`${at}: death benefit in year ${row.policyYear}`);
            }
          }
        }
      }
    }
    expect(short).toEqual([]);
    // Only a man (or Other) of 88 or more paying other than yearly: yearly quotes at every age.
    expect([...refused].every((r) => !r.startsWith('Yearly') && Number(r.split(' ').at(-1)) >= 88)).toBe(
      true,
    );
  });

  it('holds the total benefits at the premiums and scales the cover above 105% of premiums paid where the equivalence would pay back less (a man of 90, 5/10)', () => {
    const quote = price({ InstallmentPremiumAmount: 50000, PremiumPayingTerm: 5, PolicyTerm: 10 }, 90);
    expect(quote.premium.totalPayable).toBe(250000);
    expect(figure(quote, 'totalBenefits')).toBe(250000);
    expect(figure(quote, 'milestoneIncome')).toBe(27500);
    expect(figure(quote, 'maturityBenefit')).toBe(222500);
    const cover = figure(quote, 'lifeCoverPercent');
    expect(cover).toBeGreaterThan(0);
    expect(cover).toBeLessThan(100);
    const deaths = quote.illustration.tables[0]!.rows.map((row) => Number(row.deathBenefit));
    // The scaled cover (a share of 7 × 50,000) in year 1, then 105% of premiums paid.
    expect(Math.abs(deaths[0]! - (cover / 100) * 7 * 50000)).toBeLessThan(50 * 7);
    expect(deaths.slice(1)).toEqual([105000, 157500, 210000, 262500, 262500, 262500, 262500, 262500, 262500]);
    expect(quote.explanation.map((row) => row.id)).toContain('lifeCoverPercent');
    // Where the premiums fund the full cover, nothing is scaled (the worked example).
    const full = price();
    expect(figure(full, 'lifeCoverPercent')).toBe(100);
    expect(figure(full, 'maturityBenefit')).toBe(2005198);
    expect(full.explanation.map((row) => row.id)).not.toContain('lifeCoverPercent');
  });

  it('floors what the quote shows: offline (no online 10%) a man of 90 is refused, and a basis without the floor quotes less than the premiums', () => {
    const at90 = plan({ InstallmentPremiumAmount: 50000, PremiumPayingTerm: 5, PolicyTerm: 10 });
    expect(
      inputErrorOf(milestoneSavings, basis, request(at90, { life: life(90), online: false })),
    ).toMatchObject({
      field: 'PolicyTerm',
      message: 'This premium paying term and policy term are not available at age 90',
    });
    expect(
      inputErrorOf(
        milestoneSavings,
        basis,
        request({ ...at90, PremiumFrequency: 'Monthly', InstallmentPremiumAmount: 4350 }, { life: life(90) }),
      ),
    ).toMatchObject({
      field: 'PremiumFrequency',
      message:
        'Monthly premiums are not available at age 90 with this premium paying term and policy term: choose Yearly',
    });
    const withoutFloor = {
      ...basis,
      guaranteedBenefits: { ...basis.guaranteedBenefits, atLeastPercentOfPremiums: 0 },
    };
    const quote = milestoneSavings.price(request(at90, { life: life(90) }), withoutFloor, tables);
    expect(figure(quote, 'totalBenefits')).toBeLessThan(quote.premium.totalPayable);
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
