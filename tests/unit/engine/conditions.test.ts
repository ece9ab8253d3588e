import { describe, expect, it } from 'vitest';
import { conditionsIn, holds, registerConditions } from '../../../engine/plan/conditions.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { listPlanCodes } from '../../../src/plans/nodePlanSource.ts';
import { precompiledPlan, precompiledProposal } from '../../../tools/lib/precompiledPlans.ts';

describe('conditions: a scope and a JSON Schema', () => {
  const notMyself = { scope: '/basicDetails/policyHolder/buyFor', schema: { not: { const: 'Myself' } } };
  const joint = { scope: '/planDetails/category', schema: { const: 'Joint' } };
  registerConditions({ notMyself, joint }, compilingValidators.matchesSchema);

  it('holds when the value at its scope matches its schema; a missing value is undefined', () => {
    expect(holds(notMyself, { basicDetails: { policyHolder: { buyFor: 'Spouse' } } })).toBe(true);
    expect(holds(notMyself, { basicDetails: { policyHolder: { buyFor: 'Myself' } } })).toBe(false);
    expect(holds(notMyself, {})).toBe(true);
    expect(holds(joint, {})).toBe(false);
    expect(holds(joint, { planDetails: { category: 'Joint' } })).toBe(true);
    expect(holds(undefined, {})).toBe(true);
  });

  it('refuses a condition no built plan registered, rather than guessing', () => {
    expect(() => holds({ scope: '/x', schema: { const: 1 } }, { x: 1 })).toThrow(/not part of a built plan/);
  });

  it.each(listPlanCodes())(
    '%s: the browser has a precompiled check for every condition of its plan and forms',
    async (code) => {
      const plan = await precompiledPlan(code);
      // The journey's plan.json has no proposal (src/plans/browserPlanModules.ts); the proposal
      // page's module checks those.
      const { proposal: _proposal, ...journeyConfig } = plan.config;
      const conditions = [
        journeyConfig,
        ...[...Object.values(plan.steps), ...Object.values(plan.popups)].map((form) => form.uiSchema),
      ].flatMap((node) => conditionsIn(node));
      for (const condition of conditions) expect(() => holds(condition, {})).not.toThrow();
    },
  );

  it.each(listPlanCodes())(
    '%s: the proposal page has a precompiled check for every condition of its steps',
    async (code) => {
      const forms = await precompiledProposal(code);
      const conditions = [
        forms.config.proposal,
        ...Object.values(forms.proposal).map((form) => form.uiSchema),
      ].flatMap((node) => conditionsIn(node));
      expect(conditions.length).toBeGreaterThan(0);
      for (const condition of conditions) expect(() => holds(condition, {})).not.toThrow();
    },
  );
});
