import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONE_ANSWER } from '../../../src/server/api/leads/leadSchemas.ts';
import type { Db, Queryable } from '../../../src/server/db/Db.ts';
import { recordPush } from '../../../src/server/leads/recordLead.ts';
import {
  capabilityFor,
  expectShape,
  latestLead,
  NO_CAPABILITY,
  outboxFor,
  rowCounts,
} from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const DRISTI = '/buyonlineoauth/service/dristiApi';
const STAGE = '/buyonlineoauth/service/crmTermUpdateLead';
const ADMIN_LEADS = '/buyonlineoauth/admin/leads';

const dristiRecord = (overrides: Record<string, unknown> = {}) => ({
  applicationNumber: 'ab12345678',
  proposer: {
    salutation: 'Mr.',
    firstName: 'Ravi',
    lastName: 'Kumar',
    gender: 'M',
    dateOfBirth: '19700514',
    email: 'ravi@example.com',
    mobileNumber: '9876543210',
    alternateNumber: '',
  },
  lifeAssured: {
    salutation: 'Mx.',
    firstName: 'Asha',
    lastName: 'Kumar',
    gender: 'O',
    dateOfBirth: '19720301',
  },
  pincode: '400001',
  city: 'Mumbai',
  state: 'Maharashtra',
  occupation: 'SALR',
  education: 'GR',
  nriFlag: 'N',
  planName: 'Life Annuity',
  productName: 'Guaranteed Pension Plan',
  dateAdded: '20250310',
  ...overrides,
});

describe.each(DATABASES)('call-centre record, stage report and lead listing ($name)', (kind) => {
  let api: TestApi;
  /** Capabilities of AB12345678 (the dristi record's) and CD98765432 (the stage reports'). */
  let capabilityAB: string;
  let capabilityCD: string;
  beforeAll(async () => {
    api = await createTestApi(kind);
    capabilityAB = capabilityFor(api, 'AB12345678');
    capabilityCD = capabilityFor(api, 'CD98765432');
    await api.app.db.query(
      `INSERT INTO applications (application_number, proposal_number, product_id, plan_code, holder_mobile, state)
       VALUES ('CD98765432', 'P-CD98765432', 'T54', 'T54', '7654321098', '{}'::jsonb)`,
    );
  }, 60_000);
  afterAll(() => api.close());

  describe('dristi call-centre record', () => {
    it("records proposer and life assured (gender M/F/O, dates yyyymmdd) and answers status '200'", async () => {
      const res = await api.post(DRISTI, dristiRecord(), { capability: capabilityAB });
      expect(res.statusCode).toBe(200);
      expectShape(DONE_ANSWER, api.open(res, 'response'));
      const lead = await latestLead(api);
      expect(lead).toMatchObject({
        kind: 'dristi',
        lead_id: null,
        application_number: 'AB12345678',
        product_id: 'T54',
        mobile: '9876543210',
      });
      expect(lead!.payload).toMatchObject({ proposer: { gender: 'M', dateOfBirth: '19700514' } });
      expect((await outboxFor(api, lead!.id))[0]).toMatchObject({ topic: 'dristi', status: 'pending' });
    });

    it("refuses a record without the application's capability (403), unless a service client sends it", async () => {
      const before = await rowCounts(api);
      const missing = await api.post(DRISTI, dristiRecord());
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject(NO_CAPABILITY);
      const other = await api.post(DRISTI, dristiRecord(), { capability: capabilityCD });
      expect(other.statusCode).toBe(403);
      expect(await rowCounts(api)).toEqual(before);

      const service = await api.post(DRISTI, dristiRecord(), { token: await api.token('service') });
      expect(service.statusCode).toBe(200);
      expect(await latestLead(api)).toMatchObject({ kind: 'dristi', application_number: 'AB12345678' });
    });

    it('rejects Male for M, dashed dates and a missing proposer, writing nothing', async () => {
      const before = await rowCounts(api);
      const res = await api.post(
        DRISTI,
        dristiRecord({
          proposer: {
            firstName: 'Ravi',
            gender: 'Male',
            dateOfBirth: '1970-05-14',
            mobileNumber: '9876543210',
          },
          nriFlag: 'yes',
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'proposer.gender', message: 'Please enter valid gender.' },
        { field: 'proposer.dateOfBirth', message: 'Please enter valid date of birth.' },
        { field: 'nriFlag', message: 'Please enter valid nri.' },
      ]);
      const missing = await api.post(DRISTI, { applicationNumber: 'AB12345678' });
      expect(missing.json().errors).toEqual([{ field: 'proposer', message: 'Proposer cannot be empty.' }]);
      const month = await api.post(
        DRISTI,
        dristiRecord({ lifeAssured: { firstName: 'Asha', gender: 'F', dateOfBirth: '19721301' } }),
      );
      expect(month.json().errors).toEqual([
        { field: 'lifeAssured.dateOfBirth', message: 'Please enter valid date of birth.' },
      ]);
      // Of the right shape, but a day that does not exist, or has not come.
      for (const dateOfBirth of ['19700231', '19700431', '20991231']) {
        const impossible = await api.post(
          DRISTI,
          dristiRecord({ lifeAssured: { firstName: 'Asha', gender: 'F', dateOfBirth } }),
        );
        expect([dateOfBirth, impossible.json().errors]).toEqual([
          dateOfBirth,
          [{ field: 'lifeAssured.dateOfBirth', message: 'Please enter valid date of birth.' }],
        ]);
      }
      expect(await rowCounts(api)).toEqual(before);
    });
  });

  describe('stage report', () => {
    it.each(['Lead', 'Quote', 'Pay Later'])("accepts stageApiName '%s'", async (stageApiName) => {
      const res = await api.post(
        STAGE,
        { applicationNumber: 'cd98765432', stageApiName },
        { capability: capabilityCD },
      );
      expect(res.statusCode).toBe(200);
      expectShape(DONE_ANSWER, api.open(res, 'response'));
      const lead = await latestLead(api);
      // What the application table knows is filled in.
      expect(lead).toMatchObject({
        kind: 'stage-report',
        application_number: 'CD98765432',
        product_id: 'T54',
        mobile: '7654321098',
        payload: { applicationNumber: 'CD98765432', stageApiName },
      });
      expect(await outboxFor(api, lead!.id)).toHaveLength(1);
    });

    it('records a report for an application it does not know, without product or mobile', async () => {
      // Only a service client can name an application nobody was given a capability for.
      const res = await api.post(
        STAGE,
        { applicationNumber: 'ZZ00000001', stageApiName: 'Quote' },
        { token: await api.token('service') },
      );
      expect(res.statusCode).toBe(200);
      expect(await latestLead(api)).toMatchObject({
        application_number: 'ZZ00000001',
        product_id: null,
        mobile: null,
      });
    });

    it("refuses a report without the application's capability (403), writing nothing", async () => {
      const before = await rowCounts(api);
      const missing = await api.post(STAGE, { applicationNumber: 'CD98765432', stageApiName: 'Quote' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject(NO_CAPABILITY);
      const other = await api.post(
        STAGE,
        { applicationNumber: 'CD98765432', stageApiName: 'Quote' },
        { capability: capabilityAB },
      );
      expect(other.statusCode).toBe(403);
      expect(await rowCounts(api)).toEqual(before);
    });

    it('rejects any other stage and a malformed application number with 400, writing nothing', async () => {
      const before = await rowCounts(api);
      for (const stageApiName of ['Payment', 'lead', '', 'Pay later']) {
        const res = await api.post(STAGE, { applicationNumber: 'CD98765432', stageApiName });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'stageApiName', message: 'Please enter valid stage.' }]);
      }
      const number = await api.post(STAGE, { applicationNumber: 'CD-987654321', stageApiName: 'Lead' });
      expect(number.json().errors).toEqual([
        { field: 'applicationNumber', message: 'Please enter valid application number.' },
      ]);
      expect(await rowCounts(api)).toEqual(before);
    });
  });

  describe('one transaction for the lead and its outbox message', () => {
    it('leaves no lead behind when the outbox write fails', async () => {
      const db = api.app.db;
      const failOutbox = (tx: Queryable): Queryable => ({
        exec: (sql) => tx.exec(sql),
        query: (sql, params) => {
          if (sql.includes('INSERT INTO outbox')) return Promise.reject(new Error('outbox is unavailable'));
          return tx.query(sql, params);
        },
      });
      const broken: Db = { ...db, transaction: (work) => db.transaction((tx) => work(failOutbox(tx))) };
      const before = await rowCounts(api);
      await expect(
        recordPush(broken, { kind: 'crm', withLeadId: true, mobile: '9876543210', payload: { probe: true } }),
      ).rejects.toThrow('outbox is unavailable');
      expect(await rowCounts(api)).toEqual(before);

      const lead = await recordPush(db, { kind: 'crm', withLeadId: true, mobile: '9876543210', payload: {} });
      expect(await rowCounts(api)).toEqual({ ...before, leads: before.leads + 1, outbox: before.outbox + 1 });
      expect((await outboxFor(api, lead.id))[0]!.payload).toMatchObject({ id: lead.id, leadId: lead.leadId });
    });
  });

  describe('lead listing for operations', () => {
    it('refuses a journey token (403) and no token (401)', async () => {
      expect((await api.get(ADMIN_LEADS)).statusCode).toBe(403);
      expect((await api.get(ADMIN_LEADS, { token: null })).statusCode).toBe(401);
    });

    it('lists the newest leads first for a service token, filtered by kind and application', async () => {
      const token = await api.token('service');
      const all = await api.get(`${ADMIN_LEADS}?limit=2`, { token });
      expect(all.statusCode).toBe(200);
      expect(all.json().items).toHaveLength(2);
      const [first, second] = all.json().items as Array<{ id: string }>;
      expect(Number(first!.id)).toBeGreaterThan(Number(second!.id));

      const stage = await api.get(`${ADMIN_LEADS}?kind=stage-report&applicationNumber=cd98765432`, { token });
      const items = stage.json().items as Array<Record<string, unknown>>;
      expect(items.length).toBe(3);
      for (const item of items) {
        expect(item).toMatchObject({ kind: 'stage-report', applicationNumber: 'CD98765432', leadId: null });
        expect(typeof item.createdAt).toBe('string');
      }
    });

    it('rejects an unknown kind and an out-of-range limit', async () => {
      const token = await api.token('service');
      const kindRes = await api.get(`${ADMIN_LEADS}?kind=fax`, { token });
      expect(kindRes.statusCode).toBe(400);
      expect(kindRes.json().errors).toEqual([{ field: 'kind', message: 'Please enter valid kind.' }]);
      expect((await api.get(`${ADMIN_LEADS}?limit=501`, { token })).statusCode).toBe(400);
      expect((await api.get(`${ADMIN_LEADS}?limit=abc`, { token })).statusCode).toBe(400);
    });
  });
});
