import type { ApiClient } from './apiClient.ts';
import { createApiClient } from './createApiClient.ts';

/**
 * The app's API client. The client id and envelope password are public by design (the
 * browser is a public client; the envelope only obscures); they can be overridden at
 * build time with VITE_PUBLIC_CLIENT_ID and VITE_ENVELOPE_PASSWORD to match the server.
 */
let client: ApiClient | undefined;
const ENVELOPE_PASSWORD: string = import.meta.env.VITE_ENVELOPE_PASSWORD ?? 'bimaflow-envelope-v1';

export function browserApi(): ApiClient {
  client ??= createApiClient({
    clientId: import.meta.env.VITE_PUBLIC_CLIENT_ID ?? 'bimaflow-web',
    envelopePassword: ENVELOPE_PASSWORD,
  });
  return client;
}

/**
 * The opener of values sealed with the envelope (e.g. an entry link's `details` parameter);
 * the envelope's code (crypto-js) loads only when a page has something sealed to open.
 */
export async function loadSealedOpener(): Promise<(text: string) => unknown> {
  const { openBrowser } = await import('../shared/envelope/browserEnvelope.ts');
  return (text) => openBrowser(ENVELOPE_PASSWORD, text);
}
