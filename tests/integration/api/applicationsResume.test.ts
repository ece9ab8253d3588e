import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import {
  createApplication,
  FAST_RESUME,
  HOLDER_DOB,
  HOLDER_DOB_INDIAN,
  policyHolder,
  seed,
  uniqueMobile,
  type CreatedApplication,
  planDetailsOf,
  personalDetailsOf,
} from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const UNKNOWN = 'Please enter valid application number';

describe.each(DATABASES)('resume by application number ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, FAST_RESUME);
  });
  afterAll(() => api.close());

  const resume = (body: Record<string, unknown>, capability?: string) =>
    api.post(RETRIEVE_DATA, { retrieve: 'appnumber', productId: 'T54', ...body }, { capability });
  const byCapability = (created: CreatedApplication) =>
    resume({ applicationNumber: created.applicationNo }, created.capability);

  it('gives the same window its saved application, a fresh capability and the version', async () => {
    const created = await createApplication(api);
    await api.post(
      '/buyonlineoauth/stages/plan-details',
      {
        applicationNumber: created.applicationNo,
        version: 1,
        planDetails: planDetailsOf({ policyTerm: '7' }),
      },
      { capability: created.capability },
    );
    const res = await byCapability(created);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['response']);
    const answer = api.open<{
      status: string;
      data: Record<string, unknown>;
      capability: string;
      version: number;
    }>(res);
    expect(answer).toMatchObject({ status: '200', version: 2 });
    expect(answer.data).toMatchObject({
      basicDetails: { policyHolder: policyHolder() },
      planDetails: { policyTerm: '7' },
      productId: 'T54',
      journeyFlag: false,
      userStage: 'plan-details',
      dateofPolicyStart: indiaToday(),
      applicationNumber: created.applicationNo,
      proposalNumber: created.proposalNumber,
    });
    expect(api.app.tokens.allows(answer.capability, created.applicationNo)).toBe(true);
  });

  it('resumes with the Quote ID, the holder’s email in any case and the proposal number', async () => {
    const created = await createApplication(api);
    const res = await resume({
      quoteId: created.applicationNo,
      emailId: 'RAMESH.sharma@GMAIL.com',
      applicationNumber: created.proposalNumber.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = api.open<{ capability: string; data: { applicationNumber: string } }>(res);
    expect(answer.data.applicationNumber).toBe(created.applicationNo);
    // The capability handed out by the resume lets this window save.
    const saved = await api.post(
      '/buyonlineoauth/stages/personal-details',
      { applicationNumber: created.applicationNo, version: 1, personalDetails: personalDetailsOf() },
      { capability: answer.capability },
    );
    expect(saved.statusCode).toBe(200);
  });

  it('resumes the pick of a mobile lookup with the number, mobile and date of birth', async () => {
    const mobile = uniqueMobile();
    const created = await createApplication(api, { mobileNumber: mobile });
    for (const dateOfBirth of [HOLDER_DOB, HOLDER_DOB_INDIAN]) {
      const res = await resume({
        applicationNumber: created.applicationNo,
        mobileNumber: mobile,
        dateOfBirth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('answers "no such application" and every wrong proof alike', async () => {
    const created = await createApplication(api);
    const other = await createApplication(api);
    const unknown = await resume({ applicationNumber: '6999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      status: 'Failed',
      statusCode: 404,
      error: 'Not Found',
      message: UNKNOWN,
    });

    const wrongProofs = [
      resume({ applicationNumber: created.applicationNo }),
      resume({ applicationNumber: created.applicationNo }, other.capability),
      resume({
        quoteId: created.applicationNo,
        emailId: 'someone@gmail.com',
        applicationNumber: created.proposalNumber,
      }),
      resume({
        quoteId: created.applicationNo,
        emailId: 'ramesh.sharma@gmail.com',
        applicationNumber: other.proposalNumber,
      }),
      resume({
        applicationNumber: created.applicationNo,
        mobileNumber: '9876543210',
        dateOfBirth: '1970-01-01',
      }),
      resume({
        applicationNumber: created.applicationNo,
        mobileNumber: '9000000000',
        dateOfBirth: HOLDER_DOB,
      }),
      resume({ applicationNumber: created.proposalNumber }, created.capability),
      resume({
        quoteId: '6999999999',
        emailId: 'ramesh.sharma@gmail.com',
        applicationNumber: created.proposalNumber,
      }),
    ];
    for (const res of await Promise.all(wrongProofs)) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('refuses another product’s application', async () => {
    const created = await createApplication(api);
    const res = await resume(
      { applicationNumber: created.applicationNo, productId: 'T56' },
      created.capability,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please enter valid application.');
  });

  it('refuses a submitted application', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, 'journey_flag = true');
    const res = await byCapability(created);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This application is already submitted.');
  });

  it('refuses an application without basic details', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, `state = state - 'basicDetails'`);
    const res = await byCapability(created);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Failed to retrive data.');
  });

  it('refuses an application more than 30 days after its policy start, not on the 30th day', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, 'policy_start_date = $2::date - 31', [indiaToday()]);
    const expired = await byCapability(created);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      'The Application Number has expired. Please start a new application.',
    );

    await seed(api, created.applicationNo, 'policy_start_date = $2::date - 30', [indiaToday()]);
    expect((await byCapability(created)).statusCode).toBe(200);
  });

  it('rejects malformed requests with 400', async () => {
    const created = await createApplication(api);
    const cases = [
      { applicationNumber: created.applicationNo, retrieve: 'everything' },
      { applicationNumber: created.applicationNo, productId: undefined },
      { applicationNumber: 'T54-0000000000' },
      { applicationNumber: created.applicationNo, quoteId: '123' },
      { applicationNumber: created.applicationNo, mobileNumber: '98765', dateOfBirth: HOLDER_DOB },
    ];
    for (const body of cases) {
      const res = await resume(body, created.capability);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe('Failed');
    }
    const unauthenticated = await api.post(
      RETRIEVE_DATA,
      { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
      { token: null, capability: created.capability },
    );
    expect(unauthenticated.statusCode).toBe(401);
  });
});
