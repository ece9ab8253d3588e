import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FOUND_CACHE_CONTROL, PINCODE_PATH } from '../../../src/server/api/pincode/pincodeRoutes.ts';
import { createApplication, personalDetailsOf } from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Answers that carry personal data or a credential are never stored by a browser or anything
 * between (issue 19, item 8): the token, the create and retrieve answers, a stage save, a
 * payment's status and every refusal carry `Cache-Control: no-store`; and every answer HSTS.
 */

describe.each(DATABASES)('caching and transport headers ($name)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const noStore = (what: string, res: LightMyRequestResponse) => {
    expect([what, res.headers['cache-control']]).toEqual([what, 'no-store']);
    expect([what, res.headers['strict-transport-security']]).toEqual([
      what,
      'max-age=31536000; includeSubDomains',
    ]);
  };

  it('the token, create, retrieve, stage save, payment status and refusals are no-store', async () => {
    const token = await api.app.inject({
      method: 'POST',
      url: '/buyonlineoauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${api.config.publicClientId}`,
    });
    expect(token.statusCode).toBe(200);
    noStore('token', token);

    const createAnswer = await api.post('/buyonlineoauth/applications/create', {});
    noStore('create refused', createAnswer);
    const created = await createApplication(api);
    const retrieve = await api.post(
      '/buyonlineoauth/retrieve-data',
      { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
      { capability: created.capability },
    );
    expect(retrieve.statusCode, retrieve.body).toBe(200);
    noStore('retrieve', retrieve);

    const saved = await api.post(
      '/buyonlineoauth/stages/personal-details',
      {
        applicationNumber: created.applicationNo,
        version: created.version,
        personalDetails: personalDetailsOf(),
      },
      { capability: created.capability },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    noStore('stage save', saved);

    const status = await api.get(
      `/buyonlineoauth/payments/BF0000000000000000000000?applicationNumber=${created.applicationNo}`,
      {
        capability: created.capability,
      },
    );
    expect(status.statusCode).toBeGreaterThanOrEqual(400);
    noStore('payment status', status);
  });

  it('a found pincode keeps its own caching (public data), an unknown one is no-store', async () => {
    await api.app.db.query(
      "INSERT INTO pincodes (pincode, city, district, state) VALUES ('400021', 'Mumbai', 'Mumbai', 'Maharashtra') ON CONFLICT DO NOTHING",
    );
    const ask = (pincode: string) => api.post(PINCODE_PATH, { pincode });
    const found = await ask('400021');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers['cache-control']).toBe(FOUND_CACHE_CONTROL);
    noStore('unknown pincode', await ask('999999'));
  });
});
