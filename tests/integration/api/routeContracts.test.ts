import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const API_PREFIXES = [
  '/buyonlineoauth/',
  '/proposal_service/',
  '/buyonline_pincodemaster/',
  '/api_etermcrm_leadcreation_sf/',
  '/healthz',
];

describe('route contracts', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(DATABASES[0]!);
  });
  afterAll(() => api.close());

  it('every API route declares its response schema, and its body (POST) or query (GET) schema', () => {
    const routes = api.app.routeCatalogue.filter((route) =>
      API_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const route of routes) {
      const methods = [route.method].flat();
      if (methods.includes('HEAD') && methods.length === 1) continue;
      const name = `${methods.join(',')} ${route.url}`;
      if (!route.schema?.response) missing.push(`${name}: no response schema`);
      if (methods.includes('POST') && !route.schema?.body) missing.push(`${name}: no body schema`);
      if (methods.includes('GET') && route.url.includes('admin') && !route.schema?.querystring) {
        missing.push(`${name}: no querystring schema`);
      }
    }
    expect(missing).toEqual([]);
  });
});
