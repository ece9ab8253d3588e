import { sealBrowser } from '../../../src/shared/envelope/browserEnvelope.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import {
  createApplication,
  createBody,
  HOLDER_DOB,
  indiaDaysAgo,
  policyHolder,
  seed,
} from './applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const CREATE = '/buyonlineoauth/applications/create';
const UPDATE_CAMPAIGN = '/buyonlineoauth/applications/update-campaign';

describe.each(DATABASES)('create application ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const row = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<Record<string, unknown>>(
      `SELECT proposal_number, product_id, plan_code, product_uin, stage, journey_flag, holder_mobile,
         holder_country_code, holder_email, lead_id, state, version,
         to_char(holder_dob, 'YYYY-MM-DD') AS holder_dob, to_char(policy_start_date, 'YYYY-MM-DD') AS start
       FROM applications WHERE application_number = $1`,
      [applicationNumber],
    );
    return rows[0];
  };
  const count = async () =>
    Number((await api.app.db.query<{ n: string }>('SELECT count(*) AS n FROM applications')).rows[0]!.n);

  it('creates an application, committed before the sealed answer gives its numbers and capability', async () => {
    const res = await api.post(CREATE, createBody());
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['response']);
    const answer = api.open(res);
    expect(answer).toMatchObject({ status: '200', version: 1 });
    expect(answer.applicationNo).toMatch(/^[6-9][0-9]{9}$/);
    expect(answer.proposalNumber).toMatch(/^T54[0-9]{8}$/);
    expect(api.app.tokens.allows(answer.capability as string, answer.applicationNo as string)).toBe(true);

    const saved = await row(answer.applicationNo as string);
    expect(saved).toMatchObject({
      proposal_number: answer.proposalNumber,
      product_id: 'T54',
      plan_code: 'T54',
      product_uin: '143N066V04',
      stage: 'basic-details',
      journey_flag: false,
      holder_mobile: '9876543210',
      holder_country_code: '91',
      holder_email: 'Ramesh.Sharma@gmail.com',
      holder_dob: HOLDER_DOB,
      start: indiaToday(),
      lead_id: 'LEAD123',
      version: 1,
    });
    expect(saved!.state).toMatchObject({
      basicDetails: { policyHolder: policyHolder() },
      productId: 'T54',
      planCode: 'T54',
      userStage: 'basic-details',
      dateofPolicyStart: indiaToday(),
      utm_source: 'google',
    });
  });

  it('gives every application its own numbers and accepts a plain JSON body too', async () => {
    const a = await createApplication(api);
    const res = await api.post(CREATE, createBody(), { seal: false });
    expect(res.statusCode).toBe(200);
    const b = api.open(res);
    expect(b.applicationNo).not.toBe(a.applicationNo);
    expect(b.proposalNumber).not.toBe(a.proposalNumber);
  });

  it('rejects invalid basic details with the plan’s own messages and saves nothing', async () => {
    const before = await count();
    const res = await api.post(
      CREATE,
      createBody({
        dateOfBirth: '2000-01-01',
        mobileNumber: '5123456789',
        disclamer1: false,
        fullName: 'Ramesh',
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Failed', statusCode: 400 });
    expect(body.message).toBe('Sorry we couldn’t process your details, please try again');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'basicDetails.policyHolder.dateOfBirth', message: 'Age should be between 45 and 80' },
        { field: 'basicDetails.policyHolder.mobileNumber', message: 'Please enter valid mobile number.' },
        { field: 'basicDetails.policyHolder.disclamer1', message: 'Please accept all disclaimers' },
        { field: 'basicDetails.policyHolder.fullName', message: 'Please enter valid Full Name' },
      ]),
    );
    expect(await count()).toBe(before);
  });

  it('rejects an unknown product, and a plan code or UIN that is not the product’s', async () => {
    const unknown = await api.post(CREATE, createBody({}, { productId: 'X99' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'productId', message: 'Please enter valid application.' },
    ]);

    const mismatch = await api.post(CREATE, createBody({}, { planCode: 'T56', productUIN: '143N000V01' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.map((e: { field: string }) => e.field)).toEqual(['planCode', 'productUIN']);
  });

  it('rejects a body without basic details or with a wrongly typed field, without a stack trace', async () => {
    const { basicDetails: _omitted, ...noBasics } = createBody();
    const missing = await api.post(CREATE, noBasics);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'basicDetails' })]);

    const typed = await api.post(CREATE, createBody({}, { basicDetails: { policyHolder: 'me' } }));
    expect(typed.statusCode).toBe(400);
    expect(typed.body).not.toMatch(/\bat \w/);
  });

  it('needs a valid bearer token', async () => {
    expect((await api.post(CREATE, createBody(), { token: null })).statusCode).toBe(401);
    const forged = (await api.token()).slice(0, -3) + 'xyz';
    const res = await api.post(CREATE, createBody(), { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe('Failed');
  });

  it('answers one uniform 400 for a tampered envelope', async () => {
    const sealed = sealBrowser(api.config.envelopePassword, createBody());
    const last = sealed.at(-5) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -5)}${last}${sealed.slice(-4)}`;
    const res = await api.post(CREATE, { data: tampered }, { seal: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('Failed');
    const garbage = await api.post(CREATE, { data: 'not an envelope' }, { seal: false });
    expect(garbage.statusCode).toBe(400);
  });
});

describe.each(DATABASES)('update campaign ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const campaign = (applicationNumber: string, version: number, extra: Record<string, unknown> = {}) => ({
    applicationNumber,
    basicDetails: { policyHolder: policyHolder(), insuredPerson: {} },
    campaignId: 'CAMP-7',
    leadId: 'LEAD999',
    planCode: 'T54',
    productName: 'Guaranteed Pension Plan',
    version,
    ...extra,
  });

  it('keeps the campaign and lead ids, bumps the version and leaves the stage', async () => {
    const created = await createApplication(api);
    const res = await api.post(UPDATE_CAMPAIGN, campaign(created.applicationNo, 1), {
      capability: created.capability,
    });
    expect(res.statusCode).toBe(200);
    expect(api.open(res)).toEqual({ status: '200', version: 2 });
    const { rows } = await api.app.db.query<{
      state: Record<string, unknown>;
      lead_id: string;
      stage: string;
    }>('SELECT state, lead_id, stage FROM applications WHERE application_number = $1', [
      created.applicationNo,
    ]);
    expect(rows[0]).toMatchObject({ lead_id: 'LEAD999', stage: 'basic-details' });
    expect(rows[0]!.state).toMatchObject({ campaignId: 'CAMP-7', leadId: 'LEAD999' });
  });

  it('needs the application’s capability, the stored version and its plan code', async () => {
    const created = await createApplication(api);
    const other = await createApplication(api);
    const body = campaign(created.applicationNo, 1);
    expect((await api.post(UPDATE_CAMPAIGN, body)).statusCode).toBe(403);
    expect((await api.post(UPDATE_CAMPAIGN, body, { capability: other.capability })).statusCode).toBe(403);

    const stale = await api.post(UPDATE_CAMPAIGN, campaign(created.applicationNo, 7), {
      capability: created.capability,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This application was updated in another window. Please reload the page to continue.',
    );

    const wrongPlan = await api.post(
      UPDATE_CAMPAIGN,
      campaign(created.applicationNo, 1, { planCode: 'T56' }),
      {
        capability: created.capability,
      },
    );
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().errors).toEqual([
      { field: 'planCode', message: 'Please enter valid application.' },
    ]);
  });

  it('refuses a submitted application', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, 'journey_flag = true');
    const res = await api.post(UPDATE_CAMPAIGN, campaign(created.applicationNo, 1), {
      capability: created.capability,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This application is already submitted.');
  });

  it('refuses an application more than 30 days after its policy start date (410), changing nothing', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(31)]);
    const res = await api.post(UPDATE_CAMPAIGN, campaign(created.applicationNo, 1), {
      capability: created.capability,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('The Application Number has expired. Please start a new application.');
    const { rows } = await api.app.db.query<{ version: number; lead_id: string | null }>(
      'SELECT version, lead_id FROM applications WHERE application_number = $1',
      [created.applicationNo],
    );
    expect(rows[0]).toMatchObject({ version: 1 });
    expect(rows[0]!.lead_id).not.toBe('LEAD999');
  });
});
