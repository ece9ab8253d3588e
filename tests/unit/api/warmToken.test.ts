import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/createApiClient.ts';

/*
 * Issue 21: the token is ready before the visitor presses Continue. A warmed client fetches its
 * token while the visitor types, renews it before it lapses, and a call then sends it without
 * asking for one.
 */

let server: Server;
let baseUrl = '';
const seen: { path: string; authorization?: string }[] = [];
let issued = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    response.setHeader('content-type', 'application/json');
    if (request.url === '/buyonlineoauth/oauth/token') {
      issued += 1;
      // 61 seconds: renewed a minute early, so after one second.
      response.end(JSON.stringify({ access_token: `token-${issued}`, expires_in: 61 }));
      return;
    }
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tokenCalls = () => seen.filter((call) => call.path === '/buyonlineoauth/oauth/token').length;

describe('a warmed API client', () => {
  it('has its token before the first call, and renews it before it lapses', async () => {
    const api = createApiClient({ baseUrl, clientId: 'test', envelopePassword: 'test' });
    api.warm?.();
    await expect.poll(tokenCalls, { timeout: 5_000 }).toBe(1);
    await api.post('/echo', {}, { plain: true });
    expect(tokenCalls()).toBe(1);
    expect(seen.at(-1)).toEqual({ path: '/echo', authorization: 'Bearer token-1' });
    // Renewed before it lapses, without a call asking for it.
    await expect.poll(tokenCalls, { timeout: 5_000 }).toBe(2);
    await api.post('/echo', {}, { plain: true });
    expect(tokenCalls()).toBe(2);
    expect(seen.at(-1)).toEqual({ path: '/echo', authorization: 'Bearer token-2' });
  });
});
