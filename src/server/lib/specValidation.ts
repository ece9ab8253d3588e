import Ajv, { type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';
import { DATE_FORMATS } from './dateFormats.ts';

/*
 * Request validation for every route with the browser's ajv setup (ajv-errors, ajv-formats and
 * our keywords), so route schemas carry the spec's own messages in `errorMessage`, and any error
 * without them is put in a person's words (inPersonsWords). Bodies are validated as sent (no
 * type coercion: a number is not a mobile number, nor is "1" a version); query strings and
 * path parameters are text, so they are coerced. Unknown properties of objects closed with `additionalProperties: false`
 * are dropped rather than stored.
 */
const OPTIONS = {
  allErrors: true,
  // Each error with the schema it failed (its title names the field in a person's words).
  verbose: true,
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

/** 'dateOfBirth' → 'Date of birth', 'pushed_date' → 'Pushed date', 'GCLID' stays as it is. */
function fieldName(key: string): string {
  if (/^[A-Z0-9_]+$/.test(key)) return key;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An error in a person's words, in the style of spec 01 §5's generic form messages: where the
 * schema has its own (ajv-errors' `errorMessage`), those; else a missing field is '{Field}
 * cannot be empty.' and any other failure 'Please enter valid {field}.', the field named by
 * its schema's title or its key, never ajv's wording ("must have required property…").
 */
export function inPersonsWords(error: ErrorObject): ErrorObject {
  if (error.keyword === 'errorMessage') return error;
  const params = error.params as { missingProperty?: unknown };
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    const property = (error.parentSchema as Schema | undefined)?.properties?.[params.missingProperty] as
      Schema | undefined;
    const title = typeof property?.title === 'string' ? property.title : fieldName(params.missingProperty);
    return { ...error, message: `${title} cannot be empty.` };
  }
  const key = error.instancePath.split('/').filter(Boolean).at(-1);
  const title = (error.parentSchema as Schema | undefined)?.title;
  const label = typeof title === 'string' ? title : key && !/^\d+$/.test(key) ? fieldName(key) : 'details';
  return { ...error, message: `Please enter valid ${label.toLowerCase()}.` };
}

const humanErrors = (errors: ErrorObject[] | null | undefined) => errors?.map(inPersonsWords) ?? errors;

const specValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = ajvFor(httpPart).compile(schema as object);
  const body = httpPart === 'body';
  if (body) requireBoundedArrays(schema, '');
  // The same function for Fastify (it passes the request as the parent, so ajv may change the
  // root: defaults, dropped properties), a body's bounds checked first, errors in words.
  const checked = Object.assign(
    (data: unknown, context?: object) => {
      const problem = body ? outOfBounds(schema, data, '') : undefined;
      if (problem) {
        checked.errors = [problem as ErrorObject];
        return false;
      }
      const valid = (validate as (data: unknown, context?: object) => boolean)(data, context);
      checked.errors = humanErrors(validate.errors);
      return valid;
    },
    {
      schemaEnv: validate.schemaEnv,
      schema: validate.schema,
      errors: null as ErrorObject[] | null | undefined,
    },
  );
  return checked;
};

/** The first field's message becomes the answer's `message`: the one line a popup shows. */
function firstMessage(errors: Partial<ErrorObject>[]): Error {
  return new Error(errors.find((error) => error.message)?.message ?? 'Please enter valid details');
}

/**
 * The validator compiler for a context's shared schemas (Fastify's `schemaController`
 * option): a plugin that adds schemas with `addSchema` gets a compiler built again from this,
 * not Fastify's default one (which `setValidatorCompiler` alone does not reach).
 */
export function buildSpecValidator(
  externalSchemas: Record<string, unknown> = {},
): FastifySchemaCompiler<unknown> {
  for (const schema of Object.values(externalSchemas)) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id !== 'string') continue;
    for (const ajv of [ajvFor('body'), ajvFor('querystring')])
      if (!ajv.getSchema(id)) ajv.addSchema(schema as object);
  }
  return specValidatorCompiler;
}

/**
 * Makes every route validate with spec messages: called once on the root instance
 * (src/server/app.ts) before any plugin, whose routes inherit it. A unit test may call it on
 * an app of its own.
 */
export function applySpecValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(specValidatorCompiler);
  app.setSchemaErrorFormatter((errors) => firstMessage(errors as Partial<ErrorObject>[]));
}
