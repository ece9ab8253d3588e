/*
 * Small builders for route schemas worded as spec 01 §5 "Generic form messages" says:
 * a missing field is '{label} cannot be empty.', any other failure of a field is
 * 'Please enter valid {label lowercased}.' unless the spec gives the field its own words.
 */

export type JsonSchema = Record<string, unknown>;

/** A text field: `rules` are JSON Schema string keywords; every failure reports one message. */
export function text(label: string, rules: JsonSchema, message = invalid(label)): JsonSchema {
  return { type: 'string', title: label, ...rules, errorMessage: message };
}

/** An optional text field that also accepts '' (integrations send empty strings for unknowns). */
export function optionalText(label: string, rules: JsonSchema, message = invalid(label)): JsonSchema {
  const { pattern, ...rest } = rules;
  return text(label, pattern === undefined ? rest : { ...rest, pattern: `^$|${String(pattern)}` }, message);
}

/** One of the given values. */
export function choice(label: string, values: readonly string[], message = invalid(label)): JsonSchema {
  return { type: 'string', title: label, enum: [...values], errorMessage: message };
}

/**
 * A closed object: unknown properties are dropped; each missing required field reports
 * '{its title} cannot be empty.' (or the message given in `requiredMessages`).
 */
export function object(
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
  requiredMessages: Record<string, string> = {},
): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) {
    schema.required = [...required];
    schema.errorMessage = {
      required: Object.fromEntries(
        required.map((name) => [
          name,
          requiredMessages[name] ?? `${titleOf(properties[name], name)} cannot be empty.`,
        ]),
      ),
    };
  }
  return schema;
}

export function invalid(label: string): string {
  return `Please enter valid ${label.toLowerCase()}.`;
}

function titleOf(schema: JsonSchema | undefined, fallback: string): string {
  return typeof schema?.title === 'string' ? schema.title : fallback;
}

/** The 200 answer of a route with `config.sealResponse`: one envelope string under `field`. */
export function sealedAnswer(field: 'response' | 'encryptedResponse', description: string): JsonSchema {
  return {
    type: 'object',
    required: [field],
    properties: { [field]: { type: 'string', description: `Envelope (spec 01 §7.4) of ${description}` } },
  };
}

/** Every 4xx answer (see httpErrorBody). */
export const ERROR_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'statusCode', 'error', 'message'],
  properties: {
    status: { type: 'string', const: 'Failed' },
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** The `limit` of an operations listing: 1–500, 50 by default. */
export const LISTING_LIMIT: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: 500,
  default: 50,
  errorMessage: 'Please enter valid limit.',
};

/** The answers of an operations listing: `{status: '200', items}` or a service-only refusal. */
export function listingResponses(item: JsonSchema) {
  return {
    200: {
      type: 'object',
      required: ['status', 'items'],
      properties: { status: { type: 'string' }, items: { type: 'array', items: item } },
    },
    400: ERROR_ANSWER,
    401: ERROR_ANSWER,
    403: ERROR_ANSWER,
  };
}
