import type { LoadedStep } from '../../engine/plan/types.ts';
import { validateData } from '../../engine/validation/validateData.ts';
import { resolveFixtureData } from './fixtureDates.ts';
import { pointerSegment, type Problem } from './problem.ts';

/** The case the browser test types to walk the journey (tests/e2e/planDriver/planCases.ts). */
const JOURNEY_CASE = 'journey';

/**
 * Each fixture case gives exactly the errors (field -> message) the step's schema gives for its
 * data; that holds for the cases the browser test types too ("onScreen", checked under the
 * fields, and the "journey" case, which is typed anyway and so is never marked onScreen).
 */
export function checkFixtures(
  file: string,
  fixtures: unknown,
  loaded: LoadedStep,
  stepId: string,
): Problem[] {
  const { cases, step } = fixtures as {
    step: string;
    cases: Array<{ name: string; data: unknown; errors: Record<string, string>; onScreen?: boolean }>;
  };
  if (step !== stepId)
    return [{ file, where: '/step', message: `names step "${step}", expected "${stepId}"` }];
  const problems: Problem[] = [];
  for (const [index, fixture] of cases.entries()) {
    const at = `/cases/${index}`;
    const named = `the "${fixture.name}" case`;
    if (fixture.name === JOURNEY_CASE && fixture.onScreen)
      problems.push({
        file,
        where: `${at}/onScreen`,
        message: `${named} is typed after the onScreen cases; it is not one`,
      });
    const data = resolveFixtureData(fixture.data);
    const actual = Object.fromEntries(
      validateData(loaded.schema, data, {
        uiSchema: loaded.uiSchema,
        validator: loaded.validator,
      }).errors.map((e) => [e.field, e.message]),
    );
    for (const [field, message] of Object.entries(fixture.errors)) {
      const where = `${at}/errors/${pointerSegment(field)}`;
      if (actual[field] === undefined)
        problems.push({ file, where, message: `${named}: expected ${field}: "${message}", got no error` });
      else if (actual[field] !== message) {
        problems.push({
          file,
          where,
          message: `${named}: expected ${field}: "${message}", got "${actual[field]}"`,
        });
      }
    }
    for (const [field, message] of Object.entries(actual)) {
      if (!(field in fixture.errors))
        problems.push({
          file,
          where: `${at}/errors`,
          message: `${named}: unexpected error ${field}: "${message}"`,
        });
    }
  }
  return problems;
}
