import axios, { AxiosError, type AxiosInstance, type AxiosProgressEvent } from 'axios';
import { openBrowser, sealBrowser } from '../shared/envelope/browserEnvelope.ts';
import {
  ApiFailure,
  CONNECTION_MESSAGE,
  type ApiClient,
  type ApiClientConfig,
  type CallOptions,
  type FieldError,
} from './apiClient.ts';

/*
 * The client behind ApiClient: axios and the envelope (crypto-js). Loaded on the first call or
 * when the journey warms the client once its first step is on screen (not with the page): the
 * token is then fetched while the visitor types, so Continue waits only for its own call.
 */

export function createHttpClient(config: ApiClientConfig): ApiClient {
  const http: AxiosInstance = axios.create({
    baseURL: config.baseUrl ?? '',
    timeout: config.timeoutMs ?? 30_000,
  });
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const accessToken = async (): Promise<string> => {
    if (token && token.expiresAt > Date.now()) return token.value;
    pending ??= http
      .post(
        '/buyonlineoauth/oauth/token',
        new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId }),
        { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      )
      .then((res) => {
        const { access_token: value, expires_in: seconds } = res.data as {
          access_token: string;
          expires_in: number;
        };
        // Renew a minute early so a call never leaves with a token about to lapse.
        token = { value, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
        if (warmed) renewBeforeExpiry();
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  // A warmed client keeps its token fresh while the page is shown, so no call waits for one.
  let warmed = false;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  const renewBeforeExpiry = () => {
    if (renewal !== undefined) clearTimeout(renewal);
    renewal = setTimeout(
      () => {
        renewal = undefined;
        if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
        token = undefined;
        accessToken().catch(() => undefined);
      },
      // Never sooner than a second: a token with under a minute to live is not fetched in a loop.
      Math.max(1000, (token?.expiresAt ?? 0) - Date.now()),
    );
  };

  const headers = async (options: CallOptions = {}) => ({
    ...options.headers,
    authorization: `Bearer ${await accessToken()}`,
    ...(options.capability ? { 'x-application-capability': options.capability } : {}),
    ...(options.contentType ? { 'content-type': options.contentType } : {}),
  });

  /** A call's own time limit and upload progress, when it asks for them. */
  const transfer = ({ timeoutMs, onUploadProgress }: CallOptions) => ({
    ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
    ...(onUploadProgress
      ? { onUploadProgress: (event: AxiosProgressEvent) => onUploadProgress(event.loaded, event.total) }
      : {}),
  });

  const open = (data: unknown): unknown => {
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      if (typeof record.response === 'string') return openBrowser(config.envelopePassword, record.response);
      if (typeof record.encryptedResponse === 'string')
        return openBrowser(config.envelopePassword, record.encryptedResponse);
    }
    return data;
  };

  const failure = (error: unknown): ApiFailure => {
    if (error instanceof ApiFailure) return error;
    if (error instanceof AxiosError) {
      const body = error.response?.data as { message?: string; errors?: FieldError[] } | undefined;
      if (error.response && body?.message)
        return new ApiFailure(body.message, error.response.status, body.errors ?? []);
      if (error.response) return new ApiFailure('Something went wrong', error.response.status);
      return new ApiFailure(CONNECTION_MESSAGE);
    }
    return new ApiFailure('Something went wrong');
  };

  /** One retry with a fresh token when the server says the token lapsed. */
  const withToken = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      if (error instanceof AxiosError && error.response?.status === 401 && token) {
        token = undefined;
        try {
          return await send();
        } catch (retryError) {
          throw failure(retryError);
        }
      }
      throw failure(error);
    }
  };

  return {
    warm: () => {
      warmed = true;
      accessToken().catch(() => undefined);
    },
    post: (path, body, options = {}) =>
      withToken(async () => {
        const payload = options.plain ? body : { data: sealBrowser(config.envelopePassword, body) };
        const res = await http.post(path, payload, { headers: await headers(options), ...transfer(options) });
        return open(res.data) as never;
      }),
    get: (path, options = {}) =>
      withToken(async () => {
        const res = await http.get(path, { headers: await headers(options) });
        return open(res.data) as never;
      }),
    download: (path, options = {}) =>
      withToken(async () => {
        const res = await http.get(path, { headers: await headers(options), responseType: 'blob' });
        return res.data as Blob;
      }),
  };
}
