import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ANSWER, SAMPARK_ANSWER } from '../../../src/server/api/leads/leadSchemas.ts';
import {
  capabilityFor,
  expectShape,
  lastWord,
  latestLead,
  leadByLeadId,
  NO_CAPABILITY,
  outboxFor,
  rowCounts,
} from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const CRM = '/api_etermcrm_leadcreation_sf/';
const BASIC = '/buyonlineoauth/leads/create';
const SAMPARK = '/buyonlineoauth/service/createSamparkLeadApi';

const crmLead = (overrides: Record<string, unknown> = {}) => ({
  Eterm_CRM_Lead_Req: {
    applicationno: 'ab12345678',
    source: '',
    utm_source: 'google',
    utm_campaign: 'pension',
    state: 'Maharashtra',
    firstname: 'Ravi',
    lastname: 'Kumar',
    quoteid: '1234567890',
    emailid: 'ravi.kumar@example.com',
    pincode: '400001',
    mobilenumber: '9876543210',
    sourceName: '',
    gender: 'Male',
    DOB: '1970-05-14',
    productname: 'Guaranteed Pension Plan',
    income: '1200000',
    education: 'GR',
    occupation: 'SALR',
    GCLID: '',
    comments: '',
    staffDetails: { status: 'N', employeer: '', employeeCode: '' },
    ...overrides,
  },
});

describe.each(DATABASES)('lead creation ($name)', (kind) => {
  let api: TestApi;
  /** The capability of AB12345678, the application crmLead() names. */
  let capability: string;
  beforeAll(async () => {
    api = await createTestApi(kind);
    capability = capabilityFor(api, 'AB12345678');
  }, 60_000);
  afterAll(() => api.close());

  describe('CRM lead creation', () => {
    it('answers Eterm_CRM_Lead_Resp under encryptedResponse; the last word of StatusMessage is the stored lead id', async () => {
      const res = await api.post(CRM, crmLead(), { capability });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['encryptedResponse']);
      const answer = api.open<{ Eterm_CRM_Lead_Resp: { Status: string; StatusMessage: string } }>(
        res,
        'encryptedResponse',
      );
      expectShape(LEAD_ANSWER, answer);
      const leadId = lastWord(answer.Eterm_CRM_Lead_Resp.StatusMessage);
      expect(leadId).toMatch(/^LD\d{10}$/);

      const lead = await leadByLeadId(api, leadId);
      expect(lead).toMatchObject({
        kind: 'crm',
        application_number: 'AB12345678',
        product_id: 'T54',
        mobile: '9876543210',
      });
      const received = lead!.payload.Eterm_CRM_Lead_Req as Record<string, unknown>;
      expect(received).toMatchObject({ firstname: 'Ravi', utm_source: 'google', income: '1200000' });
      // spec 02 §7: no lead source means 'Website Buy Online'.
      expect(received.source).toBe('Website Buy Online');

      const outbox = await outboxFor(api, lead!.id);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ topic: 'crm', status: 'pending', attempts: 0 });
      expect(outbox[0]!.payload).toMatchObject({ id: lead!.id, leadId, kind: 'crm', mobile: '9876543210' });
    });

    it("keeps the caller's lead source and accepts a plain (unsealed) body", async () => {
      const res = await api.post(CRM, crmLead({ source: 'Partner Portal', productname: 'T54' }), {
        seal: false,
        capability,
      });
      expect(res.statusCode).toBe(200);
      const leadId = lastWord(
        api.open<{ Eterm_CRM_Lead_Resp: { StatusMessage: string } }>(res, 'encryptedResponse')
          .Eterm_CRM_Lead_Resp.StatusMessage,
      );
      const lead = await leadByLeadId(api, leadId);
      expect((lead!.payload.Eterm_CRM_Lead_Req as Record<string, unknown>).source).toBe('Partner Portal');
    });

    it('gives every lead its own id', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await api.post(CRM, crmLead(), { capability });
        ids.add(
          lastWord(
            api.open<{ Eterm_CRM_Lead_Resp: { StatusMessage: string } }>(res, 'encryptedResponse')
              .Eterm_CRM_Lead_Resp.StatusMessage,
          ),
        );
      }
      expect(ids.size).toBe(5);
    });

    it('rejects missing and malformed fields with field errors in the spec words, writing nothing', async () => {
      const before = await rowCounts(api);
      const res = await api.post(CRM, {
        Eterm_CRM_Lead_Req: {
          mobilenumber: '5123456789',
          emailid: 'not-an-email',
          pincode: '4000',
          productname: 'T54',
        },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe('Failed');
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: 'Eterm_CRM_Lead_Req.firstname', message: 'First Name cannot be empty.' },
          { field: 'Eterm_CRM_Lead_Req.mobilenumber', message: 'Please enter valid mobile number.' },
          { field: 'Eterm_CRM_Lead_Req.emailid', message: 'Please enter valid email id.' },
          { field: 'Eterm_CRM_Lead_Req.pincode', message: 'Please enter valid pincode.' },
        ]),
      );
      expect(body.errors).toHaveLength(4);
      expect(body.errors.map((e: { message: string }) => e.message)).toContain(body.message);
      expect(await rowCounts(api)).toEqual(before);
    });

    it.each([
      ['DOB', '2023-02-30'],
      ['DOB', '31/04/1970'],
      ['DOB', '00/13/1970'],
      ['DOB', '2099-01-01'],
      ['pushed_date', '2023-02-30 99:99'],
      ['pushed_date', '2023-02-28 24:00'],
    ])(
      'refuses a %s of %j, a day or time that does not exist or has not come, writing nothing',
      async (field, value) => {
        const before = await rowCounts(api);
        const res = await api.post(CRM, crmLead({ [field]: value }), { capability });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([
          {
            field: `Eterm_CRM_Lead_Req.${field}`,
            message:
              field === 'DOB' ? 'Please enter valid date of birth.' : 'Please enter valid pushed date.',
          },
        ]);
        expect(await rowCounts(api)).toEqual(before);
      },
    );

    it('takes a real pushed date and time', async () => {
      const res = await api.post(CRM, crmLead({ pushed_date: '2026-11-27 10:30' }), { capability });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('rejects a body without Eterm_CRM_Lead_Req, a number for a mobile and overlong fields', async () => {
      const missing = await api.post(CRM, { lead: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { field: 'Eterm_CRM_Lead_Req', message: 'Lead details cannot be empty.' },
      ]);

      const numeric = await api.post(CRM, crmLead({ mobilenumber: 9876543210, comments: 'x'.repeat(1001) }), {
        capability,
      });
      expect(numeric.statusCode).toBe(400);
      expect(numeric.json().errors).toEqual([
        { field: 'Eterm_CRM_Lead_Req.mobilenumber', message: 'Please enter valid mobile number.' },
        { field: 'Eterm_CRM_Lead_Req.comments', message: 'Please enter valid comments.' },
      ]);
    });

    it('needs a bearer token, and drops unknown fields instead of storing them', async () => {
      const before = await rowCounts(api);
      const anonymous = await api.post(CRM, crmLead(), { token: null, capability });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().status).toBe('Failed');
      expect(await rowCounts(api)).toEqual(before);

      const res = await api.post(CRM, crmLead({ password: 'hunter2' }), { capability });
      expect(res.statusCode).toBe(200);
      expect((await latestLead(api))!.payload.Eterm_CRM_Lead_Req).not.toHaveProperty('password');
    });

    it("refuses a lead naming an application without that application's capability, writing nothing", async () => {
      const before = await rowCounts(api);
      const missing = await api.post(CRM, crmLead());
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject(NO_CAPABILITY);
      const other = await api.post(CRM, crmLead(), { capability: capabilityFor(api, 'CD98765432') });
      expect(other.statusCode).toBe(403);
      const forged = await api.post(CRM, crmLead(), { capability: `${capability.slice(0, -2)}xx` });
      expect(forged.statusCode).toBe(403);
      expect(await rowCounts(api)).toEqual(before);
    });

    it('takes a lead that names no application without a capability, and any lead from a service client', async () => {
      const anonymousLead = await api.post(CRM, crmLead({ applicationno: '' }));
      expect(anonymousLead.statusCode).toBe(200);
      expect(await latestLead(api)).toMatchObject({ kind: 'crm', application_number: null });

      const service = await api.post(CRM, crmLead(), { token: await api.token('service') });
      expect(service.statusCode).toBe(200);
      expect(await latestLead(api)).toMatchObject({ kind: 'crm', application_number: 'AB12345678' });
    });

    it('answers a broken envelope with one uniform 400 and no stack', async () => {
      const res = await api.post(CRM, { data: 'not-an-envelope' }, { seal: false });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('at ');
    });
  });

  describe('lead creation in the basic-details flow', () => {
    it('answers the same shape under response, and never stores the access token', async () => {
      const res = await api.post(BASIC, {
        firstname: 'Sita',
        middlename: '',
        lastname: 'Devi',
        gender: 'Female',
        mobilenumber: '8765432109',
        emailid: 'sita@example.in',
        DOB: '14/05/1965',
        productname: 'T54',
        access_token: 'secret-token',
      });
      expect(res.statusCode).toBe(200);
      const answer = api.open<{ Eterm_CRM_Lead_Resp: { StatusMessage: string } }>(res, 'response');
      expectShape(LEAD_ANSWER, answer);
      const lead = await leadByLeadId(api, lastWord(answer.Eterm_CRM_Lead_Resp.StatusMessage));
      expect(lead).toMatchObject({ kind: 'basic', product_id: 'T54', mobile: '8765432109' });
      expect(lead!.payload).toMatchObject({ firstname: 'Sita', DOB: '14/05/1965' });
      expect(lead!.payload).not.toHaveProperty('access_token');
      expect(await outboxFor(api, lead!.id)).toHaveLength(1);
    });

    it('rejects a wrong gender and date of birth, writing nothing', async () => {
      const before = await rowCounts(api);
      const res = await api.post(BASIC, {
        firstname: 'Sita',
        gender: 'F',
        mobilenumber: '8765432109',
        DOB: '1965/05/14',
        productname: 'T54',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'gender', message: 'Please enter valid gender.' },
        { field: 'DOB', message: 'Please enter valid date of birth.' },
      ]);
      expect(await rowCounts(api)).toEqual(before);
    });
  });

  describe('sampark lead', () => {
    const sampark = (records: object[]) => ({ command: 'leadpush', data: records });
    const record = {
      first_name: 'Ravi',
      phone: '9876543210',
      email: 'ravi@example.com',
      dob: '1970-05-14',
      field1: 'Male',
      field2: 'cpc',
      field3: 'T54',
      field21: '',
    };

    it("answers status '200' and the lead id under response", async () => {
      const res = await api.post(SAMPARK, sampark([record]));
      expect(res.statusCode).toBe(200);
      const answer = api.open<{ status: string; leadId: string }>(res, 'response');
      expectShape(SAMPARK_ANSWER, answer);
      const lead = await leadByLeadId(api, answer.leadId);
      expect(lead).toMatchObject({ kind: 'sampark', mobile: '9876543210' });
      expect(lead!.payload).toEqual(sampark([record]));
      expect((await outboxFor(api, lead!.id))[0]).toMatchObject({ topic: 'sampark' });
    });

    it('takes exactly one record and the leadpush command', async () => {
      const before = await rowCounts(api);
      const two = await api.post(SAMPARK, sampark([record, record]));
      expect(two.statusCode).toBe(400);
      expect(two.json().errors).toEqual([{ field: 'data', message: 'Please send exactly one lead record.' }]);
      const none = await api.post(SAMPARK, sampark([]));
      expect(none.json().errors).toEqual([
        { field: 'data', message: 'Please send exactly one lead record.' },
      ]);
      const command = await api.post(SAMPARK, { command: 'leadpull', data: [record] });
      expect(command.json().errors).toEqual([{ field: 'command', message: 'Please enter valid command.' }]);
      const phone = await api.post(SAMPARK, sampark([{ ...record, phone: '98765' }]));
      expect(phone.json().errors).toEqual([
        { field: 'data.0.phone', message: 'Please enter valid mobile number.' },
      ]);
      expect(await rowCounts(api)).toEqual(before);
    });

    it('refuses a date of birth that does not exist, writing nothing', async () => {
      const before = await rowCounts(api);
      for (const dob of ['2023-02-30', '31/04/1970', '2099-01-01']) {
        const res = await api.post(SAMPARK, sampark([{ ...record, dob }]));
        expect(res.statusCode, dob).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'data.0.dob', message: 'Please enter valid date of birth.' },
        ]);
      }
      expect(await rowCounts(api)).toEqual(before);
    });

    it('refuses a body of 10,000 lead records at once, in one line, before validating any of them', async () => {
      const before = await rowCounts(api);
      const flood = await api.post(SAMPARK, {
        command: 'leadpush',
        data: Array.from({ length: 10_000 }, () => 0),
      });
      expect(flood.statusCode).toBe(400);
      expect(flood.json()).toMatchObject({
        message: 'Please send exactly one lead record.',
        errors: [{ field: 'data', message: 'Please send exactly one lead record.' }],
      });
      // One error, not one per item (the probe's answer was 478 KB).
      expect(flood.body.length).toBeLessThan(300);
      expect(await rowCounts(api)).toEqual(before);
    });
  });
});
