import Ajv, { type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';
import { DATE_FORMATS } from './dateFormats.ts';

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

/** Our formats of dates sent as text (real days, births that have happened) beside ajv-formats'. */
function withDateFormats(ajv: Ajv): Ajv {
  for (const [name, validate] of Object.entries(DATE_FORMATS))
    ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}

function ajvFor(httpPart: string | undefined): Ajv {
  if (httpPart === 'body') {
    bodyAjv ??= withDateFormats(configureAjv(new Ajv({ ...OPTIONS, coerceTypes: false }), { formats: true }));
    return bodyAjv;
  }
  queryAjv ??= withDateFormats(configureAjv(new Ajv({ ...OPTIONS, coerceTypes: true }), { formats: true }));
  return queryAjv;
}

type Schema = {
  type?: unknown;
  maxItems?: unknown;
  items?: unknown;
  properties?: Record<string, unknown>;
  errorMessage?: unknown;
  [keyword: string]: unknown;
};

/** The schema's own words for a failed keyword (ajv-errors' `errorMessage`), if it has them. */
function ownMessage(schema: Schema, keyword: string): string | undefined {
  const { errorMessage } = schema;
  if (typeof errorMessage === 'string') return errorMessage;
  if (errorMessage && typeof errorMessage === 'object') {
    const message = (errorMessage as Record<string, unknown>)[keyword];
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/**
 * Every array a request body may carry has a `maxItems`: the bound `outOfBounds` holds it to
 * before ajv runs. A route whose schema lacks one fails when it is registered.
 */
function requireBoundedArrays(schema: unknown, where: string): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => requireBoundedArrays(item, `${where}/${index}`));
    return;
  }
  const node = schema as Schema;
  if ((node.type === 'array' || node.items !== undefined) && typeof node.maxItems !== 'number')
    throw new Error(
      `Request schema ${where || '/'}: an array without maxItems (bodies are bounded before validation)`,
    );
  for (const [key, value] of Object.entries(node)) requireBoundedArrays(value, `${where}/${key}`);
}

/**
 * The first array of the body longer than its schema allows, as ajv would report it, found
 * before ajv runs: reporting every item of a 10,000-item array (ajv-errors needs allErrors)
 * took seconds and held every other request. The body is walked only where the schema goes
 * (properties and items), so the walk is bounded by the schema's own bounds.
 */
function outOfBounds(schema: unknown, data: unknown, path: string): Partial<ErrorObject> | undefined {
  if (!schema || typeof schema !== 'object' || data === null || typeof data !== 'object') return undefined;
  const node = schema as Schema;
  if (Array.isArray(data)) {
    if (typeof node.maxItems === 'number' && data.length > node.maxItems) {
      return {
        instancePath: path,
        schemaPath: '#/maxItems',
        keyword: 'maxItems',
        params: { limit: node.maxItems },
        message: ownMessage(node, 'maxItems') ?? `Please send at most ${node.maxItems} items.`,
      };
    }
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      for (const [index, item] of data.entries()) {
        const problem = outOfBounds(node.items, item, `${path}/${index}`);
        if (problem) return problem;
      }
    }
    return undefined;
  }
  for (const [key, sub] of Object.entries(node.properties ?? {})) {
    if (!Object.hasOwn(data, key)) continue;
    const problem = outOfBounds(sub, (data as Record<string, unknown>)[key], `${path}/${key}`);
    if (problem) return problem;
  }
  return undefined;
}

const specValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = ajvFor(httpPart).compile(schema as object);
  if (httpPart !== 'body') return validate;
  requireBoundedArrays(schema, '');
  // The same function for Fastify (it passes the request as the parent, so ajv may change the
  // root: defaults, dropped properties), with the bounds checked first.
  const bounded = Object.assign(
    (data: unknown, context?: object) => {
      const problem = outOfBounds(schema, data, '');
      if (problem) {
        bounded.errors = [problem as ErrorObject];
        return false;
      }
      const valid = (validate as (data: unknown, context?: object) => boolean)(data, context);
      bounded.errors = validate.errors;
      return valid;
    },
    {
      schemaEnv: validate.schemaEnv,
      schema: validate.schema,
      errors: null as ErrorObject[] | null | undefined,
    },
  );
  return bounded;
};

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
