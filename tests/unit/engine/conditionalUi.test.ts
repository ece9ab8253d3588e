import { describe, expect, it } from 'vitest';
import {
  applyConditionalRules,
  collectConditionalRules,
  conditionalOutcomes,
} from '../../../engine/form/conditionalUi.ts';
import { registerConditions } from '../../../engine/plan/conditions.ts';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';

describe('conditional uiSchema rules', () => {
  const uiSchema = {
    payMode: {
      'ui:widget': 'RadioCardsWidget',
      'ui:options': {
        when: [
          {
            scope: '/premium',
            schema: { type: 'number', exclusiveMinimum: 200000 },
            set: { 'ui:options': { hiddenValues: ['B'] } },
          },
        ],
      },
    },
    category: {
      'ui:options': {
        when: [{ scope: '/option', schema: { not: { enum: ['A', 'C'] } }, set: { 'ui:disabled': true } }],
      },
    },
  };
  // A built plan registers its conditions with its matcher; these stand alone.
  registerConditions(uiSchema, compilingValidators.matchesSchema);
  const rules = collectConditionalRules(uiSchema);

  it('holds a numeric rule only for a number above exclusiveMinimum', () => {
    expect(conditionalOutcomes(rules, { premium: 200001, option: 'A' })).toBe('10');
    expect(conditionalOutcomes(rules, { premium: 200000, option: 'A' })).toBe('00');
    expect(conditionalOutcomes(rules, { premium: '300000', option: 'A' })).toBe('00');
    expect(conditionalOutcomes(rules, { option: 'B' })).toBe('01');
  });

  it('merges what a holding rule sets, keeping the rest of the field', () => {
    const applied = applyConditionalRules(uiSchema, rules, '10') as Record<string, Record<string, unknown>>;
    expect(applied.payMode!['ui:widget']).toBe('RadioCardsWidget');
    expect((applied.payMode!['ui:options'] as Record<string, unknown>).hiddenValues).toEqual(['B']);
    expect(applied.category).toBe(uiSchema.category);
  });

  it('hides BASBA on the T54 make-payment step above 2,00,000 (spec 02 §4.7)', () => {
    const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);
    const ui = plan.steps['make-payment']!.uiSchema as Record<string, unknown>;
    const t54 = collectConditionalRules(ui);
    const hidden = (premium: number) => {
      const applied = applyConditionalRules(ui, t54, conditionalOutcomes(t54, { premium })) as Record<
        string,
        { 'ui:options'?: { hiddenValues?: string[] } }
      >;
      return applied.payMode?.['ui:options']?.hiddenValues ?? [];
    };
    expect(hidden(200000)).toEqual([]);
    expect(hidden(200001)).toEqual(['BASBA']);
    // The screen, the step's validation and the server's refusal use one limit.
    const files = readPlanFiles('T54');
    const limit = (files['plan.json'] as { payment: { basbaMaximumPremium: number } }).payment
      .basbaMaximumPremium;
    const schema = files['steps/make-payment.schema.json'] as {
      if: { properties: { premium: { exclusiveMinimum: number } } };
    };
    expect(schema.if.properties.premium.exclusiveMinimum).toBe(limit);
    expect(hidden(limit)).toEqual([]);
    expect(hidden(limit + 1)).toEqual(['BASBA']);
  });
});
