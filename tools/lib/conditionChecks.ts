import type Ajv from 'ajv';
import type { LoadedPlan, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { pointerSegments } from '../../src/plans/compose/jsonPointer.ts';
import { DataPlaces } from './dataPlaces.ts';
import { listOf, pointerSegment, type Problem } from './problem.ts';
import { strictProblems } from './schemaRefChecks.ts';
import { propertySchemas } from './schemaWalk.ts';

/*
 * Conditions (engine/plan/conditions.ts, `{ scope, schema }`) hold or not without a word when
 * they are wrong: a scope that names no place sees a missing value, so `{ "not": { "const":
 * "Myself" } }` always holds and `{ "const": "Joint" }` never does; a misspelt keyword in the
 * schema (`"cosnt"`) is ignored at run time, so the schema matches everything. plans:validate
 * checks each condition of a plan as written:
 *  - plan.json's (`when` of a panel, section, row or popup; the quote's second life) and the
 *    machine's (`matchesSchema`) name a place of the application: a field of a step's schema
 *    through the place plan.json binds the step's field to, or a place of
 *    common/application.schema.json;
 *  - a uiSchema rule's (`ui:options.when`) names a field of its form's schema;
 *  - every condition's schema compiles strictly, with the options and keywords of the forms.
 */

const APPLICATION = 'common/application.schema.json';

interface Found {
  scope: string;
  schema: unknown;
  pointer: string;
}

/** Every `{ scope, schema }` in a plan file, with its JSON Pointer (as engine/plan/conditions.ts finds them). */
function conditionsIn(node: unknown, pointer = '', found: Found[] = []): Found[] {
  if (Array.isArray(node)) node.forEach((item, index) => conditionsIn(item, `${pointer}/${index}`, found));
  else if (node && typeof node === 'object') {
    const { scope, schema } = node as Record<string, unknown>;
    if (typeof scope === 'string' && schema && typeof schema === 'object')
      found.push({ scope, schema, pointer });
    for (const [key, value] of Object.entries(node))
      conditionsIn(value, `${pointer}/${pointerSegment(key)}`, found);
  }
  return found;
}

/** The places of a plan's application: the application schema's, and the fields each step and popup binds. */
function applicationPlaces(application: JsonSchema | undefined, plan: LoadedPlan): DataPlaces {
  const places = new DataPlaces();
  if (application) places.addSchemas([application], application);
  for (const form of [...Object.values(plan.steps), ...Object.values(plan.popups)]) {
    const schema = form.schema as JsonSchema;
    const fields = propertySchemas(schema, schema);
    for (const [field, pointer] of Object.entries(form.definition.bind)) {
      places.at(pointerSegments(pointer)).addSchemas(fields.get(field) ?? [], schema);
    }
  }
  return places;
}

/** A scope's problem, or undefined when it names a place. */
function scopeProblem(
  file: string,
  condition: Found,
  places: DataPlaces,
  what: { data: string; fix: string },
): Problem | undefined {
  const where = `${condition.pointer}/scope`;
  if (condition.scope !== '' && !condition.scope.startsWith('/')) {
    return {
      file,
      where,
      message: `"${condition.scope}" is not a JSON Pointer: a scope starts with "/" (${what.fix})`,
    };
  }
  const missing = places.missing(pointerSegments(condition.scope));
  if (!missing) return undefined;
  const above = missing.above ? `: "${missing.above}" has no "${missing.segment}"` : '';
  const hint =
    missing.nearest !== undefined
      ? ` (did you mean "${missing.nearest}"?)`
      : missing.names.length
        ? ` (it has ${listOf(missing.names)})`
        : '';
  return {
    file,
    where,
    message: `"${condition.scope}" names no place of ${what.data}${above}${hint}, so the condition always sees a missing value. ${what.fix}`,
  };
}

/** A condition's schema compiled strictly, as the forms' are: an unknown keyword where it is written. */
function strictSchemaProblems(file: string, condition: Found, strict: Ajv): Problem[] {
  try {
    strict.compile(condition.schema as object);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    const at = `${condition.pointer}/schema`;
    const found = strictProblems(file, [{ file, schema: condition.schema }], message, strict);
    return (found ?? [{ file, where: '', message: `strict compile: ${message}` }]).map((p) => ({
      ...p,
      where: `${at}${p.where === '/' ? '' : p.where}`,
    }));
  }
}

const APPLICATION_FIX =
  'A scope is a place of the application: a field of a step through the place plan.json binds it to (bind), or a place of schemas/common/application.schema.json.';

/** Every condition of a plan checked: its scope names a place, its schema compiles strictly. */
export function checkConditions(
  code: string,
  files: PlanFiles,
  plan: LoadedPlan,
  common: JsonSchema[],
  strict: Ajv,
): Problem[] {
  const at = (path: string) => `plans/${code}/${path}`;
  const config = files['plan.json'] as PlanConfig;
  const application = common.find((doc) => String(doc.$id ?? '').endsWith(APPLICATION));
  const places = applicationPlaces(application, plan);
  const problems: Problem[] = [];
  const check = (file: string, node: unknown, scopes: DataPlaces, what: { data: string; fix: string }) => {
    for (const condition of conditionsIn(node)) {
      const scope = scopeProblem(file, condition, scopes, what);
      if (scope) problems.push(scope);
      problems.push(...strictSchemaProblems(file, condition, strict));
    }
  };
  const ofApplication = { data: 'the application', fix: APPLICATION_FIX };
  check(at('plan.json'), config, places, ofApplication);
  check(at(config.machine), files[config.machine], places, ofApplication);
  const seen = new Set<string>();
  for (const form of [...Object.values(plan.steps), ...Object.values(plan.popups)]) {
    const path = form.definition.uiSchema;
    if (seen.has(`${path}\u0000${form.definition.schema}`)) continue;
    seen.add(`${path}\u0000${form.definition.schema}`);
    const schema = form.schema as JsonSchema;
    check(at(path), files[path], new DataPlaces().addSchemas([schema], schema), {
      data: `the form's data`,
      fix: `A uiSchema rule's scope is a JSON Pointer into its form's data: a field of ${form.definition.schema}.`,
    });
  }
  return problems;
}
