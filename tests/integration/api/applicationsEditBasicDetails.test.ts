import { format, subYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  FAST_RESUME,
  HOLDER_DOB,
  planDetailsOf,
  policyHolder,
  seed,
  uniqueMobile,
} from './applicationsFixtures.ts';
import { payLater } from './proposalFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Going back to basic details and pressing Continue edits the same application: the browser
 * sends POST /buyonlineoauth/stages/basic-details with the number, the version and the new
 * basic details. The server validates them with the plan's own forms, moves the holder
 * columns the resume lookups search by, and refuses the edit once the premium is paid.
 */
const BASIC_DETAILS = '/buyonlineoauth/stages/basic-details';
const yearsAgo = (years: number) => format(subYears(new Date(), years), 'yyyy-MM-dd');

describe.each(DATABASES)('editing basic details of an existing application ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, FAST_RESUME);
  }, 30_000);
  afterAll(() => api.close());

  const edit = (
    created: { applicationNo: string; capability: string },
    version: number,
    basicDetails: Record<string, unknown>,
  ) =>
    api.post(
      BASIC_DETAILS,
      { applicationNumber: created.applicationNo, version, basicDetails },
      { capability: created.capability },
    );
  const listed = async (mobileNumber: string, dateOfBirth: string) => {
    const res = await api.post('/buyonlineoauth/retrieve', { mobileNumber, dateOfBirth, contryCode: '91' });
    expect(res.statusCode).toBe(200);
    return api
      .open<{ applciations: { ApplicationNumber: string }[] }>(res)
      .applciations.map((item) => item.ApplicationNumber);
  };

  it('updates the same application and its holder columns, so resume by mobile finds the new details', async () => {
    const oldMobile = uniqueMobile();
    const newMobile = uniqueMobile();
    const newDob = yearsAgo(55);
    const created = await createApplication(api, { mobileNumber: oldMobile });
    const holder = policyHolder({
      fullName: 'Ramesh Kumar Verma',
      mobileNumber: newMobile,
      emailId: 'ramesh.verma@outlook.com',
      dateOfBirth: newDob,
    });
    const res = await edit(created, 1, { policyHolder: holder, insuredPerson: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(api.open(res)).toEqual({ status: '200', version: 2 });

    expect(await listed(newMobile, newDob)).toEqual([created.applicationNo]);
    expect(await listed(oldMobile, HOLDER_DOB)).toEqual([]);
    const byQuote = await api.post('/buyonlineoauth/retrieve-data', {
      applicationNumber: created.proposalNumber,
      quoteId: created.applicationNo,
      emailId: 'ramesh.verma@outlook.com',
      retrieve: 'appnumber',
      productId: 'T54',
    });
    expect(byQuote.statusCode, byQuote.body).toBe(200);
    expect(api.open(byQuote)).toMatchObject({
      version: 2,
      data: { applicationNumber: created.applicationNo, basicDetails: { policyHolder: holder } },
    });
  });

  it('validates the holder with the plan’s basic-details form and changes nothing when it fails', async () => {
    const mobile = uniqueMobile();
    const created = await createApplication(api, { mobileNumber: mobile });
    const res = await edit(created, 1, {
      policyHolder: policyHolder({ dateOfBirth: yearsAgo(30), mobileNumber: '5123456789', fullName: 'R' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Sorry we couldn’t process your details, please try again',
    });
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'basicDetails.policyHolder.dateOfBirth', message: 'Age should be between 45 and 80' },
        { field: 'basicDetails.policyHolder.mobileNumber', message: 'Please enter valid mobile number.' },
      ]),
    );
    expect(await listed(mobile, HOLDER_DOB)).toEqual([created.applicationNo]);
  });

  it('checks a joint life kept with the new holder (15 years apart at most)', async () => {
    const created = await createApplication(api);
    const insuredPerson = {
      relation: 'Wife',
      fullName: 'Sita Sharma',
      dateOfBirth: yearsAgo(58),
      gender: 'Female',
    };
    // A joint life is the insured person while buyFor says so (the journey sets it).
    const fine = await edit(created, 1, {
      policyHolder: policyHolder({ buyFor: 'Joint Life' }),
      insuredPerson,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const apart = await edit(created, 2, {
      policyHolder: policyHolder({ buyFor: 'Joint Life', dateOfBirth: yearsAgo(75) }),
      insuredPerson,
    });
    expect(apart.statusCode).toBe(400);
    expect(apart.json().errors).toContainEqual({
      field: 'basicDetails.insuredPerson.dateOfBirth',
      message: 'Age should be between 45 and 80 with 15 years difference',
    });
  });

  it('refuses an edit made on an older version', async () => {
    const created = await createApplication(api);
    expect(
      (await edit(created, 1, { policyHolder: policyHolder({ fullName: 'Asha Rao' }) })).statusCode,
    ).toBe(200);
    const stale = await edit(created, 1, { policyHolder: policyHolder({ fullName: 'Anil Rao' }) });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses any edit once the premium is paid', async () => {
    const created = await createApplication(api);
    const plan = await api.post(
      '/buyonlineoauth/stages/plan-details',
      { applicationNumber: created.applicationNo, version: 1, planDetails: planDetailsOf() },
      { capability: created.capability },
    );
    expect(plan.statusCode).toBe(200);
    await seed(
      api,
      created.applicationNo,
      `state = state || '{"paymentDetails":{"status":"success","payMode":"Online"}}'::jsonb, version = version + 1`,
    );
    const res = await edit(created, 3, { policyHolder: policyHolder({ fullName: 'Suresh Kumar Verma' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.',
    );
  });
});

describe.each(DATABASES)('sections saved under the browser’s old names ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 30_000);
  afterAll(() => api.close());

  it('resumes an application saved with emandateDetails and documentUpload under the kept names', async () => {
    const created = await createApplication(api);
    await seed(
      api,
      created.applicationNo,
      `state = state || '{"userStage":"document","emandateDetails":{"primary":{"status":"registered"}},
        "documentUpload":{"primary":{"submitted":true}}}'::jsonb, stage = 'document'`,
    );
    const res = await api.post(
      '/buyonlineoauth/retrieve-data',
      { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = api.open<{ data: Record<string, unknown> }>(res).data;
    expect(data).toMatchObject({
      userStage: 'document',
      eMandateDetails: { primary: { status: 'registered' } },
      document: { primary: { submitted: true } },
    });
    expect(data).not.toHaveProperty('emandateDetails');
    expect(data).not.toHaveProperty('documentUpload');
  });

  it('accepts a stage save that names its section the old way, and stores it under the kept name', async () => {
    const created = await createApplication(api);
    // The e-mandate is a proposal stage: open once pay later is chosen.
    const version = await payLater(api, created, 1);
    const mandate = { primary: { choice: 'E-mandate', debitDay: 7 } };
    const res = await api.post(
      '/buyonlineoauth/stages/emandate-details',
      { applicationNumber: created.applicationNo, version, emandateDetails: mandate },
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await api.app.db.query<{ state: Record<string, unknown> }>(
      'SELECT state FROM applications WHERE application_number = $1',
      [created.applicationNo],
    );
    expect(rows[0]!.state.eMandateDetails).toEqual(mandate);
    expect(rows[0]!.state).not.toHaveProperty('emandateDetails');
  });
});
