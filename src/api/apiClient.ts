/*
 * The browser's one way to the server: a public client (its id, no secret) gets an
 * access token, every body goes out sealed as {data: <envelope>}, sealed answers are
 * opened, and every failure becomes an ApiFailure carrying the server's message in the
 * spec's words and its field errors. Nothing here knows a plan.
 *
 * This file is what callers see: the ApiClient interface, its options and ApiFailure.
 * ./createApiClient.ts makes the client; the HTTP code behind it and the envelope (axios,
 * crypto-js) live in ./httpClient.ts and load with the first call, so a page that has not
 * sent anything yet has not downloaded them. Both import this file; neither imports the other
 * statically.
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
  /** Send the body plain instead of sealed (the quote service takes plain JSON; a file goes as it is). */
  plain?: boolean;
  /** The content type of a plain body that is not JSON (a file: its Blob as the body). */
  contentType?: string;
  /** Told how much of the body has gone out, in bytes, as it goes (an upload). */
  onUploadProgress?: (sent: number, total: number | undefined) => void;
  /** This call's time limit in milliseconds instead of the client's; 0 for none (a slow upload). */
  timeoutMs?: number;
  /** Further request headers of a route's own (the chat's conversation key); never the token's. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  post<T = Record<string, unknown>>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  get<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<T>;
  /** Downloads a file (a PDF) as a Blob. */
  download(path: string, options?: CallOptions): Promise<Blob>;
  /**
   * Gets the client ready for the visitor's first call while they are still typing: its code
   * and an access token (kept fresh while the page is open), so Continue waits for no token.
   */
  warm?(): void;
}

export interface ApiClientConfig {
  baseUrl?: string;
  clientId: string;
  envelopePassword: string;
  timeoutMs?: number;
}

export const CONNECTION_MESSAGE =
  'We could not reach our servers. Please check your internet connection and try again.';
