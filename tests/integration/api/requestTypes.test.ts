import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createBody } from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * No route coerces a body's types (issue 19, item 4) and every refusal is in a person's words
 * (item 5): a version sent as "1", [1] or true, a lead id or campaign sent as a number, a
 * boolean, null or a list is refused, storing nothing, never with the validator's wording.
 */

const VALIDATOR_WORDS = /must |property|should |body\/|\bNaN\b|JSON/;

describe.each(DATABASES)('request types ($name)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  it.each([['1'], [[1]], [true]])(
    'a stage save with version %j is refused; the application is unchanged',
    async (version) => {
      const created = await createApplication(api);
      const res = await api.post(
        '/buyonlineoauth/stages/personal-details',
        { applicationNumber: created.applicationNo, version, personalDetails: {} },
        { capability: created.capability },
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'version', message: expect.any(String) }]);
      expect(res.body).not.toMatch(VALIDATOR_WORDS);
      const { rows } = await api.app.db.query<{ version: number }>(
        'SELECT version FROM applications WHERE application_number = $1',
        [created.applicationNo],
      );
      expect(rows[0]!.version).toBe(created.version);
    },
  );

  it.each([
    ['leadId', 12345],
    ['leadId', true],
    ['utm_source', ['google']],
    ['utm_campaign', 7],
    ['utm_content', null],
  ])('a create with %s of %j is refused in words, storing nothing', async (field, value) => {
    const { rows: before } = await api.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications',
    );
    const res = await api.post('/buyonlineoauth/applications/create', createBody({}, { [field]: value }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field, message: expect.stringMatching(/^Please enter valid .+\.$/) },
    ]);
    expect(res.body).not.toMatch(VALIDATOR_WORDS);
    const { rows: after } = await api.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a create without its required parts names them in words', async () => {
    const res = await api.post('/buyonlineoauth/applications/create', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ cannot be empty\.$/);
    expect(res.body).not.toMatch(VALIDATOR_WORDS);
  });
});
