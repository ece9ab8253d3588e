import type { RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { JSON_SCHEMA_DRAFT_2020_12, SCHEMA_KEY } from '@rjsf/utils/lib/constants.js';
import { makeAllReferencesAbsolute } from '@rjsf/utils/lib/findSchemaDefinition.js';
import getUiOptions from '@rjsf/utils/lib/getUiOptions.js';
import retrieveSchema from '@rjsf/utils/lib/schema/retrieveSchema.js';

/*
 * Turns raw validation errors into the specification's words (spec 01 §5):
 *   required                -> '{label} cannot be empty.'
 *   pattern / format        -> 'Please enter valid {label lowercased}.'
 *   a message in the schema -> that message (ajv-errors), with {label}, {label|lower}
 *                              and the failed rule's params ({amount}, {min}, ...) filled in
 *   anything else           -> 'Please enter valid details'
 * Each field keeps one message, the most useful one, so the visitor sees one clear line.
 */

export const FALLBACK_MESSAGE = 'Please enter valid details';

const IGNORED = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not']);

export interface LocalizeContext {
  validator: ValidatorType;
  schema: RJSFSchema;
  formData: unknown;
  uiSchema?: UiSchema;
}

export interface FieldError {
  /** Dotted path of the field, e.g. 'policyHolder.fullName'. */
  field: string;
  message: string;
}

function toSegments(property: string | undefined): string[] {
  if (!property) return [];
  return property
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter(Boolean);
}

type RawParams = Record<string, unknown> & {
  errors?: Array<{ keyword: string; params: Record<string, unknown> }>;
};

/** ajv-errors places a per-property `required` message on the parent; point it at the child. */
function fieldSegments(error: RJSFValidationError): string[] {
  const segments = toSegments(error.property);
  const params = error.params as RawParams | undefined;
  if (error.name === 'errorMessage' && params?.errors?.length) {
    const missing = params.errors.find((e) => e.keyword === 'required')?.params.missingProperty;
    if (typeof missing === 'string') return [...segments, missing];
  }
  return segments;
}

/*
 * The modules of @rjsf/utils this file needs, not its index: the index loads React (widget
 * helpers and hooks), and the server localizes its errors here (the server loads no React).
 */

/** The root schema as createSchemaUtils keeps it (draft 2020-12: every $ref made absolute). */
function rootSchemaOf(schema: RJSFSchema): RJSFSchema {
  return schema[SCHEMA_KEY] === JSON_SCHEMA_DRAFT_2020_12
    ? (makeAllReferencesAbsolute(schema, schema.$id ?? '#') as RJSFSchema)
    : schema;
}

function labelAt(ctx: LocalizeContext, segments: string[]): string | undefined {
  const rootSchema = rootSchemaOf(ctx.schema);
  let schema: RJSFSchema | undefined = retrieveSchema(ctx.validator, ctx.schema, rootSchema, ctx.formData);
  let data: unknown = ctx.formData;
  let ui: UiSchema | undefined = ctx.uiSchema;
  for (const segment of segments) {
    const next: RJSFSchema | undefined =
      (schema?.properties?.[segment] as RJSFSchema | undefined) ??
      (Array.isArray(data) ? (schema?.items as RJSFSchema | undefined) : undefined);
    data = data && typeof data === 'object' ? (data as Record<string, unknown>)[segment] : undefined;
    ui = ui?.[segment] as UiSchema | undefined;
    schema = next ? retrieveSchema(ctx.validator, next, rootSchema, data) : undefined;
  }
  return getUiOptions(ui).title ?? (typeof schema?.title === 'string' ? schema.title : undefined);
}

function fill(template: string, label: string | undefined, params: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z]+)(\|lower)?\}/g, (match, name: string, lower?: string) => {
    let value: unknown;
    if (name === 'label') value = label;
    else if (name === 'amount')
      value = typeof params.min === 'number' ? params.min.toLocaleString('en-IN') : undefined;
    else value = params[name];
    if (value === undefined || value === null) return match;
    const text = String(value);
    return lower ? text.toLowerCase() : text;
  });
}

function messageFor(error: RJSFValidationError, label: string | undefined): string {
  const params = (error.params ?? {}) as RawParams;
  switch (error.name) {
    case 'errorMessage': {
      const ruleParams = Object.assign({}, ...(params.errors ?? []).map((e) => e.params)) as Record<
        string,
        unknown
      >;
      return fill(error.message ?? FALLBACK_MESSAGE, label, ruleParams);
    }
    case 'required':
      return label ? `${label} cannot be empty.` : FALLBACK_MESSAGE;
    case 'pattern':
    case 'format':
      return label ? `Please enter valid ${label.toLowerCase()}.` : FALLBACK_MESSAGE;
    default:
      return FALLBACK_MESSAGE;
  }
}

/** Which failure a field reports when several rules fail: the most basic one first. */
const PRIORITY: Record<string, number> = {
  required: 0,
  const: 1,
  type: 1,
  format: 2,
  pattern: 3,
  minLength: 3,
  maxLength: 3,
};

function rank(error: RJSFValidationError): number {
  const inner =
    error.name === 'errorMessage'
      ? (error.params as RawParams | undefined)?.errors?.[0]?.keyword
      : error.name;
  return PRIORITY[inner ?? ''] ?? 4;
}

/** Spec-worded errors, one per field, in the order the fields failed. */
export function localizeErrors(errors: RJSFValidationError[], ctx: LocalizeContext): RJSFValidationError[] {
  const byField = new Map<string, { error: RJSFValidationError; rank: number }>();
  for (const error of errors) {
    if (!error.name || IGNORED.has(error.name)) continue;
    const segments = fieldSegments(error);
    const key = segments.join('.');
    const errorRank = rank(error);
    const current = byField.get(key);
    if (current && current.rank <= errorRank) continue;
    const message = messageFor(error, labelAt(ctx, segments));
    const property = segments.length ? `.${segments.join('.')}` : '';
    byField.set(key, {
      rank: errorRank,
      error: { ...error, property, message, stack: `${property} ${message}`.trim() },
    });
  }
  return [...byField.values()].map((entry) => entry.error);
}

/** The localized errors as the API reports them: `{ field, message }`. */
export function toFieldErrors(errors: RJSFValidationError[]): FieldError[] {
  return errors.map((e) => ({
    field: (e.property ?? '').replace(/^\./, ''),
    message: e.message ?? FALLBACK_MESSAGE,
  }));
}
