import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  personalDetailsOf,
  planDetailsOf,
  policyHolder,
  seed,
  type CreatedApplication,
} from './applicationsFixtures.ts';
import { FIXTURE_STAGES, proposalSections } from './proposalFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Once an application is paid, its holder, insured and plan never change, whatever route
 * carries them: the journey's stages are refused whole (what the premium was calculated on),
 * the proposal's own stages save their sections only (basic details they carry are not theirs
 * to save). Payment is seeded here as settlePayment records it (status success, version
 * bumped); payments.test.ts pays through the gateway.
 */
const PAID_FIXED =
  'This application is already paid, so its policy holder, insured person and plan can no longer be changed.';
const PAID_JOURNEY =
  'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.';
const MANDATE_WAITING =
  'A Bima-ASBA mandate for this application is waiting in your UPI app, so its policy holder, insured person and plan cannot be changed now.';
const UPDATE_CAMPAIGN = '/buyonlineoauth/applications/update-campaign';

const basicDetails = (holder: Record<string, unknown> = {}) => ({
  policyHolder: policyHolder(holder),
  insuredPerson: {},
});
const anotherHolder = () => basicDetails({ fullName: 'Suresh Kumar Verma', mobileNumber: '9123456780' });

/** The proposal's stage saves (but the documents, uploaded per application), each with a valid section of its own. */
const PROPOSAL_STAGES: [string, string, Record<string, unknown>][] = FIXTURE_STAGES.map((stage) => {
  const sections = proposalSections(stage);
  return [stage, Object.keys(sections).join(', '), sections];
});

describe.each(DATABASES)('a paid application keeps its holder, insured and plan ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 30_000);
  afterAll(() => api.close());

  const stored = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{
      state: Record<string, unknown>;
      version: number;
      holder_mobile: string;
    }>('SELECT state, version, holder_mobile FROM applications WHERE application_number = $1', [
      applicationNumber,
    ]);
    return rows[0]!;
  };

  /** An application with plan details saved, then paid: answers it with its current version. */
  async function paid(): Promise<CreatedApplication> {
    const created = await createApplication(api);
    const plan = await api.post(
      '/buyonlineoauth/stages/plan-details',
      { applicationNumber: created.applicationNo, version: 1, planDetails: planDetailsOf() },
      { capability: created.capability },
    );
    expect(plan.statusCode, plan.body).toBe(200);
    await seed(
      api,
      created.applicationNo,
      `state = state || '{"paymentDetails":{"payMode":"Online","status":"success","mihpayid":"403993715"}}'::jsonb,
       stage = 'payment-details', version = version + 1`,
    );
    return { ...created, version: 3 };
  }

  const save = (created: CreatedApplication, stage: string, body: Record<string, unknown>) =>
    api.post(
      `/buyonlineoauth/stages/${stage}`,
      { applicationNumber: created.applicationNo, version: created.version, ...body },
      { capability: created.capability },
    );

  it('refuses the personal-details save whole (409), with or without another holder, and changes nothing', async () => {
    const created = await paid();
    const before = await stored(created.applicationNo);
    for (const body of [
      { basicDetails: anotherHolder(), personalDetails: personalDetailsOf() },
      { personalDetails: personalDetailsOf() },
      { basicDetails: basicDetails(), personalDetails: personalDetailsOf({ pincode: '110001' }) },
    ]) {
      const res = await save(created, 'personal-details', body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ status: 'Failed', statusCode: 409, message: PAID_JOURNEY });
    }
    expect(await stored(created.applicationNo)).toEqual(before);
  });

  it.each(PROPOSAL_STAGES)(
    '%s saves %s and leaves the holder as paid for, whatever basic details it carries',
    async (stage, _sections, sections) => {
      const created = await paid();
      const alone = await save(created, stage, sections);
      expect(alone.statusCode, alone.body).toBe(200);
      // The stored details sent back, in another key order and without the empty insured person.
      const { policyHolder: holder } = basicDetails();
      const reordered = Object.fromEntries(Object.entries(holder).reverse());
      const same = await save({ ...created, version: created.version + 1 }, stage, {
        basicDetails: { policyHolder: reordered },
        ...sections,
      });
      expect(same.statusCode, same.body).toBe(200);
      const another = await save({ ...created, version: created.version + 2 }, stage, {
        basicDetails: anotherHolder(),
        ...sections,
      });
      expect(another.statusCode, another.body).toBe(200);
      const row = await stored(created.applicationNo);
      expect(row.state).toMatchObject({ ...sections, basicDetails: basicDetails() });
      expect(row.state.basicDetails).toEqual(basicDetails());
      expect(row.holder_mobile).toBe('9876543210');
    },
  );

  it('keeps the holder a resume shows: a journey-details save with another holder does not reach it', async () => {
    const created = await paid();
    const res = await save(created, 'journey-details', {
      basicDetails: anotherHolder(),
      ...proposalSections('journey-details'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const resumed = await api.post(
      '/buyonlineoauth/retrieve-data',
      { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
      { capability: created.capability },
    );
    expect(resumed.statusCode).toBe(200);
    const data = api.open<{ data: Record<string, Record<string, Record<string, unknown>>> }>(resumed).data;
    expect(data.basicDetails!.policyHolder!.fullName).toBe('Ramesh Kumar Sharma');
    expect(data.paymentDetails!.status).toBe('success');
    expect((await stored(created.applicationNo)).holder_mobile).toBe('9876543210');
  });

  it('refuses an insured person added after payment, and a proposal stage does not add one', async () => {
    const created = await paid();
    const joint = {
      policyHolder: policyHolder(),
      insuredPerson: {
        relation: 'Wife',
        fullName: 'Sita Sharma',
        dateOfBirth: '1970-02-02',
        gender: 'Female',
      },
    };
    const journey = await save(created, 'personal-details', {
      basicDetails: joint,
      personalDetails: personalDetailsOf(),
    });
    expect(journey.statusCode).toBe(409);
    expect(journey.json().message).toBe(PAID_JOURNEY);
    const proposal = await save(created, 'bank-details', {
      basicDetails: joint,
      ...proposalSections('bank-details'),
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect((await stored(created.applicationNo)).state.basicDetails).toEqual(basicDetails());
  });

  it('keeps holder and plan while a Bima-ASBA mandate waits in the UPI app (the premium is blocked)', async () => {
    const created = await createApplication(api);
    const plan = await save({ ...created, version: 1 }, 'plan-details', { planDetails: planDetailsOf() });
    expect(plan.statusCode, plan.body).toBe(200);
    await seed(
      api,
      created.applicationNo,
      `state = state || '{"paymentDetails":{"payMode":"BASBA","status":"pending","basbastatus":"initiated"}}'::jsonb,
       version = version + 1`,
    );
    const waiting = { ...created, version: 3 };
    const before = await stored(created.applicationNo);
    const replan = await save(waiting, 'plan-details', {
      planDetails: planDetailsOf({ planOption: 'T54C' }),
    });
    // Refused in words true of it: the mandate waits, nothing is paid yet.
    expect(replan.statusCode).toBe(409);
    expect(replan.json().message).toBe(MANDATE_WAITING);
    const holder = await save(waiting, 'personal-details', {
      basicDetails: anotherHolder(),
      personalDetails: personalDetailsOf(),
    });
    expect(holder.statusCode).toBe(409);
    expect(holder.json().message).toBe(MANDATE_WAITING);
    expect(await stored(created.applicationNo)).toEqual(before);
    // The proposal is open while the mandate waits; its stages do not carry the holder.
    const proposal = await save(waiting, 'journey-details', {
      basicDetails: anotherHolder(),
      ...proposalSections('journey-details'),
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect((await stored(created.applicationNo)).state.basicDetails).toEqual(basicDetails());
  });

  it('refuses the basic-details and plan-details saves whole, even unchanged', async () => {
    const created = await paid();
    const basic = await save(created, 'basic-details', { basicDetails: basicDetails() });
    expect(basic.statusCode).toBe(409);
    expect(basic.json().message).toBe(PAID_JOURNEY);
    const plan = await save(created, 'plan-details', { planDetails: planDetailsOf({ planOption: 'T54C' }) });
    expect(plan.statusCode).toBe(409);
    expect(plan.json().message).toBe(PAID_JOURNEY);
  });

  it('refuses basic details changed through update-campaign, and keeps the campaign update without them', async () => {
    const created = await paid();
    const update = (body: Record<string, unknown>, version = created.version) =>
      api.post(
        UPDATE_CAMPAIGN,
        { applicationNumber: created.applicationNo, version, planCode: 'T54', ...body },
        { capability: created.capability },
      );
    const changed = await update({ basicDetails: anotherHolder(), campaignId: 'C1' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(PAID_FIXED);
    expect((await stored(created.applicationNo)).state.campaignId).toBeUndefined();

    const campaignOnly = await update({ campaignId: 'C2', leadId: 'LEAD9' });
    expect(campaignOnly.statusCode, campaignOnly.body).toBe(200);
    const unchanged = await update({ basicDetails: basicDetails(), campaignId: 'C3' }, created.version + 1);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const row = await stored(created.applicationNo);
    expect(row.state).toMatchObject({ campaignId: 'C3', basicDetails: basicDetails() });
  });

  it('refuses a pay-later save carrying another holder', async () => {
    const created = await paid();
    const res = await save(created, 'payment-details', {
      basicDetails: anotherHolder(),
      paymentDetails: { payLater: true, status: 'failure', payMode: 'Online' },
    });
    expect(res.statusCode).toBe(409);
    expect((await stored(created.applicationNo)).state.basicDetails).toEqual(basicDetails());
  });

  it('before payment, a journey stage may still change the holder (and the resume columns follow)', async () => {
    const created = await createApplication(api);
    const res = await save({ ...created, version: 1 }, 'personal-details', {
      basicDetails: anotherHolder(),
      personalDetails: personalDetailsOf(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(created.applicationNo);
    expect(row.holder_mobile).toBe('9123456780');
    expect(row.state.basicDetails).toEqual(anotherHolder());
  });
});
