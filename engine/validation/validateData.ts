import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { localizeErrors, toFieldErrors, type FieldError } from './localizeErrors.ts';

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/**
 * Validates data against a bundled step schema exactly as the form does and returns the
 * spec-worded field errors with the schema's validator (a step's own, see LoadedStep). The
 * server uses this on every request body.
 */
export function validateData(
  schema: RJSFSchema,
  data: unknown,
  { uiSchema, validator }: { uiSchema?: UiSchema; validator: ValidatorType },
): ValidationResult {
  const { errors } = validator.validateFormData(
    data,
    schema,
    undefined,
    (raw) => localizeErrors(raw, { validator, schema, formData: data, uiSchema }),
    uiSchema,
  );
  const fieldErrors = toFieldErrors(errors);
  return { valid: fieldErrors.length === 0, errors: fieldErrors };
}
