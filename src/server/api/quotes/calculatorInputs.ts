import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { configureAjv } from '../../../../engine/validation/configureAjv.ts';
import { formValidator } from '../../../../engine/validation/createFormValidator.ts';
import { localizeErrors, toFieldErrors } from '../../../../engine/validation/localizeErrors.ts';
import type { Calculator } from '../../../pricing/calculator.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { COMMON_PLAN_SECTION_FIELDS } from './quoteRequest.ts';

/** The plan fields of one request after the calculator's inputSchema: checked, numbers as numbers. */
export interface CheckedPlanFields {
  plan: Record<string, unknown>;
  /** Field paths in the request body (`PlanSectionDetails.<Field>`), the schema's messages. */
  errors: FieldError[];
}

export type PlanFieldsCheck = (planSection: Record<string, unknown>) => CheckedPlanFields;

/*
 * One ajv for every calculator's inputSchema, set up as the browser's (our keywords,
 * ajv-errors), without type coercion ('two lakh' is not an amount), dropping properties a
 * closed schema does not declare so nothing unchecked is priced or stored.
 */
const ajv = configureAjv(
  new Ajv({
    allErrors: true,
    $data: true,
    removeAdditional: true,
    allowUnionTypes: true,
    strictTypes: false,
    coerceTypes: false,
  }),
  { formats: true },
);

const AMOUNT = /^-?[0-9][0-9,]*(\.[0-9]+)?$/;

function declaredProperties(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  return (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
}

function isNumeric(schema: Record<string, unknown> | undefined): boolean {
  const types = [schema?.type].flat();
  return types.includes('integer') || types.includes('number');
}

/** Sets an own property as JSON.parse and Object.fromEntries do, a key named `__proto__` included. */
function put(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** ajv's errors in the shape the engine's localizer reads (as @rjsf/validator-ajv8 gives them). */
function asFormErrors(errors: ErrorObject[]): RJSFValidationError[] {
  return errors.map((error) => {
    let property = error.instancePath.replace(/\//g, '.');
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    if (missing !== undefined) property = property ? `${property}.${missing}` : `.${missing}`;
    return {
      name: error.keyword,
      property,
      message: error.message ?? '',
      params: error.params,
      schemaPath: error.schemaPath,
      stack: `${property} ${error.message ?? ''}`.trim(),
    };
  });
}

/**
 * Compiles one calculator's inputSchema (once, when the quote routes start) into a check of a
 * request's PlanSectionDetails. The schema sees every field but the common ones it does not
 * declare (product, proposal date, staff, channel: the declared request schema checked those);
 * the calculator gets the fields its schema declares and the common ones.
 * Failures carry the schema's own messages (ajv-errors), worded as the form words them.
 */
export function compilePlanFieldsCheck(
  calculator: Pick<Calculator, 'name' | 'inputSchema'>,
): PlanFieldsCheck {
  const schema = calculator.inputSchema as Record<string, unknown>;
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    throw new Error(`The inputSchema of calculator '${calculator.name}' does not compile`, { cause: error });
  }
  const properties = declaredProperties(schema);
  const declared = new Set(Object.keys(properties));
  // What the calculator reads as a number arrives as one: a field its schema lets be a
  // number or digits ('2,00,000', '10') is turned into the number (200000, 10) once valid.
  const numeric = new Set([...declared].filter((field) => isNumeric(properties[field])));
  const common = new Set(COMMON_PLAN_SECTION_FIELDS);
  return (planSection) => {
    const fields = Object.keys(planSection);
    const mine: Record<string, unknown> = {};
    for (const field of fields) {
      if (declared.has(field) || !common.has(field)) put(mine, field, planSection[field]);
    }
    const data = structuredClone(mine);
    if (validate(data)) {
      // The calculator reads what its schema declares and the common fields; nothing else
      // a visitor sends is priced or stored, even where the schema is open.
      const plan: Record<string, unknown> = {};
      for (const field of fields) {
        if (common.has(field) && !declared.has(field)) put(plan, field, planSection[field]);
      }
      for (const field of Object.keys(data)) {
        if (!declared.has(field)) continue;
        const value = data[field];
        put(
          plan,
          field,
          numeric.has(field) && typeof value === 'string' && AMOUNT.test(value)
            ? Number(value.replace(/,/g, ''))
            : value,
        );
      }
      return { plan, errors: [] };
    }
    const localized = localizeErrors(asFormErrors(validate.errors ?? []), {
      validator: formValidator(),
      schema: schema as RJSFSchema,
      formData: data,
    });
    return {
      plan: data,
      errors: toFieldErrors(localized).map((error) => ({
        field: error.field ? `PlanSectionDetails.${error.field}` : 'PlanSectionDetails',
        message: error.message,
      })),
    };
  };
}

/** Every calculator's check, by calculator name, compiled once. */
export function compilePlanFieldsChecks(
  calculators: Record<string, Pick<Calculator, 'name' | 'inputSchema'>>,
): Map<string, PlanFieldsCheck> {
  return new Map(
    Object.entries(calculators).map(([name, calculator]) => [name, compilePlanFieldsCheck(calculator)]),
  );
}
