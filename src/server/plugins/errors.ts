import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import { globalPlugin } from '../lib/globalPlugin.ts';
import { ApiError } from '../lib/ApiError.ts';
import {
  DependencyUnavailable,
  RETRY_AFTER_SECONDS,
  TRY_AGAIN_MESSAGE,
} from '../lib/dependencyUnavailable.ts';
import { httpErrorBody, type FieldError } from '../lib/httpErrorBody.ts';

const SERVER_FAULT_MESSAGE = 'Something went wrong on our side. Please try again in a little while.';

/** Fastify's own refusals of a body it could not read, in a person's words (not "Body is not valid JSON…"). */
const UNREADABLE = 'We could not read the details sent. Please try again.';
const BODY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: UNREADABLE,
  FST_ERR_CTP_EMPTY_JSON_BODY: UNREADABLE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: UNREADABLE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Please send the details as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The details sent are too large.',
};
const INVALID_DETAILS_MESSAGE = 'Please enter valid details';

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a NUL byte, an invalid encoding, a value
 * out of range, text that is not a number…) is caused by what the caller sent, so it is a
 * 400, not a server fault. A safety net behind validation and the body check of `envelope`.
 */
function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

/**
 * Promises that no answer ever carries a stack trace: client errors get a 4xx with a
 * clear message (schema validation failures list every field that is wrong; data the
 * database refuses as invalid is a 400 too), and
 * server faults are logged in full but answered with a generic 500.
 */
export const errors = globalPlugin('errors', async (app) => {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error.validation) {
      // Which fields and why, never the values refused (a mobile, an e-mail, a date of birth).
      request.log.info(
        { fields: error.validation.map((item) => toFieldError(item).field) },
        'request rejected by schema validation',
      );
      return reply.code(400).send(httpErrorBody(400, error.message, error.validation.map(toFieldError)));
    }

    if (error instanceof DependencyUnavailable) {
      request.log.warn({ err: error, dependency: error.dependency }, 'dependency unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.code(503).send(httpErrorBody(503, TRY_AGAIN_MESSAGE));
    }

    if (error.statusCode === undefined && isDataException(error)) {
      // The database's words may quote the value: only its code is kept.
      request.log.warn(
        { code: (error as { code?: unknown }).code },
        'request refused by the database as invalid data',
      );
      return reply.code(400).send(httpErrorBody(400, INVALID_DETAILS_MESSAGE));
    }

    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      const message = (error.code && BODY_MESSAGES[error.code]) || error.message;
      return reply.code(statusCode).send(httpErrorBody(statusCode, message, fieldErrors));
    }

    request.log.error({ err: error }, 'unhandled server error');
    return reply.code(500).send(httpErrorBody(500, SERVER_FAULT_MESSAGE));
  });
});

/** Turns an ajv error into a dotted field path (`proposer.mobile`) and its message. */
export function toFieldError(error: FastifySchemaValidationError): FieldError {
  const segments = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = missingProperty(error);
  if (missing) segments.push(missing);
  return { field: segments.join('.'), message: error.message ?? 'is invalid' };
}

/** `required` errors point at the parent object; the missing field is in the params (also under ajv-errors). */
function missingProperty(error: FastifySchemaValidationError): string | undefined {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    return params.missingProperty;
  if (error.keyword === 'errorMessage' && Array.isArray(params.errors)) {
    const inner = params.errors[0] as
      { keyword?: string; params?: { missingProperty?: unknown } } | undefined;
    if (inner?.keyword === 'required' && typeof inner.params?.missingProperty === 'string') {
      return inner.params.missingProperty;
    }
  }
  return undefined;
}
