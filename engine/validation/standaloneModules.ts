/**
 * The module names ajv's standalone code asks for with `require(...)`. Generated validators
 * receive a `require` that answers exactly these (./precompiledValidators.ts), so the browser
 * loads no ajv compiler and evaluates no code; tools/lib/validatorCode.ts refuses to write a
 * validator that asks for any other module.
 */
export const RULES_MODULE = 'bimaflow/engine/validation/rules';

export const STANDALONE_MODULES = [
  RULES_MODULE,
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/equal',
  'ajv-formats/dist/formats',
] as const;

/**
 * The formats of `ajv-formats/dist/formats` the browser's runtime answers (./dateFormat.ts):
 * the ones plan schemas use. A validator asking for another is refused when it is generated.
 */
export const STANDALONE_FORMATS = ['date'] as const;
