import type Ajv from 'ajv';
import type { LoadedPlan, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import { checkFixtures } from './fixtureChecks.ts';
import { ajvProblems, didYouMean, pointerSegment, type Problem } from './problem.ts';
import type { Registries } from './registries.ts';
import { checkRenderable } from './renderChecks.ts';
import { strictProblems } from './schemaRefChecks.ts';
import { propertySchemas } from './schemaWalk.ts';
import { checkUiSchemaFields, checkUiSchemaNames } from './uiSchemaChecks.ts';

/** What the form checks need besides the plan: the strict ajv, the fixtures' meta-schema and the registries. */
export interface FormCheckers {
  strict: Ajv;
  validateFixtures: ReturnType<Ajv['compile']>;
  registries: Registries;
}

/**
 * Each step, popup and proposal step of a built plan, checked alike: its composed schema compiles under
 * strict ajv (else nothing more is checked of it), renders, its UI schema names its fields
 * and registered widgets, what plan.json binds is a field of it, and its fixtures are valid.
 */
export function checkForms(
  code: string,
  files: PlanFiles,
  config: PlanConfig,
  plan: LoadedPlan,
  c: FormCheckers,
): Problem[] {
  const problems: Problem[] = [];
  const at = (path: string) => `plans/${code}/${path}`;
  const groups = [
    { where: '/steps', forms: plan.steps },
    { where: '/popups', forms: plan.popups },
    { where: '/proposal/steps', forms: plan.proposal },
  ];
  for (const { where: group, stepId, step } of groups.flatMap(({ where, forms }) =>
    Object.entries(forms).map(([stepId, step]) => ({ where, stepId, step })),
  )) {
    try {
      c.strict.compile({ ...step.schema, $id: `${String(step.schema.$id)}#strict-${stepId}` });
    } catch (error) {
      const file = at(step.definition.schema);
      const message = (error as Error).message;
      const written = [
        { file, schema: files[step.definition.schema] },
        { file, schema: step.schema },
      ];
      problems.push(
        ...(strictProblems(file, written, message, c.strict) ?? [
          { file, where: '/', message: `strict compile: ${message}` },
        ]),
      );
      continue;
    }
    problems.push(...checkRenderable(at(step.definition.schema), step.schema));
    const uiFile = at(step.definition.uiSchema);
    problems.push(...checkUiSchemaFields(uiFile, step.uiSchema, [step.schema], step.schema));
    problems.push(...checkUiSchemaNames(uiFile, step.uiSchema, c.registries));
    for (const [field, pointer] of Object.entries(step.definition.bind)) {
      if (!propertySchemas(step.schema, step.schema).has(field)) {
        problems.push({
          file: at('plan.json'),
          where: `${group}/${pointerSegment(stepId)}/bind/${pointerSegment(field)}`,
          message: `"${field}" (bound to ${pointer}) is not a field of the step schema${didYouMean(field, propertySchemas(step.schema, step.schema).keys())}`,
        });
      }
    }
    if (step.definition.fixtures) {
      const fixtures = files[step.definition.fixtures];
      const file = at(step.definition.fixtures);
      if (fixtures === undefined) problems.push({ file, where: '/', message: 'missing' });
      else if (!c.validateFixtures(fixtures)) problems.push(...ajvProblems(file, c.validateFixtures.errors));
      else problems.push(...checkFixtures(file, fixtures, step, stepId));
    }
  }
  return problems;
}
