import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import basisSchema from '../../../schemas/pricing-basis.schema.json';
import { basis, basisWith } from './deferredAnnuityFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';
import type { PlanConfig } from '../../../engine/plan/types.ts';

const planJson = readPlanFile<PlanConfig>('T54', 'plan.json');

describe('T54 pricing basis (data)', () => {
  const validate = new Ajv({ strict: true, allErrors: true }).compile(basisSchema);

  it('is valid against schemas/pricing-basis.schema.json and points at it', () => {
    expect(validate(basis), JSON.stringify(validate.errors)).toBe(true);
    expect((basis as unknown as { $schema: string }).$schema).toBe('../../pricing-basis.schema.json');
  });

  it('is caught by the schema when broken', () => {
    expect(validate(basisWith((b) => void (b.interestRatePercent = '5.25' as unknown as number)))).toBe(
      false,
    );
    expect(validate(basisWith((b) => void (b.options[0]!.escalation = { percentPerYear: 5 } as never)))).toBe(
      false,
    );
  });

  it('agrees with plan.json on frequencies, minimums, divisors, ages and offers', () => {
    expect(
      planJson.paymentFrequencies.map(({ value, code, minimumPremium, annualisationDivisor }) => ({
        value,
        code,
        minimumPremium,
        annualisationDivisor,
      })),
    ).toEqual(
      basis.premium.frequencies.map(({ value, code, minimumInstalment, annualisationDivisor }) => ({
        value,
        code,
        minimumPremium: minimumInstalment,
        annualisationDivisor,
      })),
    );
    expect(planJson.ageLimits.insured).toEqual(basis.ages.entry);
    expect(planJson.ageLimits.secondaryAgeDifference).toBe(basis.ages.jointLife.maxAgeDifference);
    expect(planJson.offers.map((o) => [o.id, o.annuityBonusPercent])).toEqual(
      basis.annuity.bonuses.map((b) => [b.id, b.percent]),
    );
  });

  it('lists the five options with the spec’s component codes and names', () => {
    expect(Object.fromEntries(basis.options.map((o) => [o.code, o.name]))).toEqual({
      T54A: 'Life Annuity',
      T54B: 'Life increasing Annuity',
      T54C: 'Life Annuity with return of purchase price on death',
      T54D: 'Life Annuity with return of purchase price on death or critical illness',
      T54E: 'Life Annuity with return of purchase price on death or in instalments on survival',
    });
    expect(basis.options.filter((o) => o.jointLife).map((o) => o.code)).toEqual(['T54A', 'T54C']);
  });
});
