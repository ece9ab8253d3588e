import { describe, expect, it } from 'vitest';
import type { Calculator } from '../../../src/pricing/calculator.ts';
import { calculatorFor, calculators } from '../../../src/pricing/calculators.ts';
import { quoteDeferredAnnuity } from '../../../src/pricing/deferredAnnuityPricing.ts';
import { planExample, type PlanExampleInputs } from '../../../src/pricing/planExample.ts';
import { basisValidator, inputValidator, tables } from './calculatorFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';
import type { PlanConfig } from '../../../engine/plan/types.ts';
import { basis as t54Basis, mortality, sample } from './deferredAnnuityFixture.ts';

const i02 = readPlanFile('I02', 'pricing-basis.json');
const t54 = readPlanFile('T54', 'pricing-basis.json');
const t54Plan = readPlanFile<PlanConfig>('T54', 'plan.json');
const t62 = readPlanFile('T62', 'pricing-basis.json');
const t64 = readPlanFile('T64', 'pricing-basis.json');
const t76 = readPlanFile('T76', 'pricing-basis.json');

/** Each plan's basis, and one request its calculator must price. */
const plans: [string, { calculator: string; $schema: string }, PlanExampleInputs][] = [
  [
    'T54',
    t54,
    {
      life: { age: 55, gender: 'Male' },
      proposalDate: '2026-01-15',
      online: true,
      plan: {
        InstallmentPremiumAmount: 200000,
        PremiumFrequency: 'Yearly',
        PremiumPayingTerm: 10,
        AnnuityFrequency: 'Yearly',
        AnnuityOption: 'T54C',
        AnnuityFor: 'Single Life',
      },
    },
  ],
  [
    'T64',
    t64,
    {
      life: { age: 30, gender: 'Male', smoker: true },
      proposalDate: '2026-01-15',
      online: true,
      staff: true,
      plan: {
        SumAssured: '1,00,00,000',
        PolicyTerm: 'To Age 99',
        PremiumPayingTerm: 10,
        PremiumFrequency: 12,
        DeathBenefitOption: 'LSI',
      },
    },
  ],
  [
    'T76',
    t76,
    {
      life: { age: 45, gender: 'Female' },
      proposalDate: '2026-01-15',
      online: true,
      plan: {
        SumAssured: 5000000,
        PolicyTerm: 20,
        PremiumPayingTerm: 'Regular',
        PremiumFrequency: 'Yearly',
        DeathBenefitOption: 'LS',
      },
    },
  ],
  [
    'T62',
    t62,
    {
      life: { age: 40, gender: 'Male' },
      proposalDate: '2026-01-15',
      online: true,
      plan: {
        InstallmentPremiumAmount: 100000,
        PremiumFrequency: 'Yearly',
        PremiumPayingTerm: 12,
        PolicyTerm: 20,
      },
    },
  ],
  [
    'I02',
    i02,
    {
      life: { age: 50, gender: 'Male' },
      secondLife: { age: 48, gender: 'Female' },
      proposalDate: '2026-01-15',
      online: true,
      plan: {
        InstallmentPremiumAmount: 100000,
        PremiumFrequency: 'Yearly',
        PremiumPayingTerm: 10,
        AnnuityFrequency: 'Monthly',
        AnnuityOption: 'JLSROP',
        AnnuityFor: 'Joint Life',
      },
    },
  ],
];

describe.each(plans)('%s through the registry', (code, basis, example) => {
  const calculator = calculatorFor(basis.calculator) as Calculator<unknown>;

  it('has a basis valid against its calculator’s basisSchema, pointing at that schema file', () => {
    const validate = basisValidator(calculator);
    expect(validate(basis), JSON.stringify(validate.errors)).toBe(true);
    expect(basis.$schema).toMatch(/pricing(-basis\.schema|\/[a-z-]+-basis\.schema)\.json$/);
    expect(calculator.mortalityTable(basis)).toBe('ialm-2012-14');
  });

  it('has a basisSchema that catches a broken basis', () => {
    const validate = basisValidator(calculator);
    expect(validate({ ...basis, interestRatePercent: '5' })).toBe(false);
    const { messages: _dropped, ...withoutMessages } = basis as Record<string, unknown>;
    expect(validate(withoutMessages)).toBe(false);
  });

  it('prices the example, with the input valid against its inputSchema, the same to the rupee every time', () => {
    expect(inputValidator(calculator)(example.plan)).toBe(true);
    const first = planExample(calculator, basis, tables, example);
    const again = planExample(calculator, JSON.parse(JSON.stringify(basis)), tables, example);
    expect(again).toEqual(first);
    expect(first.planCode).toBe(code);
    expect(first.headline).toMatch(/^(Get|Pay) ₹ [0-9,]+ /);
    for (const row of [...first.youPay, ...first.youGet, ...first.breakup, ...first.explanation]) {
      expect(row.id).toMatch(/^[a-zA-Z-]+$/);
      if (row.format === 'rupees') expect(Number.isInteger(row.value), row.id).toBe(true);
    }
    const table = first.illustration.tables[0]!;
    for (const tableRow of table.rows)
      expect(Object.keys(tableRow).sort()).toEqual(table.columns.map((c) => c.id).sort());
    expect(first.breakup.at(-1)!.value).toBe(first.premium.withTaxFY);
  });

  it('has an inputSchema that rejects bad input with the form’s messages', () => {
    const validate = inputValidator(calculator);
    expect(validate({})).toBe(false);
    expect(validate.errors!.every((e) => /cannot be empty\.$/.test(e.message ?? ''))).toBe(true);
    expect(validate({ ...example.plan, PremiumFrequency: 'Weekly' })).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toContain('Please enter valid premium frequency.');
  });
});

describe('planExample', () => {
  it('reproduces the T54 landing example from its stated inputs: 1,71,746 a year online', () => {
    const [, basis, example] = plans[0]!;
    const quote = planExample(
      calculatorFor('deferredAnnuity') as Calculator<unknown>,
      basis,
      tables,
      example,
    );
    expect(quote.headline).toBe('Get ₹ 1,71,746 a year');
    expect(quote.figures.firstPayoutAge).toBe(66);
    const atAge75 = quote.illustration.tables[0]!.rows.find((row) => row.age === 75);
    expect(atAge75!.deathBenefit).toBe(2000000);
    const offline = planExample(calculatorFor('deferredAnnuity') as Calculator<unknown>, basis, tables, {
      ...example,
      online: false,
    });
    expect(offline.figures.annualAnnuity).toBe(170046);
  });
});

describe('calculatorFor', () => {
  it('resolves the calculator plan.json names, and the basis names the same one', () => {
    expect(calculatorFor(t54Plan.calculator)).toBe(calculatorFor(t54Basis.calculator));
    expect(calculatorFor('deferredAnnuity').basisFile).toBe('pricing-basis.json');
    expect(calculatorFor('deferredAnnuity').mortalityTable(t54Basis)).toBe('ialm-2012-14');
  });

  it('names calculators by kind: no plan code is a calculator name', () => {
    expect(Object.keys(calculators)).not.toContain('T54');
    expect(calculatorFor('deferredAnnuity')).toBe(calculators.deferredAnnuity);
  });

  it('names the known calculators when asked for another', () => {
    expect(() => calculatorFor('T99')).toThrow(
      "No calculator 'T99' (known: deferredAnnuity, termLife, milestoneSavings, guaranteedAnnuity, unitLinked)",
    );
    expect(() => calculatorFor('toString')).toThrow('No calculator');
  });

  it('refuses a mortality table other than the one the basis names', () => {
    expect(() => quoteDeferredAnnuity(sample, t54Basis, { ...mortality, id: 'other' })).toThrow(
      'ialm-2012-14',
    );
  });
});
