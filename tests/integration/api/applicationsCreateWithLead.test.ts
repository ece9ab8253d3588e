import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, uniqueMobile } from './applicationsFixtures.ts';
import { leadByLeadId, outboxFor, rowCounts, type LeadRow } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const CREATE = '/buyonlineoauth/applications/create';

/**
 * Basic-details Continue in one call (issue 10): `recordLead` makes create record the lead,
 * the campaign update (or the sampark lead for c2c) and, with `stageReport`, the stage report,
 * all in the create's transaction and each with its outbox message.
 */
describe.each(DATABASES)('create application with its lead ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  /** What the journey sends: no lead id of its own (unless a test gives one), recordLead and the report. */
  const journeyBody = (mobileNumber: string, overrides: Record<string, unknown> = {}) => {
    const { leadId: _sentByOldClients, ...body } = createBody(
      { mobileNumber },
      { recordLead: true, stageReport: 'Lead', mobileNumber },
    );
    return { ...body, ...overrides };
  };
  const leadsOf = async (mobile: string) =>
    (
      await api.app.db.query<LeadRow>(
        `SELECT id::text AS id, lead_id, kind, application_number, product_id, mobile, payload
         FROM leads WHERE mobile = $1 ORDER BY leads.id`,
        [mobile],
      )
    ).rows;
  const stateOf = async (applicationNumber: string) =>
    (
      await api.app.db.query<{ state: Record<string, unknown>; lead_id: string; version: number }>(
        'SELECT state, lead_id, version FROM applications WHERE application_number = $1',
        [applicationNumber],
      )
    ).rows[0]!;

  it('records the lead, keeps its id and the campaign on the application, and reports Lead, all through the outbox', async () => {
    const mobile = uniqueMobile();
    const res = await api.post(CREATE, journeyBody(mobile));
    expect(res.statusCode).toBe(200);
    const answer = api.open(res);
    expect(answer).toMatchObject({ status: '200', version: 1 });
    expect(answer.leadId).toMatch(/\S/);

    const [basic, report, ...rest] = await leadsOf(mobile);
    expect(rest).toEqual([]);
    expect(basic).toMatchObject({
      kind: 'basic',
      lead_id: answer.leadId,
      product_id: 'T54',
      application_number: null,
      payload: {
        firstname: 'Ramesh',
        middlename: 'Kumar',
        lastname: 'Sharma',
        gender: 'Male',
        mobilenumber: mobile,
        emailid: 'Ramesh.Sharma@gmail.com',
        productname: 'Guaranteed Pension Plan',
      },
    });
    expect(report).toMatchObject({
      kind: 'stage-report',
      lead_id: null,
      application_number: answer.applicationNo,
      product_id: 'T54',
      payload: { applicationNumber: answer.applicationNo, stageApiName: 'Lead' },
    });
    for (const lead of [basic!, report!]) {
      expect((await outboxFor(api, lead.id)).map((row) => [row.topic, row.status])).toEqual([
        [lead.kind, 'pending'],
      ]);
    }

    const saved = await stateOf(answer.applicationNo as string);
    expect(saved.lead_id).toBe(answer.leadId);
    expect(saved.state).toMatchObject({
      leadId: answer.leadId,
      campaignId: 'pension',
      utm_campaign: 'pension',
      basicDetails: { policyHolder: { leadId: answer.leadId, mobileNumber: mobile } },
    });
  });

  it('records the sampark lead instead of the campaign for a c2c visitor', async () => {
    const mobile = uniqueMobile();
    const res = await api.post(CREATE, journeyBody(mobile, { utm_source: 'c2c-partner' }));
    expect(res.statusCode).toBe(200);
    const answer = api.open(res);
    expect((await leadsOf(mobile)).map((lead) => lead.kind)).toEqual(['basic', 'sampark', 'stage-report']);
    const sampark = (await leadsOf(mobile))[1]!;
    expect(sampark.payload).toEqual({
      command: 'leadpush',
      data: [
        {
          first_name: 'Ramesh',
          phone: mobile,
          email: 'Ramesh.Sharma@gmail.com',
          dob: expect.any(String) as string,
          field1: 'Male',
          field3: 'Guaranteed Pension Plan',
          field4: 'Website Buy Online',
        },
      ],
    });
    expect((await stateOf(answer.applicationNo as string)).state).not.toHaveProperty('campaignId');
  });

  it('keeps a lead id the caller already has, recording no second lead', async () => {
    const mobile = uniqueMobile();
    const res = await api.post(CREATE, journeyBody(mobile, { leadId: 'LEAD-OWN', stageReport: undefined }));
    expect(res.statusCode).toBe(200);
    expect(api.open(res).leadId).toBe('LEAD-OWN');
    expect(await leadsOf(mobile)).toEqual([]);
    expect(await leadByLeadId(api, 'LEAD-OWN')).toBeUndefined();
  });

  it('records nothing besides the application for a client that does not ask (the spec’s create)', async () => {
    const before = await rowCounts(api);
    const res = await api.post(CREATE, createBody({ mobileNumber: uniqueMobile() }));
    expect(res.statusCode).toBe(200);
    expect(api.open(res)).not.toHaveProperty('leadId');
    expect(await rowCounts(api)).toEqual(before);
  });

  it('records no lead when the application is refused', async () => {
    const before = await rowCounts(api);
    const res = await api.post(CREATE, journeyBody(uniqueMobile(), { productUIN: 'WRONG' }));
    expect(res.statusCode).toBe(400);
    expect(await rowCounts(api)).toEqual(before);
    const badReport = await api.post(CREATE, journeyBody(uniqueMobile(), { stageReport: 'Paid' }));
    expect(badReport.statusCode).toBe(400);
    expect(await rowCounts(api)).toEqual(before);
  });
});
