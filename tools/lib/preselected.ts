import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import type { LoadedStep } from '../../engine/plan/types.ts';
import { clone, setAt, valueAt } from './dataPath.ts';

/** As the journey fills a step's defaults (src/app/journey/Journey.tsx DEFAULTS_BEHAVIOUR). */
const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;

type Data = Record<string, unknown>;

function defaultsOf(step: LoadedStep, data: Data): Data {
  return getDefaultFormState(
    step.validator,
    step.schema as RJSFSchema,
    data,
    step.schema as RJSFSchema,
    false,
    DEFAULTS_BEHAVIOUR,
  ) as Data;
}

/** The fields a form still requires in `data`, as paths into it (ajv-errors' wrapped errors unwrapped). */
function missingFields(step: LoadedStep, data: Data): string[][] {
  const { errors = [] } = step.validator.rawValidation<ErrorObject>(step.schema as RJSFSchema, data);
  const flat = errors.flatMap((error) =>
    error.keyword === 'errorMessage' ? ((error.params as { errors?: ErrorObject[] }).errors ?? []) : [error],
  );
  return flat
    .filter((error) => error.keyword === 'required')
    .map((error) => [
      ...error.instancePath
        .split('/')
        .filter(Boolean)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
      String((error.params as { missingProperty?: unknown }).missingProperty),
    ]);
}

/**
 * What a visitor leaves a quote step with when they change nothing preselected: the schema's
 * defaults, and from the journey case only what the form requires and does not preselect.
 */
export function preselected(step: LoadedStep, journey: Data): Data {
  let data = defaultsOf(step, {});
  for (let round = 0; round < 10; round++) {
    const typed = missingFields(step, data).filter(
      (path) => valueAt(journey, path) !== undefined && valueAt(data, path) === undefined,
    );
    if (typed.length === 0) break;
    for (const path of typed) setAt(data, path, clone(valueAt(journey, path)));
    data = defaultsOf(step, data);
  }
  return data;
}

/** A step's preselected values in words: 'policyTerm 10, riders.ADB.add false' (below the field it binds). */
export function valuesInWords(node: unknown, path: string[]): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) => valuesInWords(value, [...path, key]));
  }
  return path.length > 1 ? [`${path.slice(1).join('.')} ${JSON.stringify(node)}`] : [];
}
