import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationRepository } from '../../../src/server/api/applications/applicationRepository.ts';
import { build } from '../../../src/server/app.ts';
import {
  createApplication,
  HOLDER_DOB,
  indiaDaysAgo,
  personalDetailsOf,
  planDetailsOf,
  policyHolder,
  seed,
} from './applicationsFixtures.ts';
import { payLater, proposalSections, uploadDocuments } from './proposalFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/** The journey's stages (saved before payment), each with the section it saves. */
const JOURNEY_STAGE_SECTIONS: [string, string][] = [
  ['plan-details', 'planDetails'],
  ['personal-details', 'personalDetails'],
  ['payment-details', 'paymentDetails'],
];

/** The proposal's stages: open once the payment stage is reached, each checked by its step's schema. */
const PROPOSAL_STAGE_SECTIONS: [string, string][] = [
  ['journey-details', 'journeyDetails'],
  ['employment-details', 'employmentDetails'],
  ['pd-nominee-details', 'pdNomineeDetails'],
  ['other-policy-details', 'otherPolicyDetails'],
  ['bank-details', 'bankDetails'],
  ['fatca-details', 'fatcaDetails'],
  ['emandate-details', 'eMandateDetails'],
  ['document', 'document'],
];

const STALE = 'This application was updated in another window. Please reload the page to continue.';
const basicDetails = (holder: Record<string, unknown> = {}) => ({
  policyHolder: policyHolder(holder),
  insuredPerson: {},
});

describe.each(DATABASES)('stage saves ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const stored = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{
      state: Record<string, unknown>;
      stage: string;
      version: number;
      holder_mobile: string;
      holder_email: string;
      holder_dob: string;
      lead_id: string;
    }>(
      `SELECT state, stage, version, holder_mobile, holder_email, lead_id,
         to_char(holder_dob, 'YYYY-MM-DD') AS holder_dob
       FROM applications WHERE application_number = $1`,
      [applicationNumber],
    );
    return rows[0]!;
  };
  const save = (stage: string, body: Record<string, unknown>, capability?: string) =>
    api.post(`/buyonlineoauth/stages/${stage}`, body, { capability });

  it.each(JOURNEY_STAGE_SECTIONS)(
    '%s saves %s whole, records the stage and bumps the version',
    async (stage, section) => {
      const created = await createApplication(api);
      const extra = { saved: stage, nested: { list: [1, 2] } };
      // Sections a plan step binds are revalidated by the server, so they must be valid.
      const value =
        section === 'planDetails'
          ? planDetailsOf(extra)
          : section === 'personalDetails'
            ? personalDetailsOf(extra)
            : // The browser saves pay later only; a payment's result comes from the gateway.
              { payMode: 'Online', payLater: true, status: 'failure', pageName: 'make-payment' };
      const res = await save(
        stage,
        {
          applicationNumber: created.applicationNo,
          version: 1,
          basicDetails: basicDetails(),
          [section]: value,
        },
        created.capability,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(api.open(res)).toEqual({ status: '200', version: 2 });
      const row = await stored(created.applicationNo);
      expect(row).toMatchObject({ stage, version: 2 });
      // Personal details are stored in the shape of the plan's form: what it does not ask is dropped.
      const kept = section === 'personalDetails' ? personalDetailsOf() : value;
      expect(row.state).toMatchObject({ [section]: kept, userStage: stage, productId: 'T54' });
      if (section === 'personalDetails') expect(row.state[section]).toEqual(kept);
    },
  );

  it.each(PROPOSAL_STAGE_SECTIONS)(
    '%s (a proposal stage, once pay later opens it) saves %s whole, records the stage and bumps the version',
    async (stage, section) => {
      const created = await createApplication(api);
      const version = await payLater(api, created, 1);
      const sections =
        stage === 'document'
          ? { document: { primary: await uploadDocuments(api, created) } }
          : proposalSections(stage);
      const res = await save(
        stage,
        { applicationNumber: created.applicationNo, version, ...sections },
        created.capability,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(api.open(res)).toEqual({ status: '200', version: version + 1 });
      const row = await stored(created.applicationNo);
      expect(row).toMatchObject({ stage, version: version + 1 });
      expect(row.state).toMatchObject({ ...sections, userStage: stage, productId: 'T54' });
      expect(row.state[section]).toEqual(sections[section as keyof typeof sections]);
    },
  );

  it('saves basic details with the spec’s payload, updating the holder columns', async () => {
    const created = await createApplication(api);
    const res = await save(
      'basic-details',
      {
        source: 'Website Buy Online',
        leadId: 'LEAD42',
        mobileNumber: '7000000001',
        emailId: 'asha@outlook.com',
        productId: 'T54',
        productName: 'Guaranteed Pension Plan',
        planCode: 'T54',
        dateOfBirth: HOLDER_DOB,
        userStage: 'basic_info',
        applicationNumber: created.applicationNo,
        branchCode: 'B01',
        partnerName: '',
        agentNumber: '',
        sourceOfBusiness: 'Online',
        contractRegister: '',
        basicDetails: basicDetails({ mobileNumber: '7000000001', emailId: 'asha@outlook.com' }),
        version: 1,
      },
      created.capability,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(created.applicationNo);
    expect(row).toMatchObject({
      stage: 'basic-details',
      holder_mobile: '7000000001',
      holder_email: 'asha@outlook.com',
      holder_dob: HOLDER_DOB,
      lead_id: 'LEAD42',
    });
    expect(row.state).toMatchObject({
      userStage: 'basic-details',
      branchCode: 'B01',
      source: 'Website Buy Online',
    });
  });

  it('revalidates basic details sent with any stage and changes nothing when they are wrong', async () => {
    const created = await createApplication(api);
    const res = await save(
      'plan-details',
      {
        applicationNumber: created.applicationNo,
        version: 1,
        planDetails: { isFilled: true },
        basicDetails: basicDetails({ dateOfBirth: '2010-05-05', emailId: 'ramesh@gmail' }),
      },
      created.capability,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'basicDetails.policyHolder.dateOfBirth', message: 'Age should be between 45 and 80' },
        { field: 'basicDetails.policyHolder.emailId', message: 'Please enter valid email id.' },
      ]),
    );
    const row = await stored(created.applicationNo);
    expect(row).toMatchObject({ version: 1, stage: 'basic-details' });
    expect(row.state.planDetails).toBeUndefined();
  });

  it('refuses a payment save naming another plan code', async () => {
    const created = await createApplication(api);
    const res = await save(
      'payment-details',
      { applicationNumber: created.applicationNo, version: 1, paymentDetails: {}, planCode: 'T56' },
      created.capability,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'planCode', message: 'Please enter valid application.' }]);
  });

  it('refuses a stale version with 409 and keeps the newer data', async () => {
    const created = await createApplication(api);
    const body = (version: number, amount: string) => ({
      applicationNumber: created.applicationNo,
      version,
      planDetails: planDetailsOf({ investmentAmount: amount }),
    });
    expect((await save('plan-details', body(1, '60,000'), created.capability)).statusCode).toBe(200);
    const stale = await save('plan-details', body(1, '50,000'), created.capability);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'Failed', statusCode: 409, message: STALE });
    const row = await stored(created.applicationNo);
    expect(row.version).toBe(2);
    expect(row.state.planDetails).toEqual(planDetailsOf({ investmentAmount: '60,000' }));
  });

  it('lets exactly one of two windows saving on the same version win', async () => {
    const created = await createApplication(api);
    const attempts = await Promise.all(
      ['first', 'second', 'third'].map((window) =>
        save(
          'personal-details',
          {
            applicationNumber: created.applicationNo,
            version: 1,
            personalDetails: personalDetailsOf({ window }),
          },
          created.capability,
        ),
      ),
    );
    expect(attempts.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stored(created.applicationNo)).version).toBe(2);
  });

  it('guards the write itself: a change on a stale version or a submitted application changes nothing', async () => {
    // Two windows can both pass the checks before either writes; the UPDATE decides.
    const created = await createApplication(api);
    const repository = createApplicationRepository(api.app.db);
    const change = (version: number, window: string) =>
      repository.change({
        applicationNumber: created.applicationNo,
        version,
        patch: { bankDetails: { window } },
      });
    expect(await change(1, 'first')).toBe(2);
    expect(await change(1, 'second')).toBeUndefined();
    await seed(api, created.applicationNo, 'journey_flag = true');
    expect(await change(2, 'third')).toBeUndefined();
    const row = await stored(created.applicationNo);
    expect(row.version).toBe(2);
    expect(row.state.bankDetails).toEqual({ window: 'first' });
  });

  it('needs the application’s own capability', async () => {
    const created = await createApplication(api);
    const other = await createApplication(api);
    const body = { applicationNumber: created.applicationNo, version: 1, bankDetails: {} };
    const none = await save('bank-details', body);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Please resume your application to continue.');
    expect((await save('bank-details', body, other.capability)).statusCode).toBe(403);
    expect((await save('bank-details', body, 'forged.capability')).statusCode).toBe(403);
    const expired = api.app.tokens.issueCapability(created.applicationNo, -1);
    expect((await save('bank-details', body, expired)).statusCode).toBe(403);
    expect((await api.post('/buyonlineoauth/stages/bank-details', body, { token: null })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for an unknown application', async () => {
    const capability = api.app.tokens.issueCapability('6000000001', 60);
    const res = await save(
      'fatca-details',
      { applicationNumber: '6000000001', version: 1, fatcaDetails: {} },
      capability,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Please enter valid application number');
  });

  it('refuses to change a submitted application', async () => {
    const created = await createApplication(api);
    await seed(api, created.applicationNo, 'journey_flag = true');
    const res = await save(
      'document',
      { applicationNumber: created.applicationNo, version: 1, document: { primary: { submitted: true } } },
      created.capability,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This application is already submitted.');
  });

  it('refuses to change an application more than 30 days after its policy start date (410)', async () => {
    const created = await createApplication(api);
    const journeySave = (version: number) =>
      save(
        'personal-details',
        {
          applicationNumber: created.applicationNo,
          version,
          personalDetails: personalDetailsOf({ version }),
        },
        created.capability,
      );
    await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(30)]);
    const lastDay = await journeySave(1);
    expect(lastDay.statusCode, lastDay.body).toBe(200);

    await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(31)]);
    const expired = await journeySave(2);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      status: 'Failed',
      message: 'The Application Number has expired. Please start a new application.',
    });
    expect((await stored(created.applicationNo)).version).toBe(2);
  });

  it('rejects malformed bodies with field errors, never 500', async () => {
    const created = await createApplication(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ applicationNumber: created.applicationNo, bankDetails: {} }, 'version'],
      [{ applicationNumber: created.applicationNo, version: 'two', bankDetails: {} }, 'version'],
      [{ applicationNumber: created.applicationNo, version: 1.5, bankDetails: {} }, 'version'],
      [{ applicationNumber: '12345', version: 1, bankDetails: {} }, 'applicationNumber'],
      [{ applicationNumber: created.applicationNo, version: 1 }, 'bankDetails'],
      [{ applicationNumber: created.applicationNo, version: 1, bankDetails: [1] }, 'bankDetails'],
    ];
    for (const [body, field] of cases) {
      const res = await save('bank-details', body, created.capability);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('lets a second instance on the same database see and continue the first one’s saves', async () => {
    const created = await createApplication(api);
    const first = await save(
      'plan-details',
      {
        applicationNumber: created.applicationNo,
        version: 1,
        planDetails: planDetailsOf({ policyTerm: '5' }),
      },
      created.capability,
    );
    expect(first.statusCode).toBe(200);

    // PostgreSQL: a second process-like instance with its own pool on the same schema.
    // PGlite is in-process, so the second instance shares the first one's database.
    const second =
      kind.name === 'postgres'
        ? await build({ config: api.config, staticRoot: '/nonexistent' })
        : await build({ config: api.config, db: api.app.db, staticRoot: '/nonexistent' });
    try {
      const headers = {
        authorization: `Bearer ${await api.token()}`,
        'x-application-capability': created.capability,
      };
      const resumed = await second.inject({
        method: 'POST',
        url: '/buyonlineoauth/retrieve-data',
        headers,
        payload: { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      const data = api.open(resumed);
      expect(data).toMatchObject({
        version: 2,
        data: { planDetails: { policyTerm: '5' }, userStage: 'plan-details' },
      });

      const saved = await second.inject({
        method: 'POST',
        url: '/buyonlineoauth/stages/personal-details',
        headers,
        payload: {
          applicationNumber: created.applicationNo,
          version: 2,
          personalDetails: personalDetailsOf(),
        },
      });
      expect(saved.statusCode).toBe(200);
      // The first instance sees the second's save, and its own stale version is refused.
      const stale = await save(
        'plan-details',
        { applicationNumber: created.applicationNo, version: 2, planDetails: planDetailsOf() },
        created.capability,
      );
      expect(stale.statusCode).toBe(409);
      expect((await stored(created.applicationNo)).stage).toBe('personal-details');
    } finally {
      await second.close();
    }
  });
});
