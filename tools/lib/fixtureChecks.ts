import type { LoadedStep } from '../../engine/plan/types.ts';
import { validateData } from '../../engine/validation/validateData.ts';
import { resolveFixtureData } from './fixtureDates.ts';
import type { Problem } from './problem.ts';

/** Each fixture case gives exactly the errors (field -> message) the step's schema gives for its data. */
export function checkFixtures(
  file: string,
  fixtures: unknown,
  loaded: LoadedStep,
  stepId: string,
): Problem[] {
  const { cases, step } = fixtures as {
    step: string;
    cases: Array<{ name: string; data: unknown; errors: Record<string, string> }>;
  };
  if (step !== stepId)
    return [{ file, where: '/step', message: `names step "${step}", expected "${stepId}"` }];
  const problems: Problem[] = [];
  for (const [index, fixture] of cases.entries()) {
    const where = `cases/${index} "${fixture.name}"`;
    const data = resolveFixtureData(fixture.data);
    const actual = Object.fromEntries(
      validateData(loaded.schema, data, {
        uiSchema: loaded.uiSchema,
        validator: loaded.validator,
      }).errors.map((e) => [e.field, e.message]),
    );
    for (const [field, message] of Object.entries(fixture.errors)) {
      if (actual[field] === undefined)
        problems.push({ file, where, message: `expected ${field}: "${message}", got no error` });
      else if (actual[field] !== message) {
        problems.push({ file, where, message: `expected ${field}: "${message}", got "${actual[field]}"` });
      }
    }
    for (const [field, message] of Object.entries(actual)) {
      if (!(field in fixture.errors))
        problems.push({ file, where, message: `unexpected error ${field}: "${message}"` });
    }
  }
  return problems;
}
