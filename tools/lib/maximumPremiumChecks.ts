import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import { basisFrequencies } from './basisFacts.ts';
import { amountsIn, rupees, type Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * One source for the premium maximum. The calculator's basis holds each frequency's
 * largest instalment (the server refuses more); a step that limits the amount for a
 * frequency (`maximumAmount` under an `if` on that frequency) must say the same figure,
 * and its message must quote it, so the browser refuses exactly what the server refuses.
 */

/** The frequency an `if` condition tests for ('Yearly' from { properties: { investmentFrequency: { const } } }). */
function frequencyOf(condition: unknown): string | undefined {
  const properties = (condition as { properties?: Record<string, { const?: unknown }> } | undefined)
    ?.properties;
  const value = Object.values(properties ?? {}).find(
    (property) => typeof property?.const === 'string',
  )?.const;
  return typeof value === 'string' ? value : undefined;
}

export function checkMaximumPremiums(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const basis = calculator ? files[calculator.basisFile] : undefined;
  const table = basis ? basisFrequencies(basis) : undefined;
  if (!calculator || !table) return problems;
  const basisFile = `plans/${code}/${calculator.basisFile}`;
  for (const form of [...Object.values(plan.steps), ...Object.values(plan.popups)]) {
    const file = `plans/${code}/${form.definition.schema}`;
    walkSchema(form.schema, ({ schema, schemaPath, branches }) => {
      const maximum = schema.maximumAmount;
      if (typeof maximum !== 'number') return;
      const branch = branches.at(-1);
      const frequency = branch?.branch === 'then' ? frequencyOf(branch.condition) : undefined;
      const row = frequency ? table.find((candidate) => candidate.value === frequency) : undefined;
      if (!row || row.maximum === undefined) return;
      if (row.maximum !== maximum) {
        problems.push({
          file,
          where: `${schemaPath}/maximumAmount`,
          message: `says the ${frequency} maximum is ${rupees(maximum)}, but ${basisFile} ${row.where}/maximumInstalment says ${rupees(row.maximum)}. Make them the same.`,
        });
        return;
      }
      const message = (schema.errorMessage as Record<string, unknown> | undefined)?.maximumAmount;
      if (typeof message === 'string' && !amountsIn(message).includes(maximum)) {
        problems.push({
          file,
          where: `${schemaPath}/errorMessage/maximumAmount`,
          message: `the message "${message}" does not quote the ${frequency} maximum ${rupees(maximum)}`,
        });
      }
    });
  }
  return problems;
}
