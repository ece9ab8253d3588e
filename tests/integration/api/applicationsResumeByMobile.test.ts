import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  FAST_RESUME,
  HOLDER_DOB,
  HOLDER_DOB_INDIAN,
  seed,
  uniqueMobile,
} from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const RETRIEVE = '/buyonlineoauth/retrieve';

describe.each(DATABASES)('resume by mobile ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, FAST_RESUME);
  });
  afterAll(() => api.close());

  const lookup = (body: Record<string, unknown>) => api.post(RETRIEVE, { contryCode: '91', ...body });

  it('lists the holder’s unsubmitted T54 applications, newest first, with a masked mobile and nothing more', async () => {
    const mobile = uniqueMobile();
    const older = await createApplication(api, { mobileNumber: mobile });
    const newer = await createApplication(api, { mobileNumber: mobile });
    const submitted = await createApplication(api, { mobileNumber: mobile });
    const otherProduct = await createApplication(api, { mobileNumber: mobile });
    const otherHolder = await createApplication(api, { mobileNumber: mobile, dateOfBirth: '1970-01-01' });
    await seed(api, older.applicationNo, `updated_at = now() - interval '2 days'`);
    await seed(api, newer.applicationNo, `updated_at = now() - interval '1 day'`);
    await seed(api, submitted.applicationNo, 'journey_flag = true');
    await seed(api, otherProduct.applicationNo, `product_id = 'T56'`);
    expect(otherHolder.applicationNo).toBeTruthy();

    const res = await lookup({ mobileNumber: mobile, dateOfBirth: HOLDER_DOB });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['response']);
    const answer = api.open<{ applciations: Record<string, string>[] }>(res);
    expect(Object.keys(answer)).toEqual(['status', 'mobileNumber', 'applciations']);
    expect(answer).toMatchObject({
      status: '200',
      mobileNumber: `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`,
    });
    expect(answer.applciations.map((a) => a.ApplicationNumber)).toEqual([
      newer.applicationNo,
      older.applicationNo,
    ]);
    for (const item of answer.applciations) {
      expect(Object.keys(item)).toEqual(['ProdcutId', 'ApplicationNumber', 'Datetime']);
      expect(item.ProdcutId).toBe('T54');
      expect(item.Datetime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    }
    expect(res.body).not.toContain(HOLDER_DOB);

    const indian = await lookup({ mobileNumber: mobile, dateOfBirth: HOLDER_DOB_INDIAN });
    expect(api.open<{ applciations: unknown[] }>(indian).applciations).toHaveLength(2);
    const filtered = await lookup({ mobileNumber: mobile, dateOfBirth: HOLDER_DOB, productId: 'T56' });
    expect(api.open<{ applciations: unknown[] }>(filtered).applciations).toEqual([]);
  });

  it('masks a mobile number as the list shows it', async () => {
    const res = await lookup({ mobileNumber: '9812345610', dateOfBirth: HOLDER_DOB });
    expect(api.open(res).mobileNumber).toBe('98XXXXXX10');
  });

  it('answers a lookup that matches nothing with the same status and shape, an empty list', async () => {
    const mobile = uniqueMobile();
    await createApplication(api, { mobileNumber: mobile });
    const found = await lookup({ mobileNumber: mobile, dateOfBirth: HOLDER_DOB });
    const wrongDob = await lookup({ mobileNumber: mobile, dateOfBirth: '1970-01-01' });
    const wrongCode = await lookup({ mobileNumber: mobile, dateOfBirth: HOLDER_DOB, contryCode: '971' });
    const nobody = await lookup({ mobileNumber: uniqueMobile(), dateOfBirth: HOLDER_DOB });
    expect(api.open<{ applciations: unknown[] }>(found).applciations).toHaveLength(1);
    for (const res of [wrongDob, wrongCode, nobody]) {
      expect(res.statusCode).toBe(found.statusCode);
      expect(Object.keys(res.json())).toEqual(Object.keys(found.json()));
      const answer = api.open(res);
      expect(Object.keys(answer)).toEqual(Object.keys(api.open(found)));
      expect(answer).toMatchObject({ status: '200', applciations: [] });
    }
  });

  it('rejects malformed lookups with 400', async () => {
    for (const body of [
      { mobileNumber: '98765', dateOfBirth: HOLDER_DOB },
      { mobileNumber: '9876543210', dateOfBirth: '31/02/1970' },
      { mobileNumber: '9876543210', dateOfBirth: 'yesterday' },
      { mobileNumber: '9876543210' },
    ]) {
      const res = await lookup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe('Failed');
    }
  });
});

describe.each(DATABASES)('resume answers take the same time found or not ($name)', (kind) => {
  const MINIMUM_MS = 120;
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, { ...FAST_RESUME, resumeMinimumAnswerMs: MINIMUM_MS });
  });
  afterAll(() => api.close());

  const timed = async (run: () => Promise<{ statusCode: number }>) => {
    const started = performance.now();
    const res = await run();
    return { res, ms: performance.now() - started };
  };

  it('pads found, not found and wrong-proof answers to the minimum time', async () => {
    const mobile = uniqueMobile();
    const created = await createApplication(api, { mobileNumber: mobile });
    const runs = await Promise.all([
      timed(() => api.post(RETRIEVE, { mobileNumber: mobile, dateOfBirth: HOLDER_DOB })),
      timed(() => api.post(RETRIEVE, { mobileNumber: uniqueMobile(), dateOfBirth: HOLDER_DOB })),
      timed(() =>
        api.post(RETRIEVE_DATA, {
          applicationNumber: created.proposalNumber,
          quoteId: created.applicationNo,
          emailId: 'Ramesh.Sharma@gmail.com',
          retrieve: 'appnumber',
          productId: 'T54',
        }),
      ),
      timed(() =>
        api.post(RETRIEVE_DATA, { applicationNumber: '6999999998', retrieve: 'appnumber', productId: 'T54' }),
      ),
    ]);
    expect(runs.map((run) => run.res.statusCode)).toEqual([200, 200, 200, 404]);
    for (const run of runs) expect(run.ms).toBeGreaterThanOrEqual(MINIMUM_MS - 2);
  });
});
