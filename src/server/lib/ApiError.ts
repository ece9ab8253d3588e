import type { FieldError } from './httpErrorBody.ts';

/**
 * A failure to tell the caller about, in the spec's words: thrown by handlers and turned
 * into `{status: 'Failed', statusCode, error, message, errors?}` by the errors plugin.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors?: FieldError[];

  constructor(statusCode: number, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}
