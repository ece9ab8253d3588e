import Ajv, { type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';

/*
 * Request validation with the browser's ajv setup (ajv-errors, ajv-formats and our keywords),
 * so route schemas carry the spec's own messages in `errorMessage`. Bodies are validated as
 * sent (no type coercion: a number is not a mobile number); query strings are text, so
 * they are coerced. Unknown properties of objects closed with `additionalProperties: false`
 * are dropped rather than stored.
 */
const OPTIONS = {
  allErrors: true,
  useDefaults: true,
  removeAdditional: true,
  allowUnionTypes: true,
  strictTypes: false,
} as const;

let bodyAjv: Ajv | undefined;
let queryAjv: Ajv | undefined;

function ajvFor(httpPart: string | undefined): Ajv {
  if (httpPart === 'body') {
    bodyAjv ??= configureAjv(new Ajv({ ...OPTIONS, coerceTypes: false }), { formats: true });
    return bodyAjv;
  }
  queryAjv ??= configureAjv(new Ajv({ ...OPTIONS, coerceTypes: true }), { formats: true });
  return queryAjv;
}

const specValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  ajvFor(httpPart).compile(schema as object);

/** The first field's message becomes the answer's `message`: the one line a popup shows. */
function firstMessage(errors: Partial<ErrorObject>[]): Error {
  return new Error(errors.find((error) => error.message)?.message ?? 'Please enter valid details');
}

/**
 * Makes the routes of one (encapsulated) plugin validate with spec messages. Call it at the
 * top of the plugin, before its routes; it does not reach other plugins.
 */
export function applySpecValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(specValidatorCompiler);
  app.setSchemaErrorFormatter((errors) => firstMessage(errors as Partial<ErrorObject>[]));
}
