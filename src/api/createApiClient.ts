import {
  ApiFailure,
  CONNECTION_MESSAGE,
  type ApiClient,
  type ApiClientConfig,
  type CallOptions,
} from './apiClient.ts';

/**
 * The API client; its HTTP code loads on the first call (one client behind it). When that
 * code cannot be fetched (offline) the call fails as an unreachable server does, and the
 * next call tries again.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const http = () =>
    (client ??= import('./httpClient.ts').then(
      (module) => module.createHttpClient(config),
      () => {
        client = undefined;
        throw new ApiFailure(CONNECTION_MESSAGE);
      },
    ));
  return {
    post: async <T>(path: string, body: unknown, options?: CallOptions) =>
      (await http()).post<T>(path, body, options),
    get: async <T>(path: string, options?: CallOptions) => (await http()).get<T>(path, options),
    download: async (path, options) => (await http()).download(path, options),
    warm: () =>
      void http().then(
        (ready) => ready.warm?.(),
        () => undefined,
      ),
  };
}
