import type { LoadedPlan } from '../../engine/plan/types.ts';
import { amountsIn, rupees, type Problem } from './problem.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * One source for the premium limits a form's help text quotes ('Minimum 50,000 a year
 * (25,595 half-yearly, …)'): every amount in the help of a field limited by frequency must be
 * one of plan.json's minimum premiums, or a maximum the step itself states for that field.
 */

function uiAt(uiSchema: unknown, path: string[]): Record<string, unknown> | undefined {
  let node = uiSchema as Record<string, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string, unknown> | undefined;
  return node;
}

export function checkHelpTexts(code: string, plan: LoadedPlan): Problem[] {
  const problems: Problem[] = [];
  const minimums = new Set((plan.config.paymentFrequencies ?? []).map((f) => f.minimumPremium));
  for (const form of [...Object.values(plan.steps), ...Object.values(plan.popups)]) {
    const limited = new Set<string>();
    const maximums = new Map<string, number[]>();
    walkSchema(form.schema, ({ schema, dataPath }) => {
      const key = dataPath.join('/');
      if (schema.minimumByFrequency) limited.add(key);
      if (typeof schema.maximumAmount === 'number')
        maximums.set(key, [...(maximums.get(key) ?? []), schema.maximumAmount]);
    });
    for (const key of limited) {
      const allowed = new Set([...minimums, ...(maximums.get(key) ?? [])]);
      const help = uiAt(form.uiSchema, key.split('/'))?.['ui:help'];
      if (typeof help !== 'string') continue;
      for (const amount of amountsIn(help)) {
        if (allowed.has(amount)) continue;
        problems.push({
          file: `plans/${code}/${form.definition.uiSchema}`,
          where: `/${key}/ui:help`,
          message: `the help text quotes ${rupees(amount)}, which is not a minimum premium of plan.json /paymentFrequencies (${[...minimums].map(rupees).join(', ')}) or a maximum this step states`,
        });
      }
    }
  }
  return problems;
}
