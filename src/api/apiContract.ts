/*
 * What the API client promises its callers, apart from how it sends: the ApiClient
 * interface, its configuration and call options, and ApiFailure. Both the client
 * (./apiClient.ts) and the HTTP code behind it (./httpClient.ts) import it, so neither imports
 * the other statically.
 */

export interface FieldError {
  field: string;
  message: string;
}

export class ApiFailure extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldError[];
  constructor(message: string, statusCode = 0, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiFailure';
    this.statusCode = statusCode;
    this.fieldErrors = fieldErrors;
  }
}

export interface CallOptions {
  /** The application capability, for calls that read or change an application. */
  capability?: string;
  /** Send the body plain instead of sealed (the quote service takes plain JSON). */
  plain?: boolean;
}

export interface ApiClient {
  post<T = Record<string, unknown>>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  get<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<T>;
  /** Downloads a file (a PDF) as a Blob. */
  download(path: string, options?: CallOptions): Promise<Blob>;
}

export interface ApiClientConfig {
  baseUrl?: string;
  clientId: string;
  envelopePassword: string;
  timeoutMs?: number;
}

export const CONNECTION_MESSAGE =
  'We could not reach our servers. Please check your internet connection and try again.';
