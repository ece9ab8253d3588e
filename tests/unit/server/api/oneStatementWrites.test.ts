import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/server/api/applications/applicationMessages.ts';
import { RESUME_BY_APPLICATION_NUMBER_PATH } from '../../../../src/server/api/applications/resumeByApplicationNumberRoute.ts';
import { PAYMENT_MESSAGES } from '../../../../src/server/api/payments/paymentMessages.ts';
import { build } from '../../../../src/server/app.ts';
import { CAPABILITY_HEADER } from '../../../../src/server/plugins/authenticate.ts';
import {
  createApplication,
  indiaDaysAgo,
  personalDetailsOf,
  planDetailsOf,
  policyHolder,
  seed,
  type CreatedApplication,
} from '../../../integration/api/applicationsFixtures.ts';
import { QUOTES, quoteBody, TODAY } from '../../../integration/api/quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from '../../../integration/api/testApp.ts';

/*
 * The usual stage save and the usual quote of an application are one SQL statement each:
 * what the read-first path would check is a condition of the write itself. These tests
 * count the statements, and hold every case the write's conditions turn away to the answer
 * the read-first path gives, with nothing written.
 */
describe.each(DATABASES)('one-statement writes ($name)', (kind) => {
  let api: TestApi;
  const statements: string[] = [];
  beforeAll(async () => {
    api = await createTestApi(kind);
    const { db } = api.app;
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return query(sql, params);
    }) as typeof db.query;
  });
  afterAll(() => api.close());
  beforeEach(() => {
    statements.length = 0;
  });

  const verbs = () => statements.map((sql) => sql.split(' ')[0]);

  const stored = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{ state: Record<string, unknown>; version: number }>(
      'SELECT state, version FROM applications WHERE application_number = $1',
      [applicationNumber],
    );
    return rows[0]!;
  };

  const savePlan = (
    created: CreatedApplication,
    {
      version = 1,
      planDetails = planDetailsOf(),
      product = { productId: 'T54', planCode: 'T54' } as Record<string, string>,
    } = {},
  ) =>
    api.post(
      '/buyonlineoauth/stages/plan-details',
      {
        applicationNumber: created.applicationNo,
        version,
        basicDetails: { policyHolder: policyHolder(), insuredPerson: {} },
        planDetails,
        ...product,
      },
      { capability: created.capability },
    );

  describe('stage saves', () => {
    it('saves a live application naming its product in one UPDATE', async () => {
      const created = await createApplication(api);
      statements.length = 0;
      const res = await savePlan(created);
      expect(res.statusCode, res.body).toBe(200);
      expect(api.open(res)).toEqual({ status: '200', version: 2 });
      expect(verbs()).toEqual(['UPDATE']);
      const row = await stored(created.applicationNo);
      expect(row.version).toBe(2);
      expect(row.state).toMatchObject({ planDetails: planDetailsOf(), userStage: 'plan-details' });
    });

    it('reads the application first when the save names no product', async () => {
      const created = await createApplication(api);
      statements.length = 0;
      const res = await savePlan(created, { product: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(verbs()).toEqual(['SELECT', 'UPDATE']);
    });

    it('answers a stale version, a submitted or an expired application as before, writing nothing', async () => {
      const stale = await createApplication(api);
      const res = await savePlan(stale, { version: 7 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.staleVersion);

      const submitted = await createApplication(api);
      await seed(api, submitted.applicationNo, 'journey_flag = true');
      const refused = await savePlan(submitted);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.submitted);

      const expired = await createApplication(api);
      await seed(api, expired.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(31)]);
      const late = await savePlan(expired);
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toBe(MESSAGES.expired);

      for (const { applicationNo } of [stale, submitted, expired]) {
        expect((await stored(applicationNo)).version).toBe(1);
      }
    });

    it('saves an application 30 days after its policy start, the last day it may change', async () => {
      const created = await createApplication(api);
      await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(30)]);
      statements.length = 0;
      const res = await savePlan(created);
      expect(res.statusCode, res.body).toBe(200);
      expect(verbs()).toEqual(['UPDATE']);
    });

    it('refuses a save naming another product than the application’s, and one the plan refuses, as before', async () => {
      const created = await createApplication(api);
      await seed(api, created.applicationNo, "product_id = 'T64'");
      const other = await savePlan(created);
      expect(other.statusCode).toBe(400);
      expect(other.json().errors).toContainEqual({ field: 'productId', message: MESSAGES.notThisProduct });

      const invalid = await createApplication(api);
      await seed(api, invalid.applicationNo, 'journey_flag = true');
      // Submitted and invalid: the visitor hears that it is submitted, as the read-first path says.
      const res = await savePlan(invalid, { planDetails: planDetailsOf({ premiumPayingTerm: 99 }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.submitted);
      expect((await stored(created.applicationNo)).version).toBe(1);
    });

    it('refuses every journey stage of a paid application, the same holder sent back or not, writing nothing', async () => {
      const created = await createApplication(api);
      await seed(
        api,
        created.applicationNo,
        `state = state || '{"paymentDetails": {"status": "success"}}'::jsonb`,
      );
      const plan = await savePlan(created);
      expect(plan.statusCode).toBe(409);
      expect(plan.json().message).toBe(MESSAGES.paidJourney);

      const personal = (holder: Record<string, unknown>) =>
        api.post(
          '/buyonlineoauth/stages/personal-details',
          {
            applicationNumber: created.applicationNo,
            version: 1,
            productId: 'T54',
            basicDetails: { policyHolder: policyHolder(holder), insuredPerson: {} },
            personalDetails: personalDetailsOf({ pincode: '110001', city: 'New Delhi', state: 'Delhi' }),
          },
          { capability: created.capability },
        );
      const paidFor = await stored(created.applicationNo);
      for (const holder of [{ fullName: 'Suresh Kumar Sharma' }, {}]) {
        statements.length = 0;
        const refused = await personal(holder);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(MESSAGES.paidJourney);
        // The one-statement write found a payment, so the change read the application and refused it.
        expect(verbs()).toEqual(['UPDATE', 'SELECT']);
      }
      const row = await stored(created.applicationNo);
      expect(row.state).toEqual(paidFor.state);
      expect(row.version).toBe(paidFor.version);
    });

    it('refuses pay later over a mandate waiting in the UPI app, and saves over a pending payment that is not one', async () => {
      const mandate = await createApplication(api);
      await seed(
        api,
        mandate.applicationNo,
        `state = state || '{"paymentDetails": {"status": "pending", "basbastatus": "initiated"}}'::jsonb`,
      );
      const payLater = { payMode: 'Online', payLater: true, status: 'failure', pageName: 'make-payment' };
      const body = (created: CreatedApplication) => ({
        applicationNumber: created.applicationNo,
        version: 1,
        productId: 'T54',
        paymentDetails: payLater,
      });
      const refused = await api.post('/buyonlineoauth/stages/payment-details', body(mandate), {
        capability: mandate.capability,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PAYMENT_MESSAGES.mandatePending);

      const pending = await createApplication(api);
      await seed(
        api,
        pending.applicationNo,
        `state = state || '{"paymentDetails": {"status": "pending"}}'::jsonb`,
      );
      const saved = await api.post('/buyonlineoauth/stages/payment-details', body(pending), {
        capability: pending.capability,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await stored(pending.applicationNo)).state.paymentDetails).toEqual(payLater);
    });
  });

  describe('quotes of an application', () => {
    const quotesOf = async (applicationNumber: string) =>
      (
        await api.app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM quotes WHERE application_number = $1',
          [applicationNumber],
        )
      ).rows[0]!.n;
    const quote = (created: CreatedApplication) =>
      api.post(QUOTES, quoteBody({}, {}, { ApplicationNumber: created.applicationNo }), {
        seal: false,
        capability: created.capability,
      });

    it('prices and stores the quote of an application this instance created in one INSERT', async () => {
      const created = await createApplication(api);
      statements.length = 0;
      const res = await quote(created);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.quotePlanSectionDetails.proposalDate).toBe(TODAY);
      expect(verbs()).toEqual(['INSERT']);
      expect(await quotesOf(created.applicationNo)).toBe(1);
    });

    it('reads an application another instance created before its first quote, unless it resumed it', async () => {
      const created = await createApplication(api);
      const body = quoteBody({}, {}, { ApplicationNumber: created.applicationNo });
      const headers = {
        authorization: `Bearer ${await api.token()}`,
        [CAPABILITY_HEADER]: created.capability,
      };
      const instance = () => build({ config: api.config, db: api.app.db, staticRoot: '/nonexistent' });
      const [quoting, resuming] = [await instance(), await instance()];
      try {
        statements.length = 0;
        const first = await quoting.inject({ method: 'POST', url: QUOTES, headers, payload: body });
        expect(first.statusCode, first.body).toBe(200);
        expect(verbs()).toEqual(['SELECT', 'INSERT']);

        const resumed = await resuming.inject({
          method: 'POST',
          url: RESUME_BY_APPLICATION_NUMBER_PATH,
          headers,
          payload: { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
        });
        expect(resumed.statusCode, resumed.body).toBe(200);
        statements.length = 0;
        const after = await resuming.inject({ method: 'POST', url: QUOTES, headers, payload: body });
        expect(after.statusCode, after.body).toBe(200);
        expect(verbs()).toEqual(['INSERT']);
      } finally {
        await quoting.close();
        await resuming.close();
      }
    });

    it('prices at the stored start date when the one remembered is wrong, storing one quote', async () => {
      const created = await createApplication(api);
      api.app.policyStartDates.remember(created.applicationNo, indiaDaysAgo(3));
      statements.length = 0;
      const res = await quote(created);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.quotePlanSectionDetails.proposalDate).toBe(TODAY);
      expect(verbs()).toEqual(['INSERT', 'SELECT', 'INSERT']);
      expect(await quotesOf(created.applicationNo)).toBe(1);
      // Read once, it is known again.
      statements.length = 0;
      expect((await quote(created)).statusCode).toBe(200);
      expect(verbs()).toEqual(['INSERT']);
    });

    it('refuses, storing nothing, an application that changed after its date was remembered', async () => {
      const cases: [string, unknown[], number, string][] = [
        ['journey_flag = true', [], 409, MESSAGES.submitted],
        ["product_id = 'T64'", [], 422, MESSAGES.wrongProduct],
        ["state = state - 'basicDetails'", [], 422, MESSAGES.noBasicDetails],
        ['policy_start_date = $2::date', [indiaDaysAgo(31)], 410, MESSAGES.expired],
      ];
      for (const [assignments, params, status, message] of cases) {
        const created = await createApplication(api);
        await seed(api, created.applicationNo, assignments, params);
        // The start date it has now, remembered: only the write's own conditions stand in the way.
        const { rows } = await api.app.db.query<{ start: string }>(
          "SELECT to_char(policy_start_date, 'YYYY-MM-DD') AS start FROM applications WHERE application_number = $1",
          [created.applicationNo],
        );
        api.app.policyStartDates.remember(created.applicationNo, rows[0]!.start);
        statements.length = 0;
        const res = await quote(created);
        expect(res.statusCode, assignments).toBe(status);
        expect(res.json().message).toBe(message);
        expect(verbs()).toEqual(['INSERT', 'SELECT']);
        expect(await quotesOf(created.applicationNo)).toBe(0);
      }
    });

    it('answers a request error of an application’s quote after the application’s own refusal', async () => {
      const created = await createApplication(api);
      await seed(api, created.applicationNo, 'journey_flag = true');
      const res = await api.post(
        QUOTES,
        quoteBody({ InstallmentPremiumAmount: 'two lakh' }, {}, { ApplicationNumber: created.applicationNo }),
        { seal: false, capability: created.capability },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.submitted);
    });
  });
});
