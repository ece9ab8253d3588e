import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_ANSWER, SLOTS_ANSWER } from '../../../src/server/api/callbacks/callbackSchemas.ts';
import {
  capabilityFor,
  expectShape,
  leadByLeadId,
  NO_CAPABILITY,
  outboxFor,
  rowCounts,
} from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const BOOK = '/buyonlineoauth/callbacks';
const SLOTS = '/buyonlineoauth/callbacks/slots';
const LABELS = ['9-11 AM', '11 AM-1 PM', '1-3 PM', '3-5 PM', '5-7 PM'];

/** 11:30 in India on 10 March 2025 (06:00 UTC): the 9-11 AM slot is over, 11 AM-1 PM is under way. */
const MORNING = new Date('2025-03-10T06:00:00Z');

const caller = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Ravi Kumar',
  mobileNumber: '9876543210',
  gender: 'Male',
  mode: 'now',
  ...overrides,
});

interface Booking {
  application_number: string | null;
  full_name: string;
  mobile: string;
  gender: string;
  slot_date: string | Date | null;
  slot_id: number | null;
  lead_id: string;
}

describe.each(DATABASES)('Talk to Expert call-back bookings ($name)', (kind) => {
  let api: TestApi;
  let clock = MORNING;
  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock });
    await api.app.db.query(
      `INSERT INTO applications (application_number, proposal_number, product_id, plan_code, holder_mobile, state)
       VALUES ('EF12345678', 'P-EF12345678', 'T54', 'T54', '9876543210', '{}'::jsonb)`,
    );
  }, 60_000);
  afterAll(() => api.close());
  beforeEach(() => {
    clock = MORNING;
  });

  const booking = async (leadId: string): Promise<Booking | undefined> => {
    const { rows } = await api.app.db.query<Booking>(
      `SELECT application_number, full_name, mobile, gender, to_char(slot_date, 'YYYY-MM-DD') AS slot_date, slot_id, lead_id
         FROM callback_bookings WHERE lead_id = $1`,
      [leadId],
    );
    return rows[0];
  };
  const slots = async (date: string) => {
    const res = await api.get(`${SLOTS}?date=${date}`);
    expect(res.statusCode).toBe(200);
    const answer = api.open<{ slots: Array<{ id: number; label: string; available: boolean }> }>(
      res,
      'response',
    );
    expectShape(SLOTS_ANSWER, answer);
    return answer.slots;
  };

  describe('slots', () => {
    it('lists the five slots with ids and labels; those past today in India are unavailable', async () => {
      const today = await slots('2025-03-10');
      expect(today.map((slot) => slot.id)).toEqual([1, 2, 3, 4, 5]);
      expect(today.map((slot) => slot.label)).toEqual(LABELS);
      expect(today.map((slot) => slot.available)).toEqual([false, true, true, true, true]);
      expect((await slots('2025-03-11')).every((slot) => slot.available)).toBe(true);
    });

    it('has nothing left at 7 PM, and reads "today" in India, not UTC', async () => {
      clock = new Date('2025-03-10T13:30:00Z'); // 19:00 in India
      expect((await slots('2025-03-10')).some((slot) => slot.available)).toBe(false);
      clock = new Date('2025-03-10T19:00:00Z'); // 00:30 on 11 March in India
      expect((await slots('2025-03-11')).every((slot) => slot.available)).toBe(true);
      const yesterday = await api.get(`${SLOTS}?date=2025-03-10`);
      expect(yesterday.statusCode).toBe(400);
    });

    it('rejects past, impossible and missing dates in the spec words', async () => {
      for (const date of ['2025-03-09', '2025-02-30', '10-03-2025']) {
        const res = await api.get(`${SLOTS}?date=${date}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          status: 'Failed',
          message: 'Please Enter Current or Future Date',
          errors: [{ field: 'date', message: 'Please Enter Current or Future Date' }],
        });
      }
      const missing = await api.get(SLOTS);
      expect(missing.json().errors).toEqual([{ field: 'date', message: 'Pick a Date cannot be empty.' }]);
    });

    it('needs a bearer token', async () => {
      expect((await api.get(`${SLOTS}?date=2025-03-10`, { token: null })).statusCode).toBe(401);
    });
  });

  describe('booking', () => {
    it('books a call now: booking, lead and outbox message together, answered with the thanks text', async () => {
      const res = await api.post(BOOK, caller({ applicationNumber: 'ef12345678' }), {
        capability: capabilityFor(api, 'EF12345678'),
      });
      expect(res.statusCode).toBe(200);
      const answer = api.open<{ status: string; leadId: string; message: string }>(res, 'response');
      expectShape(BOOKING_ANSWER, answer);
      expect(answer.message).toBe('Thanks! We will get in touch soon.');

      expect(await booking(answer.leadId)).toMatchObject({
        application_number: 'EF12345678',
        full_name: 'Ravi Kumar',
        mobile: '9876543210',
        gender: 'Male',
        slot_date: null,
        slot_id: null,
      });
      const lead = await leadByLeadId(api, answer.leadId);
      expect(lead).toMatchObject({ kind: 'callback', application_number: 'EF12345678', product_id: 'T54' });
      const [message] = await outboxFor(api, lead!.id);
      expect(message).toMatchObject({ topic: 'callback', status: 'pending' });
      // The call centre takes gender as M/F/O (spec 02 §3.7).
      expect(message!.payload.booking).toMatchObject({ mode: 'now', slotId: null, genderCode: 'M' });
    });

    it("refuses a booking naming an application without that application's capability, writing nothing", async () => {
      const before = await rowCounts(api);
      const missing = await api.post(BOOK, caller({ applicationNumber: 'EF12345678' }));
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject(NO_CAPABILITY);
      const other = await api.post(BOOK, caller({ applicationNumber: 'EF12345678' }), {
        capability: capabilityFor(api, 'AB12345678'),
      });
      expect(other.statusCode).toBe(403);
      expect(await rowCounts(api)).toEqual(before);

      // A service client (the call centre) may book for any application.
      const service = await api.post(BOOK, caller({ applicationNumber: 'EF12345678' }), {
        token: await api.token('service'),
      });
      expect(service.statusCode).toBe(200);
    });

    it('books a slot later today and one tomorrow', async () => {
      const today = await api.post(
        BOOK,
        caller({ mode: 'slot', date: '2025-03-10', slotId: 2, gender: 'Other' }),
      );
      expect(today.statusCode).toBe(200);
      const leadId = api.open<{ leadId: string }>(today, 'response').leadId;
      expect(await booking(leadId)).toMatchObject({ slot_date: '2025-03-10', slot_id: 2, gender: 'Other' });
      const lead = await leadByLeadId(api, leadId);
      expect((await outboxFor(api, lead!.id))[0]!.payload.booking).toMatchObject({
        date: '2025-03-10',
        slotId: 2,
        slotLabel: '11 AM-1 PM',
        genderCode: 'O',
      });

      const tomorrow = await api.post(BOOK, caller({ mode: 'slot', date: '2025-03-11', slotId: 1 }));
      expect(tomorrow.statusCode).toBe(200);
    });

    it('rejects a slot already past today and a date before today, writing nothing', async () => {
      const before = await rowCounts(api);
      const past = await api.post(BOOK, caller({ mode: 'slot', date: '2025-03-10', slotId: 1 }));
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toEqual([
        { field: 'slotId', message: 'This time slot is over. Please pick a later slot.' },
      ]);
      const yesterday = await api.post(BOOK, caller({ mode: 'slot', date: '2025-03-09', slotId: 5 }));
      expect(yesterday.json()).toMatchObject({
        message: 'Please Enter Current or Future Date',
        errors: [{ field: 'date', message: 'Please Enter Current or Future Date' }],
      });
      const empty = await api.post(BOOK, caller({ mode: 'slot' }));
      expect(empty.json().errors).toEqual([
        { field: 'date', message: 'Pick a Date cannot be empty.' },
        { field: 'slotId', message: 'Time Slot cannot be empty.' },
      ]);
      expect(await rowCounts(api)).toEqual(before);
    });

    it('rejects bad names, mobiles, genders and slots in the spec words, writing nothing', async () => {
      const before = await rowCounts(api);
      const cases: Array<[Record<string, unknown>, Array<{ field: string; message: string }>]> = [
        [{ fullName: 'Ravi' }, [{ field: 'fullName', message: 'Please enter valid Name' }]],
        [{ fullName: 'R' }, [{ field: 'fullName', message: 'Please enter valid Name' }]],
        [{ fullName: 'Ravi K2' }, [{ field: 'fullName', message: 'Please enter valid Name' }]],
        [{ fullName: `Ravi ${'k'.repeat(50)}` }, [{ field: 'fullName', message: 'Please enter valid Name' }]],
        [{ fullName: undefined }, [{ field: 'fullName', message: 'Name cannot be empty.' }]],
        [
          { mobileNumber: '5876543210' },
          [{ field: 'mobileNumber', message: 'Please enter valid mobile number.' }],
        ],
        [{ gender: 'M' }, [{ field: 'gender', message: 'Please enter valid gender.' }]],
        [{ gender: undefined }, [{ field: 'gender', message: 'Gender cannot be empty.' }]],
        [
          { mode: 'slot', date: '2025-03-11', slotId: 6 },
          [{ field: 'slotId', message: 'Please enter valid time slot.' }],
        ],
        [
          { mode: 'later' },
          [{ field: 'mode', message: "Please choose 'Book a Call Now' or 'Pick a time slot'." }],
        ],
      ];
      for (const [overrides, errors] of cases) {
        const res = await api.post(BOOK, caller(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().errors, JSON.stringify(overrides)).toEqual(errors);
      }
      expect(await rowCounts(api)).toEqual(before);
    });
  });
});
