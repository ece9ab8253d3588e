import type { FastifyInstance } from 'fastify';
import { APPLICATION_NUMBER_PATTERN, PROPOSAL_NUMBER_PATTERN } from './applicationNumbers.ts';

/**
 * The JSON Schemas the applications routes share, added once with `addSchema` and
 * referenced by `$id`. They check the shape of the wire payload; the plan's own step
 * schemas (validateAgainstPlan) then check what the visitor typed, in the spec's words.
 */
export const REF = {
  basicDetails: { $ref: 'applications.basicDetails#' },
  section: { $ref: 'applications.section#' },
  applicationNumber: { $ref: 'applications.applicationNumber#' },
  version: { $ref: 'applications.version#' },
  sealedAnswer: { $ref: 'applications.sealedAnswer#' },
  failedAnswer: { $ref: 'applications.failedAnswer#' },
} as const;

export function addApplicationSchemas(app: FastifyInstance) {
  app.addSchema({
    $id: 'applications.basicDetails',
    description: 'The proposer (policyHolder) and, for a joint life, the insured person.',
    type: 'object',
    required: ['policyHolder'],
    properties: {
      policyHolder: { type: 'object' },
      insuredPerson: { type: 'object' },
    },
  });
  app.addSchema({
    $id: 'applications.section',
    description: 'One saved section of the application state, kept as sent.',
    type: 'object',
  });
  app.addSchema({
    $id: 'applications.applicationNumber',
    description: 'The 10-digit application number, also the Quote ID.',
    type: 'string',
    pattern: APPLICATION_NUMBER_PATTERN,
  });
  app.addSchema({
    $id: 'applications.version',
    description: 'The version this change was made on (optimistic lock).',
    type: 'integer',
    minimum: 1,
  });
  app.addSchema({
    $id: 'applications.sealedAnswer',
    description: 'A successful answer, sealed in the envelope of spec 01 §7.4.',
    type: 'object',
    required: ['response'],
    properties: { response: { type: 'string' } },
  });
  app.addSchema({
    $id: 'applications.failedAnswer',
    type: 'object',
    required: ['status', 'statusCode', 'message'],
    properties: {
      status: { type: 'string', const: 'Failed' },
      statusCode: { type: 'integer' },
      error: { type: 'string' },
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  });
}

/** Responses of a sealed route: the envelope on success, the plain failure body otherwise. */
export const SEALED_RESPONSES = {
  200: REF.sealedAnswer,
  '4xx': REF.failedAnswer,
} as const;

export const SHORT_TEXT = { type: 'string', maxLength: 200 } as const;
export const PROPOSAL_NUMBER = { type: 'string', pattern: PROPOSAL_NUMBER_PATTERN } as const;
export const EMAIL = { type: 'string', minLength: 3, maxLength: 50 } as const;
export const MOBILE_NUMBER = { type: 'string', pattern: '^[0-9]{7,15}$' } as const;
export const COUNTRY_CODE = { type: 'string', pattern: '^[0-9]{1,4}$' } as const;
/** 'yyyy-mm-dd' or 'dd/mm/yyyy'; whether it is a real date is checked by the handler. */
export const DATE_TEXT = {
  type: 'string',
  pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}/[0-9]{2}/[0-9]{4})$',
} as const;
