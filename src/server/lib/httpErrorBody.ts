import { STATUS_CODES } from 'node:http';

/** One field-level problem in a rejected request, e.g. `{ field: 'proposer.mobile', message: '...' }`. */
export interface FieldError {
  field: string;
  message: string;
}

/** The JSON body of every error answer: status 'Failed', Fastify's own shape, plus field errors for validation failures. */
export interface HttpErrorBody {
  /** The spec's failure marker: every failed call answers with status 'Failed'. */
  status: 'Failed';
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldError[];
}

export function httpErrorBody(statusCode: number, message: string, errors?: FieldError[]): HttpErrorBody {
  const body: HttpErrorBody = {
    status: 'Failed',
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
  };
  if (errors) body.errors = errors;
  return body;
}
