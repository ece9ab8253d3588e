import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINCODE_PATH } from '../../../src/server/api/pincode/pincodeRoutes.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * A body whose JSON carries `__proto__` or `constructor.prototype` (issue 19, item 12) is taken
 * the same way plain and sealed: the key is dropped and the rest of the body answered as it
 * deserves, never the misleading 'Body is not valid JSON' and never a polluted prototype.
 */

describe.each(DATABASES)('prototype keys in a body ($name)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await api.app.db.query(
      "INSERT INTO pincodes (pincode, city, district, state) VALUES ('400021', 'Mumbai', 'Mumbai', 'Maharashtra') ON CONFLICT DO NOTHING",
    );
  });
  afterAll(() => api.close());

  const RAW = [
    '{"pincode":"400021","__proto__":{"polluted":true}}',
    '{"pincode":"400021","constructor":{"prototype":{"polluted":true}}}',
  ];

  it.each(RAW)('plain: %s is answered as the pincode it names', async (raw) => {
    const res = await api.app.inject({
      method: 'POST',
      url: PINCODE_PATH,
      headers: { authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { pincode: '400021', city: 'Mumbai', district: 'Mumbai', state: 'Maharashtra' },
    ]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each(RAW)('sealed: %s is answered the same way', async (raw) => {
    const res = await api.post(PINCODE_PATH, JSON.parse(raw));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ pincode: '400021', city: 'Mumbai' });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a prototype key is not stored with an application', async () => {
    const res = await api.post(
      '/buyonlineoauth/applications/create',
      JSON.parse(
        JSON.stringify((await import('./applicationsFixtures.ts')).createBody()).replace(
          /^\{/,
          '{"__proto__":{"journeyFlag":true},',
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { applicationNo } = api.open<{ applicationNo: string }>(res);
    const { rows } = await api.app.db.query<{ state: string; journey_flag: boolean }>(
      'SELECT state::text AS state, journey_flag FROM applications WHERE application_number = $1',
      [applicationNo],
    );
    expect(rows[0]!.state).not.toContain('__proto__');
    expect(rows[0]!.journey_flag).toBe(false);
  });
});
