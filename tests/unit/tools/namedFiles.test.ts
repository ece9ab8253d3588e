import { describe, expect, it } from 'vitest';
import { checkCopiedPlan, located } from './planFolder.ts';

/*
 * A file plan.json names, or a `$use` names, that is in no layer (the plan's folder, the plans
 * it extends, schemas/common): plans:validate names the key that names it, its line, and the
 * nearest file there is (docs/design/composed-plans.md, "Errors").
 */

describe('plans:validate names a file that is in no layer where it is named, with the nearest file', () => {
  it("a step's schema and a popup's uiSchema, at /steps/<id>/schema and /popups/<id>/uiSchema", () => {
    const lines: Record<string, number> = {};
    const schema = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.steps['plan-details'].schema = 'steps/plan-detail.schema.json';
      });
      lines.schema = plan.lineOf('plan.json', '"steps/plan-detail.schema.json"');
    }, 'T64');
    expect(located(schema)).toEqual([
      `plans/T64/plan.json:${lines.schema} /steps/plan-details/schema: names steps/plan-detail.schema.json, which is in none of plans/T64/ or common/ (did you mean "steps/plan-details.schema.json"?)`,
    ]);
    const popup = checkCopiedPlan((plan) => {
      plan.edit('plan.json', (config) => {
        config.popups = { ...config.popups, resume: { $use: 'common/plan-parts.json#/popups/resume' } };
        config.popups.resume.uiSchema = 'popups/resum.ui.json';
      });
      lines.popup = plan.lineOf('plan.json', '"popups/resum.ui.json"');
    }, 'T64');
    expect(located(popup)).toEqual([
      `plans/T64/plan.json:${lines.popup} /popups/resume/uiSchema: names popups/resum.ui.json, which is in none of plans/T64/ or common/ (did you mean "popups/resume.ui.json"?)`,
    ]);
  });

  it('a $use naming a file that does not exist, shared or the plan’s own', () => {
    const lines: Record<string, number> = {};
    const shared = checkCopiedPlan((plan) => {
      plan.write('steps/plan-details.ui.json', {
        $use: 'common/steps/plan-detail.ui.json',
      });
      lines.shared = plan.lineOf('steps/plan-details.ui.json', '"$use"');
    }, 'T64');
    expect(located(shared)).toEqual([
      `plans/T64/steps/plan-details.ui.json:${lines.shared} /$use: "$use" names common/steps/plan-detail.ui.json, which does not exist (did you mean "common/steps/plan-details.ui.json"?)`,
    ]);
    const own = checkCopiedPlan((plan) => {
      plan.write('machine.json', { $use: 'machne.json' });
      lines.own = plan.lineOf('machine.json', '"$use"');
    }, 'T64');
    expect(located(own)).toEqual([
      `plans/T64/machine.json:${lines.own} /$use: "$use" names machne.json, which does not exist (did you mean "machine.json"?)`,
    ]);
  });
});
