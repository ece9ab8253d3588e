import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import { DESK_API, DESK_COOKIE } from '../../../src/server/desk/deskAuth.ts';
import { addStaff } from '../../../src/server/desk/staffStore.ts';
import { createApplication, type CreatedApplication } from '../api/applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 20, the desk's call-backs: a booking made from the journey carries its context (the
 * application, its plan, the step the visitor was on, the last quote), the desk lists a day's
 * bookings by slot with that context, and staff mark one done. Only a desk session opens it.
 */
const BOOK = '/buyonlineoauth/callbacks';
const CALLBACKS = `${DESK_API}/callbacks`;

const tomorrow = () =>
  new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface Listed {
  id: string;
  fullName: string;
  mode: string;
  slotLabel: string | null;
  applicationNumber: string | null;
  planName: string | null;
  step: string | null;
  lastQuote: { quoteNumber: string; premium: number | null; frequency: string | null } | null;
  doneAt: string | null;
  doneBy: string | null;
  doneByName: string | null;
}

describe.each(DATABASES)('the desk’s call-backs ($name)', (kind) => {
  let api: TestApi;
  let cookie: string;
  let staffId: string;
  let created: CreatedApplication;

  beforeAll(async () => {
    api = await createTestApi(kind);
    staffId = (
      await addStaff(api.app.db, {
        email: 'desk@insurer.example',
        name: 'Desk',
        password: 'a desk password!',
      })
    ).id;
    const signIn = await api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      payload: { email: 'desk@insurer.example', password: 'a desk password!' },
    });
    cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie.startsWith(`${DESK_COOKIE}=`)).toBe(true);
    created = await createApplication(api);
    // The application's last quote, as the quote route stores it (the answer sent, under `answer`).
    await api.app.db.query(
      `INSERT INTO quotes (quote_number, application_number, product_id, request, response)
       VALUES ('Q-DESK-1', $1, 'T54', '{}', $2)`,
      [
        created.applicationNo,
        JSON.stringify({
          answer: {
            status: '200',
            data: {
              quotePlanSectionDetails: { installmentPremiumWithTaxFY: 204500, premiumFrequency: 'Yearly' },
            },
          },
        }),
      ],
    );
  }, 30_000);
  afterAll(() => api.close());

  const list = (date: string, headers: Record<string, string> = { cookie }) =>
    api.app.inject({ method: 'GET', url: `${CALLBACKS}?date=${date}`, headers });

  it('lists a day’s bookings by slot, each with its plan, step and last quote, and marks one done', async () => {
    const book = (body: Record<string, unknown>) =>
      api.post(
        BOOK,
        {
          fullName: 'Ravi Kumar',
          mobileNumber: '9876543210',
          gender: 'Male',
          applicationNumber: created.applicationNo,
          step: 'plan-details',
          ...body,
        },
        { capability: created.capability },
      );
    expect((await book({ mode: 'slot', date: tomorrow(), slotId: 3 })).statusCode).toBe(200);
    expect(
      (await book({ mode: 'slot', date: tomorrow(), slotId: 1, step: 'additional-details' })).statusCode,
    ).toBe(200);

    const res = await list(tomorrow());
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: Listed[] }).items;
    expect(items.map((item) => [item.slotLabel, item.step])).toEqual([
      ['9-11 AM', 'additional-details'],
      ['1-3 PM', 'plan-details'],
    ]);
    expect(items[1]).toMatchObject({
      fullName: 'Ravi Kumar',
      mode: 'slot',
      applicationNumber: created.applicationNo,
      planName: 'Guaranteed Pension Plan',
      lastQuote: { quoteNumber: 'Q-DESK-1', premium: 204500, frequency: 'Yearly' },
      doneAt: null,
    });

    const done = await api.app.inject({
      method: 'POST',
      url: `${CALLBACKS}/${items[1]!.id}/done`,
      headers: { cookie },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await list(tomorrow())).json() as { items: Listed[] };
    expect(after.items[1]).toMatchObject({ doneBy: staffId, doneByName: 'Desk' });
    expect(after.items[1]!.doneAt).toEqual(expect.any(String));
    expect(after.items[0]!.doneAt).toBeNull();
  });

  it('lists a call asked for now on the day it was asked', async () => {
    const res = await api.post(BOOK, {
      fullName: 'Sita Devi',
      mobileNumber: '9876501234',
      gender: 'Female',
      mode: 'now',
    });
    expect(res.statusCode).toBe(200);
    const items = ((await list(indiaToday())).json() as { items: Listed[] }).items;
    expect(items.find((item) => item.fullName === 'Sita Devi')).toMatchObject({
      mode: 'now',
      slotLabel: null,
    });
  });

  it('is closed to a visitor’s token and to no session; an unknown booking is a 404', async () => {
    const tries: Record<string, string>[] = [{ authorization: `Bearer ${await api.token()}` }, {}];
    for (const headers of tries) {
      expect((await list(tomorrow(), headers)).statusCode).toBe(401);
    }
    const missing = await api.app.inject({
      method: 'POST',
      url: `${CALLBACKS}/999999/done`,
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This call-back is not on the desk.');
  });
});
