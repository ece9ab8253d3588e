import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { configureAjv } from './configureAjv.ts';

/**
 * The one form validator: @rjsf/validator-ajv8 with ajv-formats (added by RJSF),
 * ajv-errors and our keywords. ajv caches each compiled schema by object identity
 * (or $id), so as long as callers pass the same bundled schema object no keystroke
 * compiles anything. Runs unchanged in Node for the server.
 */
export function createFormValidator(): ValidatorType {
  return customizeValidator({
    ajvOptionsOverrides: { allErrors: true, $data: true },
    extenderFn: (ajv) => configureAjv(ajv),
  });
}

let shared: ValidatorType | undefined;

/** The process-wide validator instance (one ajv, one compile cache). */
export function formValidator(): ValidatorType {
  shared ??= createFormValidator();
  return shared;
}
