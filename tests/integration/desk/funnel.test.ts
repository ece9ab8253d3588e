import { PROPOSAL_ROOT_STEP } from '../../../src/shared/stepNames.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import { build } from '../../../src/server/app.ts';
import { testConfig } from '../../../src/server/config.ts';
import { DESK_API, DESK_COOKIE } from '../../../src/server/desk/deskAuth.ts';
import { DEFAULT_WRITE_LIMITS } from '../../../src/server/lib/writeLimits.ts';
import { ANALYTICS_STEPS_PATH } from '../../../src/shared/analyticsApi.ts';
import { addStaff } from '../../../src/server/desk/staffStore.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 20, funnel analytics: the journey reports step enter, leave (with the time spent) and
 * field errors per anonymous visit, without a token; the desk shows each plan's funnel in its
 * journey order — visits that entered each step, those that stopped there, the median time
 * and the errors by field — for India calendar days. An event names only one of the plan's
 * steps, a field of that step's form and a validation keyword, so nothing personal fits in one.
 */
const FUNNEL = `${DESK_API}/funnel`;

interface Event {
  productId: string;
  step: string;
  kind: 'enter' | 'leave' | 'error';
  field?: string;
  errorKey?: string;
  ms?: number;
}

interface FunnelStep {
  step: string;
  title: string;
  entered: number;
  leftHere: number;
  medianMs: number | null;
  errors: { field: string | null; errorKey: string | null; count: number }[];
}

interface Funnel {
  productId: string;
  planName: string;
  from: string;
  to: string;
  visits: number;
  steps: FunnelStep[];
}

/** A visit id as a browser makes one: random, 16–40 of [A-Za-z0-9_-]. */
const visit = (name: string) => `visit_${name}_0123456789abcdef`.slice(0, 40);
const enter = (productId: string, step: string): Event => ({ productId, step, kind: 'enter' });
const leave = (productId: string, step: string, ms: number): Event => ({
  productId,
  step,
  kind: 'leave',
  ms,
});
const error = (productId: string, step: string, field: string, errorKey: string): Event => ({
  productId,
  step,
  kind: 'error',
  field,
  errorKey,
});

/** T54's journey steps, then its proposal's (plan.json order), as the funnel lists them. */
const T54_ORDER = [
  'basic-details',
  'plan-details',
  'additional-details',
  'review-details',
  'make-payment',
  'personal-details/basic',
  'personal-details/employment',
  'personal-details/nominee',
  'bank-details',
  'bank-details/sub-bank-details',
  'bank-details/fatca-details',
  // The proposal page's root route (#/), by the name the browser reports it under.
  PROPOSAL_ROOT_STEP,
  'review-upload-doc/upload-doc',
  'review-upload-doc/upload-doc?type=secondary',
];

const day = (offset: number, from = indiaToday()) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('funnel analytics ($name)', (kind) => {
  let api: TestApi;
  let cookie: string;
  /** The server's clock: real time unless a test moves it. */
  let clock: Date | undefined;

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock ?? new Date() });
    await addStaff(api.app.db, {
      email: 'funnel@insurer.example',
      name: 'Funnel',
      password: 'a desk password!',
    });
    const signIn = await api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      payload: { email: 'funnel@insurer.example', password: 'a desk password!' },
    });
    cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie.startsWith(`${DESK_COOKIE}=`)).toBe(true);

    // Plain JSON, no token, as navigator.sendBeacon and fetch(keepalive) send it.
    const T = 'T54';
    const visits: Record<string, Event[]> = {
      // Stops at additional details after two errors on the premium and one on the frequency
      // (a field's segments joined with '_' as the form ids it, or with '/' or '.').
      one: [
        enter(T, 'basic-details'),
        leave(T, 'basic-details', 10_000),
        enter(T, 'plan-details'),
        error(T, 'plan-details', 'planDetails_investmentAmount', 'minimum'),
        error(T, 'plan-details', 'planDetails/investmentAmount', 'minimum'),
        error(T, 'plan-details', 'planDetails_investmentFrequency', 'enum'),
        leave(T, 'plan-details', 30_000),
        enter(T, 'additional-details'),
        leave(T, 'additional-details', 5_000),
      ],
      // Stops at plan details; its page was hidden once there (the time so far, then the whole).
      two: [
        enter(T, 'basic-details'),
        leave(T, 'basic-details', 20_000),
        enter(T, 'plan-details'),
        error(T, 'plan-details', 'planDetails.investmentAmount', 'minimum'),
        leave(T, 'plan-details', 12_000),
        enter(T, 'plan-details'),
        leave(T, 'plan-details', 50_000),
      ],
      // Stops at basic details, on the date of birth, its page hidden twice on the way.
      three: [
        enter(T, 'basic-details'),
        leave(T, 'basic-details', 5_000),
        leave(T, 'basic-details', 15_000),
        error(T, 'basic-details', 'policyHolder_dateOfBirth', 'required'),
        leave(T, 'basic-details', 40_000),
      ],
      // Goes to payment (finished); then resumes basic details (going back does not make it a
      // drop-off there).
      four: [
        enter(T, 'basic-details'),
        enter(T, 'plan-details'),
        enter(T, 'additional-details'),
        enter(T, 'review-details'),
        enter(T, 'make-payment'),
        enter(T, 'basic-details'),
      ],
      // Enters basic details twice (a reload): one visit.
      five: [enter(T, 'basic-details'), enter(T, 'basic-details')],
      // Another plan: one stops at basic details, one at its second step.
      six: [enter('U25', 'basic-details')],
      seven: [
        enter('U25', 'basic-details'),
        leave('U25', 'basic-details', 7_000),
        enter('U25', 'annuity-details'),
      ],
    };
    for (const [name, events] of Object.entries(visits)) {
      // In two requests each, as a page hide would split them.
      for (const part of [events.slice(0, 3), events.slice(3)].filter((each) => each.length)) {
        const res = await send({ visitId: visit(name), events: part });
        expect(res.statusCode, res.body).toBe(204);
        expect(res.body).toBe('');
      }
    }
  }, 60_000);
  afterAll(() => api.close());

  const send = (body: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: ANALYTICS_STEPS_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const desk = (url: string, headers: Record<string, string> = { cookie }) =>
    api.app.inject({ method: 'GET', url, headers });
  const funnel = async (query: string) => {
    const res = await desk(`${FUNNEL}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Funnel;
  };
  const rowCount = async () =>
    Number((await api.app.db.query<{ n: string }>('SELECT count(*)::text AS n FROM visit_steps')).rows[0]!.n);

  it('counts entries, drop-offs, median times and errors per step, in the plan’s journey order', async () => {
    const result = await funnel('productId=T54');
    expect(result).toMatchObject({
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      from: day(-6),
      to: indiaToday(),
      visits: 5,
    });
    // The plan's steps only: an event for any other step is refused (below).
    expect(result.steps.map((step) => step.step)).toEqual(T54_ORDER);
    const byStep = Object.fromEntries(result.steps.map((step) => [step.step, step]));
    expect(byStep['basic-details']).toEqual({
      step: 'basic-details',
      title: 'Share your basic details to calculate regular pension income',
      entered: 5,
      leftHere: 2,
      // Each visit's longest time (10 s, 20 s, and 40 s after reports of 5 s and 15 s): 20 s,
      // where the median of every report would be 15 s.
      medianMs: 20_000,
      errors: [{ field: 'policyHolder_dateOfBirth', errorKey: 'required', count: 1 }],
    });
    expect(byStep['plan-details']).toEqual({
      step: 'plan-details',
      title: 'Customise your pension plan',
      entered: 3,
      leftHere: 1,
      // The median of 30 s and 50 s (visit two's 12 s was its time so far), not of 12, 30 and 50 s.
      medianMs: 40_000,
      errors: [
        { field: 'planDetails_investmentAmount', errorKey: 'minimum', count: 3 },
        { field: 'planDetails_investmentFrequency', errorKey: 'enum', count: 1 },
      ],
    });
    expect(byStep['additional-details']).toMatchObject({
      entered: 2,
      leftHere: 1,
      medianMs: 5_000,
      errors: [],
    });
    expect(byStep['review-details']).toMatchObject({ entered: 1, leftHere: 0, medianMs: null });
    expect(byStep['make-payment']).toMatchObject({
      title: 'How would you like to pay?',
      entered: 1,
      leftHere: 0,
      medianMs: null,
    });
    expect(byStep['personal-details/basic']).toMatchObject({
      title: 'Personal details',
      entered: 0,
      leftHere: 0,
    });
  });

  it('keeps each plan’s visits apart', async () => {
    const result = await funnel('productId=U25');
    expect(result.visits).toBe(2);
    expect(
      result.steps.slice(0, 5).map((step) => [step.step, step.entered, step.leftHere, step.medianMs]),
    ).toEqual([
      ['basic-details', 2, 1, 7_000],
      ['annuity-details', 1, 1, null],
      ['plan-details', 0, 0, null],
      ['review-details', 0, 0, null],
      ['make-payment', 0, 0, null],
    ]);
    const plans = await desk(`${FUNNEL}/plans`);
    expect(plans.statusCode, plans.body).toBe(200);
    const items = (plans.json() as { items: { productId: string; planName: string; visits: number }[] })
      .items;
    expect(items.slice(0, 2)).toEqual([
      { productId: 'T54', planName: 'Guaranteed Pension Plan', visits: 5 },
      { productId: 'U25', planName: expect.any(String), visits: 2 },
    ]);
    // Every plan is listed, those without visits too.
    expect(items.map((item) => item.productId)).toEqual(expect.arrayContaining(['I02', 'T61', 'T64']));
    expect(items.slice(2).every((item) => item.visits === 0)).toBe(true);
  });

  it('reads India calendar days: an event at 23:59 India time is that day’s, one at 00:01 the next’s', async () => {
    // 2026-01-10 23:59 and 2026-01-11 00:01 in India (UTC+05:30).
    clock = new Date('2026-01-10T18:29:00Z');
    expect((await send({ visitId: visit('late'), events: [enter('T54', 'basic-details')] })).statusCode).toBe(
      204,
    );
    clock = new Date('2026-01-10T18:31:00Z');
    expect((await send({ visitId: visit('early'), events: [enter('T54', 'plan-details')] })).statusCode).toBe(
      204,
    );
    clock = undefined;

    const tenth = await funnel('productId=T54&from=2026-01-10&to=2026-01-10');
    expect(tenth).toMatchObject({ from: '2026-01-10', to: '2026-01-10', visits: 1 });
    expect(tenth.steps.filter((step) => step.entered).map((step) => step.step)).toEqual(['basic-details']);
    const eleventh = await funnel('productId=T54&from=2026-01-11&to=2026-01-11');
    expect(eleventh.visits).toBe(1);
    expect(eleventh.steps.filter((step) => step.entered).map((step) => step.step)).toEqual(['plan-details']);
    expect((await funnel('productId=T54&from=2026-01-01&to=2026-01-31')).visits).toBe(2);
    // The default period (the last seven days) does not reach January.
    expect((await funnel('productId=T54')).visits).toBe(5);
    const plans = await desk(`${FUNNEL}/plans?from=2026-01-10&to=2026-01-11`);
    expect((plans.json() as { items: { productId: string; visits: number }[] }).items[0]).toEqual({
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      visits: 2,
    });
  });

  it('takes a period of at most 92 days, forwards, of real dates, for a known plan', async () => {
    const refused = async (query: string, message: string, field: string) => {
      const res = await desk(`${FUNNEL}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
    };
    await refused(
      'productId=T54&from=2026-02-10&to=2026-02-09',
      'The start date must be on or before the end date.',
      'from',
    );
    await refused(
      'productId=T54&from=2026-01-01&to=2026-04-03',
      'Please choose a period of at most 92 days.',
      'to',
    );
    await refused('productId=T54&from=2026-02-30', 'Please enter valid date.', 'from');
    await refused('productId=T54&to=10/01/2026', 'Please enter valid date.', 'to');
    await refused('productId=X99', 'This plan is not known.', 'productId');
    await refused('from=2026-01-01', 'Plan cannot be empty.', 'productId');
    // 92 days, 1 January to 2 April, is the longest.
    expect((await funnel('productId=T54&from=2026-01-01&to=2026-04-02')).visits).toBe(2);
    const plans = await desk(`${FUNNEL}/plans?from=2026-03-01&to=2026-02-01`);
    expect(plans.statusCode).toBe(400);
    expect(plans.json().message).toBe('The start date must be on or before the end date.');
  });

  it('refuses events that could carry anything but a plan, a step, a field name and a keyword', async () => {
    const before = await rowCount();
    const good = enter('T54', 'basic-details');
    const refused = async (body: unknown, field: string, message: string) => {
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    };
    const STEP = 'Please enter valid step.';
    const NOT_A_STEP = 'This step is not part of this plan.';
    const FIELD = 'Please enter valid field name.';
    const NOT_A_FIELD = 'This field is not on this step.';
    const KEY = 'Please enter valid error key.';
    await refused(
      { visitId: visit('bad'), events: [enter('X99', 'basic-details')] },
      'events.0.productId',
      'This plan is not known.',
    );
    // A field is a field of the step's form, never a value: not a mobile, a PAN, a date, an
    // e-mail, a name (with a dot, a space or an underscore), nor a field of another step.
    const fields: [string, string][] = [
      ['ravi.kumar@example.com', FIELD],
      ['Ravi Kumar', FIELD],
      ['9876543210', FIELD],
      ['+919876543210', FIELD],
      ['12/03/1964', FIELD],
      ['1964-03-12', FIELD],
      ['ABCDE1234F', NOT_A_FIELD],
      ['ravi.kumar', NOT_A_FIELD],
      ['ravi_kumar', NOT_A_FIELD],
      ['Ravi', NOT_A_FIELD],
      ['policyHolder_ABCDE1234F', NOT_A_FIELD],
      ['policyHolder/ravi.kumar', NOT_A_FIELD],
      ['policyHolder_dateOfBirth_12', NOT_A_FIELD],
      ['planDetails_investmentAmount', NOT_A_FIELD],
    ];
    for (const [field, message] of fields) {
      await refused(
        { visitId: visit('bad'), events: [good, error('T54', 'basic-details', field, 'pattern')] },
        'events.1.field',
        message,
      );
    }
    // An error key is a validation keyword.
    for (const errorKey of ['Ravi Kumar', 'ravi.kumar', '9876543210', 'ABCDE1234F', '12/03/1964', 'secret']) {
      await refused(
        { visitId: visit('bad'), events: [error('T54', 'basic-details', 'policyHolder_fullName', errorKey)] },
        'events.0.errorKey',
        KEY,
      );
    }
    // A step is one of the plan's: not a name, a mobile, a PAN, a date, a popup or another plan's step.
    const steps: [string, string][] = [
      ['Basic details', STEP],
      ['ravi.kumar', STEP],
      ['9876543210', STEP],
      ['12/03/1964', STEP],
      ['1964-03-12', STEP],
      [`plan-details/${'a'.repeat(80)}`, STEP],
      ['abcde1234f', NOT_A_STEP],
      ['ravi-kumar', NOT_A_STEP],
      ['plan-details/9876543210', NOT_A_STEP],
      ['joint-life', NOT_A_STEP],
      ['annuity-details', NOT_A_STEP],
    ];
    for (const [step, message] of steps) {
      await refused({ visitId: visit('bad'), events: [good, enter('T54', step)] }, 'events.1.step', message);
    }
    const unknown = await send({ visitId: visit('bad'), events: [enter('T54', 'ravi-kumar')] });
    expect(unknown.json()).toMatchObject({ message: NOT_A_STEP });
    await refused(
      { visitId: visit('bad'), events: [leave('T54', 'basic-details', -1)] },
      'events.0.ms',
      'Please enter valid time on step.',
    );
    await refused(
      { visitId: visit('bad'), events: [{ ...good, kind: 'submit' }] },
      'events.0.kind',
      'Please enter valid kind.',
    );
    await refused(
      { visitId: visit('bad'), events: Array.from({ length: 21 }, () => good) },
      'events',
      'Please send at most 20 events at a time.',
    );
    await refused({ visitId: visit('bad'), events: [] }, 'events', 'Please send at least one event.');
    await refused({ visitId: 'short', events: [good] }, 'visitId', 'Please enter valid visit id.');
    await refused(
      { visitId: 'ravi.kumar@example.com_1234', events: [good] },
      'visitId',
      'Please enter valid visit id.',
    );
    await refused({ events: [good] }, 'visitId', 'Visit id cannot be empty.');
    await refused(
      { visitId: visit('bad'), events: [{ productId: 'T54', kind: 'enter' }] },
      'events.0.step',
      'Step cannot be empty.',
    );
    expect(await rowCount()).toBe(before);

    // Twenty is the most; a property outside the contract (a value, say) is dropped, not stored.
    const twenty = await send({
      visitId: visit('twenty'),
      events: Array.from({ length: 20 }, () => ({ ...good, value: 'Ravi Kumar' })),
    });
    expect(twenty.statusCode, twenty.body).toBe(204);
    expect(await rowCount()).toBe(before + 20);
    const { rows } = await api.app.db.query('SELECT * FROM visit_steps WHERE visit_id = $1 LIMIT 1', [
      visit('twenty'),
    ]);
    expect(JSON.stringify(rows[0])).not.toContain('Ravi');
    await api.app.db.query('DELETE FROM visit_steps WHERE visit_id = $1', [visit('twenty')]);
  });

  it('takes a field of the step’s form by its path, into arrays, branches and definitions, stored joined with ‘_’', async () => {
    const nominee = 'personal-details/nominee';
    const res = await send({
      visitId: visit('fields'),
      events: [
        enter('T54', nominee),
        // An array's item by index; the appointee only in the schema's then, by $ref into $defs.
        error('T54', nominee, 'nominees_0_dateOfBirth', 'ageRange'),
        error('T54', nominee, 'nominees/1/fullName', 'pattern'),
        error('T54', nominee, 'appointee.fullName', 'required'),
        error('T54', nominee, 'nominees', 'itemsTotal'),
        error('T54', 'basic-details', 'policyHolder', 'invalid'),
        error('T54', 'basic-details', 'insuredPerson/dateOfBirth', 'errorMessage'),
      ],
    });
    expect(res.statusCode, res.body).toBe(204);
    const { rows } = await api.app.db.query<{ step: string; field: string; error_key: string }>(
      `SELECT step, field, error_key FROM visit_steps WHERE visit_id = $1 AND kind = 'error' ORDER BY id`,
      [visit('fields')],
    );
    expect(rows.map((row) => [row.step, row.field, row.error_key])).toEqual([
      [nominee, 'nominees_0_dateOfBirth', 'ageRange'],
      [nominee, 'nominees_1_fullName', 'pattern'],
      [nominee, 'appointee_fullName', 'required'],
      [nominee, 'nominees', 'itemsTotal'],
      ['basic-details', 'policyHolder', 'invalid'],
      ['basic-details', 'insuredPerson_dateOfBirth', 'errorMessage'],
    ]);
    // The proposal page's root route by its name.
    const root = await send({ visitId: visit('fields'), events: [enter('T54', PROPOSAL_ROOT_STEP)] });
    expect(root.statusCode, root.body).toBe(204);
    await api.app.db.query('DELETE FROM visit_steps WHERE visit_id = $1', [visit('fields')]);
  });

  it('takes events with a visitor’s token too, and a beacon’s body as well as a plain one', async () => {
    const body = { visitId: visit('token'), events: [enter('U27', 'basic-details')] };
    const withToken = await send(body, { authorization: `Bearer ${await api.token()}` });
    expect(withToken.statusCode, withToken.body).toBe(204);
    // A Blob of type application/json may add a charset.
    const beacon = await send(body, { 'content-type': 'application/json;charset=UTF-8' });
    expect(beacon.statusCode, beacon.body).toBe(204);
    expect((await funnel('productId=U27')).steps[0]).toMatchObject({ step: 'basic-details', entered: 1 });
  });

  it('is closed to a visitor’s token and to no session', async () => {
    const tries: Record<string, string>[] = [{ authorization: `Bearer ${await api.token()}` }, {}];
    for (const headers of tries) {
      for (const url of [`${FUNNEL}?productId=T54`, `${FUNNEL}/plans`]) {
        const res = await desk(url, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Please sign in to the desk.');
      }
    }
  });
});

describe.each(DATABASES)('funnel events are limited per address ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      writeRateLimits: { analytics: [{ per: 'address', limit: 3, windowMs: 60_000 }] },
    });
  }, 60_000);
  afterAll(() => api.close());

  it('takes 300 requests a minute from one address by default', () => {
    expect(DEFAULT_WRITE_LIMITS.analytics).toEqual([{ per: 'address', limit: 300, windowMs: 60_000 }]);
  });

  it('answers 429 with Retry-After past the address’s limit, without a token', async () => {
    const send = (address: string) =>
      api.app.inject({
        method: 'POST',
        url: ANALYTICS_STEPS_PATH,
        remoteAddress: address,
        payload: { visitId: visit('limited'), events: [enter('T54', 'basic-details')] },
      });
    for (let i = 0; i < 3; i++) expect((await send('203.0.113.7')).statusCode).toBe(204);
    const refused = await send('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('203.0.113.8')).statusCode).toBe(204);
  });
});

describe('funnel events in the log', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    app = await build({
      config: testConfig(),
      staticRoot: '/nonexistent',
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('keeps a refusal’s fields and messages, never what was sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: ANALYTICS_STEPS_PATH,
      payload: {
        visitId: 'ravi.kumar@example.com',
        events: [error('T54', 'basic-details', 'Ravi Kumar 9876543210', '12/03/1964')],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'visitId', message: 'Please enter valid visit id.' },
      { field: 'events.0.field', message: 'Please enter valid field name.' },
      { field: 'events.0.errorKey', message: 'Please enter valid error key.' },
    ]);
    const logged = lines.join('\n');
    expect(logged).toContain('events.0.field');
    for (const value of ['ravi', 'Ravi', '9876543210', '12/03/1964']) expect(logged).not.toContain(value);

    const ok = await app.inject({
      method: 'POST',
      url: ANALYTICS_STEPS_PATH,
      payload: {
        visitId: visit('logged'),
        events: [error('T54', 'basic-details', 'policyHolder/dateOfBirth', 'required')],
      },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(lines.join('\n')).not.toContain('dateOfBirth');

    // A name that is not the plan's is refused by where it is, never by what it is.
    const unknown = await app.inject({
      method: 'POST',
      url: ANALYTICS_STEPS_PATH,
      payload: {
        visitId: visit('logged'),
        events: [enter('T54', 'ravi-kumar'), error('T54', 'basic-details', 'ABCDE1234F', 'required')],
      },
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'events.0.step', message: 'This step is not part of this plan.' },
      { field: 'events.1.field', message: 'This field is not on this step.' },
    ]);
    for (const value of ['ravi-kumar', 'ABCDE1234F']) expect(lines.join('\n')).not.toContain(value);
  });
});
