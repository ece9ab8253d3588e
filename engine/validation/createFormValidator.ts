import Ajv from 'ajv';
import type { ValidatorType } from '@rjsf/utils';
import { AjvFormValidator } from './ajvFormValidator.ts';
import type { PlanValidators } from '../plan/types.ts';
import { AJV_OPTIONS } from './ajvOptions.ts';
import { configureAjv } from './configureAjv.ts';

/**
 * The compiling form validator, for Node only (server, tools, tests): @rjsf/validator-ajv8's
 * validator without React (./ajvFormValidator.ts) with ajv-formats, ajv-errors and our keywords. ajv caches each compiled
 * schema by object identity (or $id), so as long as callers pass the same bundled schema
 * object nothing is compiled twice. The browser never loads this module: it uses the
 * validators generated ahead of time from the same options (./precompiledValidators.ts).
 */
export function createFormValidator(): ValidatorType {
  return new AjvFormValidator({
    ajvOptionsOverrides: { ...AJV_OPTIONS },
    extenderFn: (ajv) => configureAjv(ajv),
  });
}

let shared: ValidatorType | undefined;

/** The process-wide compiling validator (one ajv, one compile cache). */
export function formValidator(): ValidatorType {
  shared ??= createFormValidator();
  return shared;
}

let conditionAjv: Ajv | undefined;
const compiledConditions = new WeakMap<object, (data: unknown) => boolean>();

/** A machine condition schema compiled once (by object identity) with the form options. */
function matchesSchema(schema: object, data: unknown): boolean {
  let validate = compiledConditions.get(schema);
  if (!validate) {
    conditionAjv ??= configureAjv(new Ajv({ ...AJV_OPTIONS, strict: false }), { formats: true });
    const fn = conditionAjv.compile(schema);
    validate = (value: unknown) => fn(value) as boolean;
    compiledConditions.set(schema, validate);
  }
  return validate(data);
}

/** A plan's validators in Node: every form and machine condition compiled by ajv. */
export const compilingValidators: PlanValidators = { form: () => formValidator(), matchesSchema };
