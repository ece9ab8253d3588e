import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../../../src/shared/envelope/nodeEnvelope.ts';
import { CAPABILITY_HEADER } from '../../../src/server/plugins/authenticate.ts';
import { createApplication, createBody, personalDetailsOf } from './applicationsFixtures.ts';
import { capabilityFor, rowCounts } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * What PostgreSQL cannot store (NUL, lone UTF-16 surrogates) and what recursive code cannot
 * walk (very deep nesting) is refused with a 400 by one check on every body, before any
 * route sees it; a data exception the database raises anyway is a 400 too, never a 500.
 */
const CRM = '/api_etermcrm_leadcreation_sf/';
const CREATE = '/buyonlineoauth/applications/create';
/** A journey stage's save: open to any application before payment, its section checked by its step. */
const STAGE_SAVE = '/buyonlineoauth/stages/personal-details';
const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const UNSUPPORTED = 'Please remove unsupported characters.';
const TOO_DEEP = 'The request is too deeply nested.';

const crmLead = (overrides: Record<string, unknown> = {}) => ({
  Eterm_CRM_Lead_Req: {
    applicationno: 'AB12345678',
    firstname: 'Ravi',
    mobilenumber: '9876543210',
    productname: 'T54',
    comments: '',
    ...overrides,
  },
});

/** `[[[…"x"…]]]`, `depth` arrays deep. */
function nestedArrays(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** The JSON text of `depth` nested arrays, written out (JSON.stringify itself overflows on it). */
const nestedArraysJson = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

/** Seals JSON text as it is, the envelope of spec 01 §7.4 without a JSON.stringify. */
function sealText(password: string, text: string): string {
  const saltHex = randomBytes(16).toString('hex');
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', deriveKey(password, saltHex), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return saltHex + iv.toString('hex') + body.toString('base64');
}

const unsupportedAt = (field: string) => ({
  status: 'Failed',
  statusCode: 400,
  message: UNSUPPORTED,
  errors: [{ field, message: UNSUPPORTED }],
});

describe.each(DATABASES)('unsupported input ($name)', (kind) => {
  let api: TestApi;
  let capability: string;
  beforeAll(async () => {
    api = await createTestApi(kind, { resumeMinimumAnswerMs: 0 });
    capability = capabilityFor(api, 'AB12345678');
  }, 60_000);
  afterAll(() => api.close());

  const storedApplication = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{ state: Record<string, unknown>; version: number }>(
      'SELECT state, version FROM applications WHERE application_number = $1',
      [applicationNumber],
    );
    return rows[0]!;
  };

  describe.each([
    ['sealed', true],
    ['plain', false],
  ])('%s bodies', (_name, seal) => {
    it.each([
      ['a NUL', 'a\u0000b'],
      ['a lone high surrogate', 'a\ud800b'],
      ['a lone low surrogate', 'a\udc00b'],
      ['a high surrogate at the end', 'ab\udbff'],
    ])('refuses CRM lead comments with %s, naming the field and writing nothing', async (_what, comments) => {
      const before = await rowCounts(api);
      const res = await api.post(CRM, crmLead({ comments }), { capability, seal });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ ...unsupportedAt('Eterm_CRM_Lead_Req.comments'), error: 'Bad Request' });
      expect(await rowCounts(api)).toEqual(before);
    });
  });

  it('takes a well-formed surrogate pair (an emoji) in the same field', async () => {
    const res = await api.post(CRM, crmLead({ comments: 'call after 6 \ud83d\ude00' }), { capability });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a create with utm_source "\\u0000", saving nothing', async () => {
    const { rows: before } = await api.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications',
    );
    const res = await api.post(CREATE, createBody({}, { utm_source: '\u0000' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(unsupportedAt('utm_source'));
    const { rows: after } = await api.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications',
    );
    expect(after).toEqual(before);
  });

  it('refuses a stage save whose section holds "\\u0000" in a value or a key, changing nothing', async () => {
    const created = await createApplication(api);
    const save = (personalDetails: unknown) =>
      api.post(
        STAGE_SAVE,
        { applicationNumber: created.applicationNo, version: 1, personalDetails },
        { capability: created.capability },
      );
    const value = await save(personalDetailsOf({ notes: ['fine', 'bad\u0000'] }));
    expect(value.statusCode, value.body).toBe(400);
    expect(value.json()).toMatchObject(unsupportedAt('personalDetails.primary.notes.1'));

    const key = await save(personalDetailsOf({ 'na\u0000me': 'x' }));
    expect(key.statusCode, key.body).toBe(400);
    expect(key.json()).toMatchObject(unsupportedAt('personalDetails.primary.na\ufffdme'));

    expect((await storedApplication(created.applicationNo)).version).toBe(1);
    const ok = await save(personalDetailsOf({ notes: ['fine'] }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a resume by application number with an emailId holding "\\u0000"', async () => {
    const created = await createApplication(api);
    const res = await api.post(RETRIEVE_DATA, {
      applicationNumber: created.proposalNumber,
      quoteId: created.applicationNo,
      emailId: 'ramesh\u0000@gmail.com',
      retrieve: 'appnumber',
      productId: 'T54',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(unsupportedAt('emailId'));
  });

  describe.each([
    ['sealed', true],
    ['plain', false],
  ])('nesting (%s)', (_name, seal) => {
    it('refuses a stage save with 5000 nested arrays with 400, changing nothing', async () => {
      const created = await createApplication(api);
      const text = `{"applicationNumber":"${created.applicationNo}","version":1,"personalDetails":{"deep":${nestedArraysJson(5000)}}}`;
      const res = await api.app.inject({
        method: 'POST',
        url: STAGE_SAVE,
        headers: {
          authorization: `Bearer ${await api.token()}`,
          [CAPABILITY_HEADER]: created.capability,
          'content-type': 'application/json',
        },
        payload: seal ? JSON.stringify({ data: sealText(api.config.envelopePassword, text) }) : text,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json()).toEqual({
        status: 'Failed',
        statusCode: 400,
        error: 'Bad Request',
        message: TOO_DEEP,
      });
      expect((await storedApplication(created.applicationNo)).version).toBe(1);
    });

    it('takes 32 levels (the body is the first) and refuses 33', async () => {
      const created = await createApplication(api);
      // body (1) > personalDetails (2) > primary (3) > arrays (4…)
      const save = (arrays: number, version: number) =>
        api.post(
          STAGE_SAVE,
          {
            applicationNumber: created.applicationNo,
            version,
            personalDetails: personalDetailsOf({ deep: nestedArrays(arrays) }),
          },
          { capability: created.capability, seal },
        );
      const deepest = await save(29, 1);
      expect(deepest.statusCode, deepest.body).toBe(200);
      const tooDeep = await save(30, 2);
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json().message).toBe(TOO_DEEP);
    });
  });

  it('answers a data exception PostgreSQL raises anyway with 400, not 500', async () => {
    // A query string is not a body: its NUL reaches the database, which refuses it (SQLSTATE 22021).
    const res = await api.get('/buyonlineoauth/admin/outbox?topic=a%00b', {
      token: await api.token('service'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      status: 'Failed',
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please enter valid details',
    });
  });
});
