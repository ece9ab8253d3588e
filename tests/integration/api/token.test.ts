import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

describe.each(DATABASES)('token call and bearer checks ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const tokenCall = (payload: string, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/buyonlineoauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  it('gives the browser (a public client, no secret) a journey token', async () => {
    const res = await tokenCall('grant_type=client_credentials', {
      authorization: `Basic ${Buffer.from(`${api.config.publicClientId}:`).toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'journey', expires_in: 3600 });
    expect(res.json().access_token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('gives a confidential client with the right secret a service token, and refuses a wrong secret', async () => {
    const ok = await tokenCall('grant_type=client_credentials&client_id=crm&client_secret=crm-secret');
    expect(ok.json().scope).toBe('service');
    const wrong = await tokenCall('grant_type=client_credentials&client_id=crm&client_secret=nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 'Failed', message: 'Failed to generate Token' });
  });

  it('rejects an unknown client and a wrong grant type with 4xx and no stack', async () => {
    expect((await tokenCall('grant_type=client_credentials&client_id=mallory')).statusCode).toBe(401);
    const grant = await tokenCall('grant_type=password&client_id=bimaflow-web');
    expect(grant.statusCode).toBe(400);
    expect(grant.body).not.toContain('at ');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'refuses client id %s (an Object.prototype name) with 401, as a form field or Basic username',
    async (clientId) => {
      const form = await tokenCall(`grant_type=client_credentials&client_id=${clientId}&client_secret=x`);
      expect(form.statusCode, form.body).toBe(401);
      expect(form.json()).toMatchObject({ status: 'Failed', message: 'Failed to generate Token' });
      const basic = await tokenCall('grant_type=client_credentials', {
        authorization: `Basic ${Buffer.from(`${clientId}:x`).toString('base64')}`,
      });
      expect(basic.statusCode, basic.body).toBe(401);
      const noSecret = await tokenCall(`grant_type=client_credentials&client_id=${clientId}`);
      expect(noSecret.statusCode, noSecret.body).toBe(401);
    },
  );

  it('refuses API calls without a valid bearer token', async () => {
    const none = await api.post('/buyonlineoauth/anything', {}, { token: null });
    expect(none.statusCode).toBe(404); // unknown routes stay 404 whoever asks
    const token = await api.token();
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const app = api.app;
    app.log.level = 'silent';
    expect(api.app.tokens.verifyAccess(forged)).toBeUndefined();
    expect(api.app.tokens.verifyAccess(token)?.scope).toBe('journey');
  });
});
