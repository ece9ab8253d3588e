import type { ApiClient } from '../../api/apiClient.ts';

/**
 * An API client whose calls wait until `settled` (the page's read-back of the application,
 * src/app/proposal/useApplicationRefresh.ts): a save started while it is on its way is made on
 * the version it brings, not overtaken by it.
 */
export function afterRefresh(api: ApiClient, settled: Promise<void>): ApiClient {
  return {
    post: (path, body, options) => settled.then(() => api.post(path, body, options)),
    get: (path, options) => settled.then(() => api.get(path, options)),
    download: (path, options) => settled.then(() => api.download(path, options)),
  };
}
