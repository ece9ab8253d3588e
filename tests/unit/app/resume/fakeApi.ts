import type { ApiClient, CallOptions } from '../../../../src/api/apiClient.ts';

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
  options?: CallOptions;
}

type Handler = (body: Record<string, unknown>, options?: CallOptions) => unknown;

/** An ApiClient whose answers are given per path; every call is recorded. Throw in a handler to fail. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const api: ApiClient = {
    async post<T>(path: string, body: unknown, options?: CallOptions) {
      calls.push({ path, body: body as Record<string, unknown>, options });
      const handler = handlers[path];
      if (!handler) throw new Error(`no answer for ${path}`);
      return (await handler(body as Record<string, unknown>, options)) as T;
    },
    get: () => Promise.reject(new Error('not used')),
    download: () => Promise.reject(new Error('not used')),
  };
  return { api, calls };
}
