import { describe, expect, it } from 'vitest';
import type { Calculator } from '../../../src/pricing/calculator.ts';
import { calculatorFor } from '../../../src/pricing/calculators.ts';
import { planExample } from '../../../src/pricing/planExample.ts';
import { unitLinkedBasisProblems } from '../../../src/pricing/unitLinkedBasis.ts';
import { unitLinked } from '../../../src/pricing/unitLinkedCalculator.ts';
import basisJson from './unitLinkedBasis.fixture.json';
import { basisValidator, inputValidator, tables } from './calculatorFixture.ts';
import { exampleBasis, priceUlip, ulipInputError, ulipPlan } from './unitLinkedFixture.ts';

describe('unitLinked: requests outside the basis are refused in the basis’s words', () => {
  it('refuses a fund allocation that does not total 100', () => {
    expect(ulipInputError({ FundAllocation: { equity1: 60, debt1: 30 } })).toMatchObject({
      field: 'FundAllocation',
      message: 'Your fund allocation should add up to 100%; it adds up to 90%',
    });
    expect(
      ulipInputError({ InvestmentStrategy: 'Self-Managed', FundAllocation: { equity1: 70, liquid1: 40 } })
        .message,
    ).toBe('Your fund allocation should add up to 100%; it adds up to 110%');
  });

  it('refuses what a strategy does not allow', () => {
    const error = (changes: Record<string, unknown>) => ulipInputError(changes).message;
    expect(
      error({ InvestmentStrategy: 'Defined Allocation', FundAllocation: { equity1: 50, debt1: 50 } }),
    ).toBe('Please choose 4 funds under Defined Allocation');
    expect(error({ InvestmentStrategy: 'Auto Trigger', FundAllocation: { debt1: 100 } })).toBe(
      'Debt 1 is not available under Auto Trigger',
    );
    expect(error({ InvestmentStrategy: 'Self-Managed', FundAllocation: {} })).toBe(
      'Please split your premium across the funds of Self-Managed',
    );
    expect(error({ InvestmentStrategy: 'Momentum' })).toBe('Unknown investment strategy Momentum');
    expect(error({ FundAllocation: { gold: 100 } })).toBe('Unknown fund gold');
    expect(error({ FundAllocation: { equity1: 62.5, debt1: 37.5 } })).toBe(
      'Please enter a whole percentage for Equity 1',
    );
    const required = exampleBasis((b) => (b.investment.strategyRequired = true));
    expect(ulipInputError({}, {}, required)).toMatchObject({
      field: 'InvestmentStrategy',
      message: 'Please select an investment strategy',
    });
  });

  it('offers Single only where the basis lists it, without riders, paid once', () => {
    const regularOnly = exampleBasis((b) => {
      b.premium.frequencies = b.premium.frequencies.filter((f) => f.value !== 'Single');
    });
    const single = {
      PremiumFrequency: 'Single',
      InstallmentPremiumAmount: 500000,
      PremiumPayingTerm: undefined,
    };
    expect(ulipInputError(single, {}, regularOnly)).toMatchObject({
      field: 'PremiumFrequency',
      message: 'Single premium is not available for this plan',
    });
    expect(ulipInputError({ ...single, PremiumFrequency: 0 }, {}, regularOnly).message).toBe(
      'Single premium is not available for this plan',
    );
    expect(priceUlip(single).premium.frequency).toBe('Single');
    expect(ulipInputError({ ...single, PremiumPayingTerm: 5 }).message).toBe(
      'A single premium is paid once: the premium paying term is 1 year',
    );
    expect(ulipInputError({ ...single, Riders: [{ code: 'ADB', sumAssured: 500000 }] })).toMatchObject({
      field: 'Riders',
      message: 'Riders are available only with regular premiums',
    });
  });

  it('keeps each rider within its sum assured limits and entry ages, once', () => {
    const rider = (code: string, sumAssured: unknown, age = 35) =>
      ulipInputError({ Riders: [{ code, sumAssured }] }, { age });
    // At most the base sum assured (10 × 1,00,000 here) and the rider's own maximum.
    expect(rider('CI', 1500000)).toMatchObject({
      field: 'Riders',
      message: 'Critical Illness Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    });
    expect(rider('ADB', 50000).message).toBe(
      'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    );
    expect(rider('ADB', undefined).message).toBe(
      'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    );
    expect(rider('CI', 500000, 62).message).toBe(
      'Critical Illness Rider is available for entry ages 18 to 60',
    );
    expect(rider('WOP', 500000).message).toBe('Unknown rider WOP');
    expect(
      ulipInputError({
        Riders: [
          { code: 'ADB', sumAssured: 200000 },
          { code: 'ADB', sumAssured: 300000 },
        ],
      }).message,
    ).toBe('Accidental Death Benefit Rider can be added only once');
  });

  it('keeps ages, terms, premiums and the sum assured within the basis', () => {
    expect(ulipInputError({}, { age: 4 })).toMatchObject({
      field: 'life.age',
      message: 'Age should be between 5 and 65',
    });
    expect(ulipInputError({ PolicyTerm: 25 }, { age: 65 })).toMatchObject({
      field: 'PolicyTerm',
      message: 'Maturity age cannot be more than 85: choose a policy term of at most 20 years',
    });
    expect(ulipInputError({ PolicyTerm: 8 }).message).toBe('Policy term should be between 10 and 40 years');
    expect(ulipInputError({ PremiumPayingTerm: 12 })).toMatchObject({
      field: 'PremiumPayingTerm',
      message: 'Premium paying term should be one of 5, 7, 10, 15, 20 years',
    });
    expect(ulipInputError({ PremiumPayingTerm: undefined }).message).toBe(
      'Premium Paying Term cannot be empty.',
    );
    expect(ulipInputError({ InstallmentPremiumAmount: 23999 }).message).toBe(
      'Minimum Investment Amount should be 24,000.',
    );
    expect(ulipInputError({ PremiumFrequency: 'Monthly', InstallmentPremiumAmount: 900000 }).message).toBe(
      'Maximum Investment Amount is ₹ 8,33,333.',
    );
    // Below 45: 10 to 30 × the annualised premium; from 45: 7 to 20 ×.
    expect(ulipInputError({ SumAssured: 900000 })).toMatchObject({
      field: 'SumAssured',
      message: 'Sum Assured should be between ₹ 10,00,000 and ₹ 30,00,000',
    });
    expect(ulipInputError({ SumAssured: 2100000 }, { age: 50 }).message).toBe(
      'Sum Assured should be between ₹ 7,00,000 and ₹ 20,00,000',
    );
    expect(priceUlip({ SumAssured: '25,00,000' }).sumAssured).toBe(2500000);
    expect(priceUlip({}, { age: 50 }).sumAssured).toBe(700000);
  });

  it('says so when the charges would use up the fund', () => {
    const heavy = exampleBasis((b) => (b.mortality.loadingPercent = 1000));
    expect(ulipInputError({ SumAssured: 1400000, PolicyTerm: 20 }, { age: 65 }, heavy)).toMatchObject({
      field: 'SumAssured',
    });
    expect(ulipInputError({ SumAssured: 1400000, PolicyTerm: 20 }, { age: 65 }, heavy).message).toMatch(
      /^At 4% the charges would use up the fund in policy year [0-9]+: choose a lower sum assured or a shorter policy term$/,
    );
  });

  it('fails loudly (not as the visitor’s error) on a basis JSON Schema cannot fault', () => {
    const broken = exampleBasis((b) => {
      b.investment.strategies.find((s) => s.id === 'smartSwitch')!.finalYears!.allocation = { liquid1: 90 };
      b.illustration.headlineScenario = 'tenPercent';
      b.premium.frequencies.find((f) => f.value === 'Monthly')!.annualisationDivisor = 0.087;
    });
    expect(unitLinkedBasisProblems(broken)).toEqual([
      "strategy 'smartSwitch' finalYears totals 90%, not 100%",
      "illustration.headlineScenario 'tenPercent' is not a scenario",
      'frequency Monthly: annualisationDivisor should be 1 ÷ 12',
    ]);
    expect(() => priceUlip({}, {}, broken)).toThrow(/^The unit-linked basis of ULP: /);
    expect(unitLinkedBasisProblems(exampleBasis())).toEqual([]);
  });
});

describe('unitLinked through the registry, with its schemas', () => {
  const calculator = calculatorFor('unitLinked') as Calculator<unknown>;

  it('is registered by kind, reads pricing-basis.json and names IALM 2012-14', () => {
    expect(calculator).toBe(unitLinked);
    expect(calculator.basisFile).toBe('pricing-basis.json');
    expect(calculator.mortalityTable(basisJson)).toBe('ialm-2012-14');
  });

  it('has a basis schema the example basis meets and broken bases do not', () => {
    const validate = basisValidator(calculator);
    expect(validate(basisJson), JSON.stringify(validate.errors)).toBe(true);
    expect(basisJson.$schema).toBe('../../../schemas/pricing/unit-linked-basis.schema.json');
    const { messages: _dropped, ...withoutMessages } = basisJson;
    expect(validate(withoutMessages)).toBe(false);
    // Single offered needs the single-premium charges.
    const { single: _single, ...regularCharges } = basisJson.charges;
    expect(validate({ ...basisJson, charges: regularCharges })).toBe(false);
    expect(
      validate({
        ...basisJson,
        charges: regularCharges,
        premium: { ...basisJson.premium, frequencies: basisJson.premium.frequencies.slice(1) },
      }),
    ).toBe(true);
    // A strategy must either take the visitor's split or set its own.
    const strategies = [{ id: 'x', name: 'X', description: 'X', note: 'X' }];
    expect(validate({ ...basisJson, investment: { ...basisJson.investment, strategies } })).toBe(false);
    expect(validate({ ...basisJson, mortality: { ...basisJson.mortality, loadingPercent: '120' } })).toBe(
      false,
    );
  });

  it('has an input schema that checks shape with the form’s messages', () => {
    const validate = inputValidator(calculator);
    expect(validate({})).toBe(false);
    expect(validate.errors!.map((e) => e.message).sort()).toEqual([
      'Investment Amount cannot be empty.',
      'Policy Term cannot be empty.',
      'Premium Frequency cannot be empty.',
    ]);
    expect(
      validate(ulipPlan({ Riders: [{ code: 'ADB', sumAssured: '5,00,000' }], InvestmentStrategy: '' })),
    ).toBe(true);
    expect(
      validate(ulipPlan({ PremiumFrequency: 'Single', PremiumPayingTerm: 'Single', SumAssured: null })),
    ).toBe(true);
    expect(validate(ulipPlan({ SumAssured: '' }))).toBe(true);
    expect(validate(ulipPlan({ SumAssured: 'ten lakh' }))).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toEqual(['Please enter valid sum assured.']);
    expect(validate(ulipPlan({ Riders: [{ code: 'ADB', sumAssured: 500000, extra: 1 }] }))).toBe(false);
    expect(validate(ulipPlan({ PremiumFrequency: 'Weekly' }))).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toContain('Please enter valid premium frequency.');
    expect(validate(ulipPlan({ FundAllocation: { equity1: 12.5, debt1: 87.5 } }))).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toEqual(['Please enter valid fund allocation.']);
    expect(validate(ulipPlan({ Riders: [{ code: 'ADB' }] }))).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toEqual(['Please enter valid riders.']);
  });

  it('prices a stated example the way plans:validate does', () => {
    const example = {
      life: { age: 40, gender: 'Female' },
      proposalDate: '2026-01-15',
      online: true,
      plan: ulipPlan({ InvestmentStrategy: 'Smart Switch', FundAllocation: { equity1: 70, debt1: 30 } }),
    };
    const quote = planExample(calculator, basisJson, tables, example);
    expect(quote).toEqual(planExample(calculator, structuredClone(basisJson), tables, example));
    expect(quote.planCode).toBe('ULP');
    expect(quote.componentCode).toBe('ULPIN');
    const male = planExample(calculator, basisJson, tables, {
      ...example,
      life: { age: 40, gender: 'Male' },
    });
    // A woman is rated 3 years younger: smaller mortality charges, a larger fund.
    expect(Number(quote.figures.maturityFundValueEightPercent)).toBeGreaterThan(
      Number(male.figures.maturityFundValueEightPercent),
    );
  });
});
