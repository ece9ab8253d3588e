import { deepEquals, hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormPlace, PlanValidators } from '../plan/types.ts';
import * as rules from './rules.ts';
import { date } from './dateFormat.ts';
import { RULES_MODULE, STANDALONE_MODULES } from './standaloneModules.ts';

/*
 * Validators generated ahead of time (tools/generateValidators.ts, into schemas/plans/<CODE>/validators.generated.js)
 * from each step and popup schema with ./ajvOptions.ts: plain functions, no ajv compiler and
 * no `new Function`, so the page runs under a Content-Security-Policy without 'unsafe-eval'.
 */

/** A validator function of ajv's standalone code, keyed in its module by schema $id or RJSF hash. */
type ValidateFunction = (data: unknown) => boolean;
export type ValidatorFunctions = Record<string, ValidateFunction>;

/** What one plan's generated module gives: the functions of each step and popup, by id. */
export interface PlanValidatorFunctions {
  steps: Record<string, ValidatorFunctions>;
  popups: Record<string, ValidatorFunctions>;
  /** In the proposal page's module only. */
  proposal?: Record<string, ValidatorFunctions>;
  /** The plan's conditions (machine, plan.json, uiSchema rules), by RJSF's hash of each schema. */
  conditions: ValidatorFunctions;
}

/** A generated module's default export: called once with the runtime its code requires. */
export type GeneratedFunctions = (require: (name: string) => unknown) => PlanValidatorFunctions;

/**
 * A plan's generated modules: the first (its first step's forms and the machine's
 * conditions) at hand, the later one (every other form) imported on demand.
 */
export interface GeneratedValidators {
  first: GeneratedFunctions;
  later(): Promise<GeneratedFunctions>;
}

/** ajv's ucs2length: a string's length in Unicode code points (surrogate pairs count once). */
function ucs2length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    length++;
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) i++;
    }
  }
  return length;
}

const runtime: Record<(typeof STANDALONE_MODULES)[number], unknown> = {
  [RULES_MODULE]: rules,
  'ajv/dist/runtime/ucs2length': { default: ucs2length },
  // JSON data only: RJSF's deep equality answers as ajv's fast-deep-equal does.
  'ajv/dist/runtime/equal': { default: deepEquals },
  // Only the formats plan schemas use (STANDALONE_FORMATS), not ajv-formats' whole table.
  'ajv-formats/dist/formats': { fullFormats: { date } },
};

function standaloneRequire(name: string): unknown {
  if (!(name in runtime)) throw new Error(`A generated validator asks for an unknown module: ${name}`);
  return runtime[name as keyof typeof runtime];
}

/** The functions of one plan's generated module. */
export function planValidatorFunctions(generated: GeneratedFunctions): PlanValidatorFunctions {
  return generated(standaloneRequire);
}

/**
 * A form's validator whose functions arrive with the plan's later module: the same object
 * before and after (steps keep a stable validator), answering once they are there. Nothing
 * shows a form or validates its data before LoadedPlan.loadForms has resolved; a call sooner
 * is a bug in the caller, said plainly.
 */
function deferredValidator(name: string, get: () => ValidatorType | undefined): ValidatorType {
  const real = () => {
    const validator = get();
    if (!validator)
      throw new Error(`${name} is used before its validators were loaded (LoadedPlan.loadForms)`);
    return validator;
  };
  return {
    validateFormData: (...args) => real().validateFormData(...args),
    isValid: (...args) => real().isValid(...args),
    rawValidation: (...args) => real().rawValidation(...args),
  };
}

/**
 * A plan's validators in the browser: the precompiled validator of each step and popup, and
 * of each condition of its machine. The first module's forms answer at once; the others once
 * `load` has brought the later module. A schema without generated functions is a build error,
 * said plainly.
 */
export function precompiledValidators(planCode: string, generated: GeneratedValidators): PlanValidators {
  const functions = planValidatorFunctions(generated.first);
  const conditionKeys = new WeakMap<object, string>();
  const built = new Map<string, ValidatorType>();
  const pending = new Map<string, { schema: RJSFSchema; where: FormPlace }>();
  let loading: Promise<void> | undefined;
  const key = (where: FormPlace) => `${where.kind}/${where.id}`;
  const build = (schema: RJSFSchema, where: FormPlace, fns: PlanValidatorFunctions) => {
    const own = fns[where.kind]?.[where.id];
    if (!own) {
      throw new Error(
        `Plan ${planCode} ${where.kind} ${where.id} has no generated validator: run npm run validators`,
      );
    }
    const validator = createPrecompiledValidator(own, schema);
    built.set(key(where), validator);
    return validator;
  };
  return {
    form(schema: RJSFSchema, where) {
      if (functions[where.kind]?.[where.id]) return build(schema, where, functions);
      pending.set(key(where), { schema, where });
      return deferredValidator(`Plan ${planCode} ${where.kind} ${where.id}`, () => built.get(key(where)));
    },
    loaded(where) {
      return built.has(key(where));
    },
    load() {
      if (!loading) {
        const download = generated.later();
        // A download that failed may be tried again; a module that lacks a form is a build
        // error and stays one (said plainly, not as a connection problem).
        download.catch(() => {
          loading = undefined;
        });
        loading = download.then((later) => {
          const more = planValidatorFunctions(later);
          for (const { schema, where } of pending.values()) build(schema, where, more);
          pending.clear();
        });
      }
      return loading;
    },
    matchesSchema(schema, data) {
      let key = conditionKeys.get(schema);
      if (key === undefined) {
        key = hashForSchema(schema as RJSFSchema);
        conditionKeys.set(schema, key);
      }
      const validate = functions.conditions[key];
      if (!validate) {
        throw new Error(
          `Plan ${planCode} has no generated validator for one of its conditions: run npm run validators`,
        );
      }
      return validate(data);
    },
  };
}
