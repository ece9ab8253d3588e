import { KEYWORD_NAMES } from '../../engine/validation/keywordNames.ts';

/*
 * The funnel's step events (issue 20, docs/design/analytics.md) as the browser sends them
 * (src/journey/help/analytics.ts) and the server takes them (src/server/api/analytics): the
 * route and the shapes of what an event may carry. The patterns only keep out what cannot be a
 * name; the server then takes a step only when it is one of the plan's, a field only when that
 * step's form has it, and an error key only when it is a validation keyword.
 */

/** POST, plain JSON, no token: `{visitId, events: [...]}`; answers 204. */
export const ANALYTICS_STEPS_PATH = '/buyonlineoauth/analytics/steps';

/** A visit id: random, made by the browser per tab. */
export const VISIT_ID_PATTERN = '^[A-Za-z0-9_-]{16,40}$';

/** A step: a journey step id or a proposal route key ('bank-details/fatca-details', 'upload-doc?type=secondary'). */
export const STEP_PATTERN = '^[a-z][a-z0-9/?=-]{0,79}$';

/**
 * A field as the form ids it: its path from the step's form, segments joined with '_' (RJSF's
 * ids: `policyHolder_dateOfBirth`, an array's item by its index: `nominees_0_fullName`); '/' or
 * '.' between segments are taken too. It starts with a letter.
 */
export const FIELD_PATTERN = '^[A-Za-z][A-Za-z0-9_./-]{0,79}$';

/** The same, for the browser to test a field before it sends it. */
export const FIELD_NAME = new RegExp(FIELD_PATTERN);

/** A validation keyword's name (`required`, `pattern`, `ageRange`). */
export const ERROR_KEY_PATTERN = '^[A-Za-z]{1,40}$';

/** The keywords ajv (and ajv-errors) report a field's error under. */
const AJV_KEYWORDS = [
  'required',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'format',
  'enum',
  'const',
  'type',
  'oneOf',
  'anyOf',
  'not',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
  'if',
  'dependencies',
  'additionalProperties',
  'errorMessage',
] as const;

/** The error keys an event may carry: ajv's keywords, the plans' own (engine/validation/keywords.ts), and 'invalid' (the browser's word for an error it cannot name). */
export const ERROR_KEYS: readonly string[] = [...AJV_KEYWORDS, ...KEYWORD_NAMES, 'invalid'];

/** At most this many events in one request (a page hide sends what is left of the visit's queue). */
export const MAX_EVENTS = 20;
