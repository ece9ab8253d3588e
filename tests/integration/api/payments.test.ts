import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import {
  createApplication,
  HOLDER_DOB,
  indiaDaysAgo,
  personalDetailsOf,
  planDetailsOf,
  seed,
} from './applicationsFixtures.ts';
import {
  expectedRequestHash,
  expectHtml,
  gatewayResponse,
  initiate,
  INITIATE,
  makePaymentPage,
  payableApplication,
  PAYMENTS,
  postGatewayResponse,
  storedApplication,
  storedPayment,
  SUCCESS_PAGE,
  TERMS_ACCEPTED,
  type PaymentForm,
} from './paymentsFixtures.ts';
import { proposalSections } from './proposalFixtures.ts';
import { createQuote, quoteBody } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const SALT = SANDBOX_PAYMENT.salt;
const ALREADY_PAID = 'This application is already paid.';
const NO_QUOTE = 'Failed to calculate quote details.';
const PAID_JOURNEY =
  'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.';

/**
 * The journey of an application saved (its plan details as given, naming `quoteNumber`, and its
 * additional details), so that a payment's start reaches the quote it names.
 */
const journeySaved = (quoteNumber?: string) =>
  JSON.stringify({
    planDetails: planDetailsOf({
      investmentAmount: '1,50,000',
      premiumPayingTerm: 10,
      planOption: 'T54C',
      ...(quoteNumber ? { quoteNumber } : {}),
    }),
    personalDetails: personalDetailsOf(),
  });
const UNKNOWN_PAYMENT = 'No payment with this transaction id was found for this application.';

describe.each(DATABASES)('payments ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  describe('POST /buyonlineoauth/payments/initiate', () => {
    it('takes the return address from the configuration, never from the Host header', async () => {
      const { created } = await payableApplication(api, 150000);
      const res = await api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
        {
          capability: created.capability,
          headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const form = api.open<PaymentForm>(res);
      expect([form.fields.surl, form.fields.furl]).toEqual([
        '/buyonlineoauth/payments/response',
        '/buyonlineoauth/payments/response',
      ]);
    });

    it('answers a signed PayU form for the stored quote’s first instalment with GST', async () => {
      const { created, quote } = await payableApplication(api, 150000);
      const form = await initiate(api, created);
      const details = quote.data.quotePlanSectionDetails;
      expect(form).toMatchObject({
        status: '200',
        action: '/payu-sandbox/_payment',
        method: 'POST',
        txnid: expect.stringMatching(/^[A-Za-z0-9]{1,25}$/),
      });
      expect(form.fields).toEqual({
        key: 'bimaflow-sandbox-key',
        txnid: form.txnid,
        amount: details.installmentPremiumWithTaxFY.toFixed(2),
        productinfo: 'Guaranteed Pension Plan',
        firstname: 'Ramesh',
        email: 'Ramesh.Sharma@gmail.com',
        phone: '9876543210',
        surl: '/buyonlineoauth/payments/response',
        furl: '/buyonlineoauth/payments/response',
        udf1: created.applicationNo,
        udf2: 'Online',
        udf3: 'T54',
        udf4: created.proposalNumber,
        udf5: '',
        hash: expectedRequestHash(form.fields, SALT),
      });
      expect(form.fields.hash).toMatch(/^[0-9a-f]{128}$/);
      expect(form.fields.amount).toBe('150000.00');
      const row = await storedPayment(api, form.txnid);
      expect(row).toMatchObject({
        status: 'initiated',
        amount: '150000.00',
        pay_mode: 'Online',
        mihpayid: null,
      });
      expect(row!.payload.request).toEqual(form.fields);
    });

    it('never takes the amount from the browser', async () => {
      const { created } = await payableApplication(api, 150000);
      const form = await initiate(api, created, 'Online', { amount: '1.00', fields: { amount: '1.00' } });
      expect(form.fields.amount).toBe('150000.00');
      expect((await storedPayment(api, form.txnid))!.amount).toBe('150000.00');
    });

    it('a second call while the first is open answers the same transaction (paymentsOpenTransaction.test.ts)', async () => {
      const { created } = await payableApplication(api);
      const first = await initiate(api, created);
      expect(await initiate(api, created)).toEqual(first);
      // Once it has failed, the next call is a new transaction.
      await postGatewayResponse(api, gatewayResponse(first, 'failure', SALT));
      const second = await initiate(api, created);
      expect(second.txnid).not.toBe(first.txnid);
      expect(second.fields.hash).not.toBe(first.fields.hash);
    });

    it('refuses an application whose plan details name no stored quote of its own', async () => {
      // Its journey saved, but no quote named.
      const bare = await createApplication(api);
      await seed(api, bare.applicationNo, `state = state || $2::jsonb`, [journeySaved()]);
      let res = await api.post(
        INITIATE,
        { applicationNumber: bare.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
        { capability: bare.capability },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(NO_QUOTE);

      // Plan details naming another application's quote.
      const other = await payableApplication(api);
      const mine = await createApplication(api);
      await seed(api, mine.applicationNo, `state = state || $2::jsonb`, [
        journeySaved(other.quote.data.quoteNumber),
      ]);
      res = await api.post(
        INITIATE,
        { applicationNumber: mine.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
        { capability: mine.capability },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(NO_QUOTE);
    });

    it('refuses a quote that is not of the premium the plan details say', async () => {
      const { created, quote } = await payableApplication(api, 150000);
      await seed(
        api,
        created.applicationNo,
        `state = jsonb_set(state, '{planDetails,investmentAmount}', '"1,00,000"')`,
      );
      const res = await api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
        { capability: created.capability },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(NO_QUOTE);
      expect(quote.data.quotePlanSectionDetails.installmentPremium).toBe(150000);
    });

    it('refuses a quote of another life, another staff answer or another plan option than the application holds', async () => {
      // A quote the browser made for someone younger (cheaper), or with a staff bonus it was
      // not given, or for another option, never sets the price of this application.
      // Each change keeps the journey's steps valid (a payment starts only then): the quote alone differs.
      const younger = `${Number(HOLDER_DOB.slice(0, 4)) + 5}${HOLDER_DOB.slice(4)}`;
      for (const change of [
        `state = jsonb_set(state, '{basicDetails,policyHolder,dateOfBirth}', '"${younger}"')`,
        `state = jsonb_set(state, '{basicDetails,policyHolder,gender}', '"Female"')`,
        `state = jsonb_set(state, '{planDetails,planOption}', '"T54A"')`,
        `state = jsonb_set(state, '{personalDetails,primary,indiaFirstStaff}', '{"status":"Y","employeer":"Bank of Baroda","employeeCode":"4512"}')`,
      ]) {
        const { created } = await payableApplication(api, 150000);
        await seed(api, created.applicationNo, change);
        const res = await api.post(
          INITIATE,
          { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
          { capability: created.capability },
        );
        expect(res.statusCode, `${change}: ${res.body}`).toBe(422);
        expect(res.json().message).toBe(NO_QUOTE);
      }
    });

    it('offers Bima-ASBA up to the plan’s limit (2,00,000) and refuses it above', async () => {
      const atLimit = await payableApplication(api, 200000);
      const basba = await initiate(api, atLimit.created, 'BASBA');
      expect(basba.action).toBe('/payu-sandbox/basba');
      expect(basba.fields).toMatchObject({ udf2: 'BASBA', amount: '200000.00' });
      expect(basba.fields.hash).toBe(expectedRequestHash(basba.fields, SALT));
      expect((await storedPayment(api, basba.txnid))!.pay_mode).toBe('BASBA');

      const above = await payableApplication(api, 250000);
      const res = await api.post(
        INITIATE,
        { applicationNumber: above.created.applicationNo, payMode: 'BASBA', ...TERMS_ACCEPTED },
        { capability: above.created.capability },
      );
      expect(res.statusCode).toBe(422);
      const message = 'BASBA is available for premiums up to 2,00,000. Please pay online.';
      expect(res.json()).toMatchObject({ message, errors: [{ field: 'payMode', message }] });
      // Online is still open to it.
      expect((await initiate(api, above.created, 'Online')).fields.amount).toBe('250000.00');
    });

    it('refuses without the capability, for an unknown, submitted or expired application, and a bad pay mode', async () => {
      const { created } = await payableApplication(api);
      const body = { applicationNumber: created.applicationNo, payMode: 'Online' };
      const other = await createApplication(api);

      let res = await api.post(INITIATE, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please resume your application to continue.');
      res = await api.post(INITIATE, body, { capability: other.capability });
      expect(res.statusCode).toBe(403);
      res = await api.post(INITIATE, body, { capability: created.capability, token: null });
      expect(res.statusCode).toBe(401);

      const unknown = '6000000001';
      res = await api.post(
        INITIATE,
        { applicationNumber: unknown, payMode: 'Online' },
        { capability: api.app.tokens.issueCapability(unknown, 60) },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Please enter valid application number');

      res = await api.post(INITIATE, { ...body, payMode: 'Cash' }, { capability: created.capability });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'payMode', message: 'Please enter valid pay mode.' }]);

      await seed(api, created.applicationNo, 'policy_start_date = $2::date', [indiaDaysAgo(31)]);
      res = await api.post(INITIATE, body, { capability: created.capability });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('The Application Number has expired. Please start a new application.');

      await seed(api, created.applicationNo, 'journey_flag = true');
      res = await api.post(INITIATE, body, { capability: created.capability });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This application is already submitted.');
    });

    it('refuses an application already paid', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      expect((await postGatewayResponse(api, gatewayResponse(form, 'success', SALT))).statusCode).toBe(303);
      const res = await api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, payMode: 'Online' },
        { capability: created.capability },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ALREADY_PAID);
    });

    it('never puts the salt in its answer', async () => {
      const { created } = await payableApplication(api);
      const res = await api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
        { capability: created.capability },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(SALT);
      expect(JSON.stringify(api.open(res))).not.toContain(SALT);
    });
  });

  describe('POST /buyonlineoauth/payments/response', () => {
    let form: PaymentForm;
    let applicationNumber: string;
    let versionBefore: number;
    const ready = async (payMode: 'Online' | 'BASBA' = 'Online') => {
      const payable = await payableApplication(api);
      form = await initiate(api, payable.created, payMode);
      applicationNumber = payable.created.applicationNo;
      versionBefore = payable.version;
      return payable;
    };

    it('records a success: settles the payment, saves paymentDetails, redirects to payment-success', async () => {
      await ready();
      const fields = gatewayResponse(form, 'success', SALT);
      const res = await postGatewayResponse(api, fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(SUCCESS_PAGE);
      const row = await storedPayment(api, form.txnid);
      expect(row).toMatchObject({
        status: 'success',
        mihpayid: fields.mihpayid,
        mode: 'CC',
        basba_status: null,
      });
      expect(row!.settled_at).not.toBeNull();
      const application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore + 1);
      expect(application.stage).toBe('payment-details');
      expect(application.state.userStage).toBe('payment-details');
      expect(application.state.paymentDetails).toEqual({
        payMode: 'Online',
        status: 'success',
        mihpayid: fields.mihpayid,
        txnid: form.txnid,
        amount: '150000.00',
        mode: 'CC',
        payLater: false,
        error_Message: 'No Error',
        pageName: 'make-payment',
      });
    });

    it('records a failure and sends the visitor back to make-payment with the txnid', async () => {
      await ready();
      const fields = gatewayResponse(form, 'failure', SALT);
      const res = await postGatewayResponse(api, fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(makePaymentPage(form.txnid));
      expect((await storedPayment(api, form.txnid))!.settled_at).toBeNull();
      const application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore + 1);
      expect(application.state.paymentDetails).toMatchObject({
        payMode: 'Online',
        status: 'failure',
        mihpayid: fields.mihpayid,
        txnid: form.txnid,
        payLater: false,
        error_Message: 'Transaction not Authorized',
      });
      expect(application.state.paymentDetails).not.toHaveProperty('basbastatus');
    });

    it('Bima-ASBA: a pending mandate is basbastatus initiated, then success once approved', async () => {
      await ready('BASBA');
      const pending = gatewayResponse(form, 'pending', SALT);
      let res = await postGatewayResponse(api, pending);
      expect(res.headers.location).toBe(SUCCESS_PAGE);
      let application = await storedApplication(api, applicationNumber);
      expect(application.state.paymentDetails).toMatchObject({
        payMode: 'BASBA',
        status: 'pending',
        basbastatus: 'initiated',
        mode: 'UPI',
      });
      expect((await storedPayment(api, form.txnid))!.basba_status).toBe('initiated');

      const approved = gatewayResponse(form, 'success', SALT, { mihpayid: pending.mihpayid! });
      res = await postGatewayResponse(api, approved);
      expect(res.headers.location).toBe(SUCCESS_PAGE);
      application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore + 2);
      expect(application.state.paymentDetails).toMatchObject({
        payMode: 'BASBA',
        status: 'success',
        basbastatus: 'success',
      });
      expect(await storedPayment(api, form.txnid)).toMatchObject({
        status: 'success',
        basba_status: 'success',
      });
    });

    it('Bima-ASBA: a mandate waiting in the UPI app survives a failed second payment and refuses pay later', async () => {
      const payable = await ready('BASBA');
      await postGatewayResponse(api, gatewayResponse(form, 'pending', SALT));
      const online = await initiate(api, payable.created, 'Online');
      const res = await postGatewayResponse(api, gatewayResponse(online, 'failure', SALT));
      expect(res.headers.location).toBe(makePaymentPage(online.txnid));
      let application = await storedApplication(api, applicationNumber);
      expect(application.state.paymentDetails).toMatchObject({
        txnid: form.txnid,
        payMode: 'BASBA',
        basbastatus: 'initiated',
      });
      const later = await api.post(
        '/buyonlineoauth/stages/payment-details',
        {
          applicationNumber,
          version: application.version,
          paymentDetails: { payLater: true, status: 'failure', payMode: 'Online' },
        },
        { capability: payable.created.capability },
      );
      expect(later.statusCode).toBe(409);
      expect(later.json().message).toBe(
        'Your Bima-ASBA mandate for this application is waiting for your approval in your UPI app. Approve it there to complete the payment.',
      );
      // A successful second payment is a payment: it is recorded in the application.
      const paid = await initiate(api, payable.created, 'Online');
      await postGatewayResponse(api, gatewayResponse(paid, 'success', SALT));
      application = await storedApplication(api, applicationNumber);
      expect(application.state.paymentDetails).toMatchObject({ txnid: paid.txnid, status: 'success' });
    });

    it('a paid application keeps its holder and plan: basic and plan details saves are refused', async () => {
      const payable = await ready('Online');
      await postGatewayResponse(api, gatewayResponse(form, 'success', SALT));
      const application = await storedApplication(api, applicationNumber);
      const plan = await api.post(
        '/buyonlineoauth/stages/plan-details',
        {
          applicationNumber,
          version: application.version,
          planDetails: application.state.planDetails,
        },
        { capability: payable.created.capability },
      );
      expect(plan.statusCode).toBe(409);
      expect(plan.json().message).toBe(PAID_JOURNEY);
      const basic = await api.post(
        '/buyonlineoauth/stages/basic-details',
        { applicationNumber, version: application.version, basicDetails: application.state.basicDetails },
        { capability: payable.created.capability },
      );
      expect(basic.statusCode).toBe(409);
      expect(basic.json().message).toBe(PAID_JOURNEY);
      // The proposal's own stages go on after payment.
      const journey = await api.post(
        '/buyonlineoauth/stages/journey-details',
        { applicationNumber, version: application.version, ...proposalSections('journey-details') },
        { capability: payable.created.capability },
      );
      expect(journey.statusCode, journey.body).toBe(200);
    });

    it('a paid application keeps its holder through every other route: journey stages, proposal stages and update-campaign', async () => {
      const payable = await ready('Online');
      await postGatewayResponse(api, gatewayResponse(form, 'success', SALT));
      const application = await storedApplication(api, applicationNumber);
      const stored = application.state.basicDetails as { policyHolder: Record<string, unknown> };
      const another = { ...stored, policyHolder: { ...stored.policyHolder, fullName: 'Suresh Kumar Verma' } };
      const refused =
        'This application is already paid, so its policy holder, insured person and plan can no longer be changed.';
      // A journey stage is refused whole.
      const personal = await api.post(
        '/buyonlineoauth/stages/personal-details',
        {
          applicationNumber,
          version: application.version,
          basicDetails: another,
          personalDetails: application.state.personalDetails,
        },
        { capability: payable.created.capability },
      );
      expect(personal.statusCode).toBe(409);
      expect(personal.json().message).toBe(PAID_JOURNEY);
      const campaign = await api.post(
        '/buyonlineoauth/applications/update-campaign',
        { applicationNumber, version: application.version, basicDetails: another, campaignId: 'C1' },
        { capability: payable.created.capability },
      );
      expect(campaign.statusCode).toBe(409);
      expect(campaign.json().message).toBe(refused);
      expect((await storedApplication(api, applicationNumber)).version).toBe(application.version);
      // A proposal stage saves its own sections only: the holder it carries, another or the
      // same, is not its to save.
      let version = application.version;
      for (const basicDetails of [another, stored]) {
        const res = await api.post(
          '/buyonlineoauth/stages/journey-details',
          { applicationNumber, version, basicDetails, ...proposalSections('journey-details') },
          { capability: payable.created.capability },
        );
        expect(res.statusCode, res.body).toBe(200);
        version = api.open<{ version: number }>(res).version;
      }
      const after = await storedApplication(api, applicationNumber);
      expect(after.state.basicDetails).toEqual(stored);
      expect(after.state.paymentDetails).toMatchObject({ status: 'success' });
    });

    it('a declined mandate goes back to make-payment without a basbastatus', async () => {
      await ready('BASBA');
      const res = await postGatewayResponse(api, gatewayResponse(form, 'failure', SALT));
      expect(res.headers.location).toBe(makePaymentPage(form.txnid));
      const details = (await storedApplication(api, applicationNumber)).state.paymentDetails;
      expect(details).toMatchObject({ payMode: 'BASBA', status: 'failure' });
      expect(details).not.toHaveProperty('basbastatus');
    });

    const expectNothingChanged = async () => {
      const row = await storedPayment(api, form.txnid);
      expect(row).toMatchObject({ status: 'initiated', mihpayid: null, settled_at: null });
      expect(row!.payload.responses).toBeUndefined();
      const application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore);
      expect(application.state.paymentDetails).toBeUndefined();
    };

    it('refuses a status changed after signing (a failure’s hash on a success) with a plain HTML 400', async () => {
      await ready();
      const failure = gatewayResponse(form, 'failure', SALT);
      const res = await postGatewayResponse(api, { ...failure, status: 'success' });
      expectHtml(res, 400);
      expect(res.body).toContain('We could not confirm this payment');
      expect(res.body).not.toContain(SALT);
      await expectNothingChanged();
    });

    it('refuses an answer signed with another salt, or for another merchant key', async () => {
      await ready();
      expectHtml(await postGatewayResponse(api, gatewayResponse(form, 'success', 'not-our-salt')), 400);
      const otherKey = gatewayResponse(form, 'success', SALT, { key: 'someone-else' });
      expectHtml(await postGatewayResponse(api, otherKey), 400);
      const noHash = gatewayResponse(form, 'success', SALT);
      delete noHash.hash;
      expectHtml(await postGatewayResponse(api, noHash), 400);
      await expectNothingChanged();
    });

    it('refuses a tampered amount, even one signed correctly', async () => {
      await ready();
      const signed = gatewayResponse(form, 'success', SALT);
      expectHtml(await postGatewayResponse(api, { ...signed, amount: '1.00' }), 400);
      expectHtml(
        await postGatewayResponse(api, gatewayResponse(form, 'success', SALT, { amount: '1.00' })),
        400,
      );
      expectHtml(
        await postGatewayResponse(api, gatewayResponse(form, 'success', SALT, { udf1: '6000000001' })),
        400,
      );
      expectHtml(
        await postGatewayResponse(api, gatewayResponse(form, 'success', SALT, { udf2: 'BASBA' })),
        400,
      );
      await expectNothingChanged();
      // The same amount written differently is the same amount.
      const res = await postGatewayResponse(
        api,
        gatewayResponse(form, 'success', SALT, { amount: '150000' }),
      );
      expect(res.statusCode).toBe(303);
    });

    it('refuses an unknown txnid, a status it does not know, and a malformed post', async () => {
      await ready();
      const unknown = gatewayResponse(
        { ...form, fields: { ...form.fields, txnid: 'BF00000000000000000000' } },
        'success',
        SALT,
      );
      expectHtml(await postGatewayResponse(api, unknown), 400);
      expectHtml(await postGatewayResponse(api, gatewayResponse(form, 'bounced' as 'success', SALT)), 400);
      const tooLong = gatewayResponse(form, 'success', SALT, { field1: 'x'.repeat(3000) });
      expectHtml(await postGatewayResponse(api, tooLong), 400);
      const repeated = await api.app.inject({
        method: 'POST',
        url: '/buyonlineoauth/payments/response',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${new URLSearchParams(gatewayResponse(form, 'success', SALT)).toString()}&status=failure`,
      });
      expectHtml(repeated, 400);
      const empty = await api.app.inject({
        method: 'POST',
        url: '/buyonlineoauth/payments/response',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(empty.statusCode).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode).toBeLessThan(500);
      await expectNothingChanged();
    });

    it('a replayed answer gives the same outcome and settles once', async () => {
      await ready();
      const fields = gatewayResponse(form, 'success', SALT);
      const first = await postGatewayResponse(api, fields);
      const settled = await storedPayment(api, form.txnid);
      const second = await postGatewayResponse(api, fields);
      expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
      expect(second.headers.location).toBe(first.headers.location);
      const row = await storedPayment(api, form.txnid);
      expect(row!.settled_at).toEqual(settled!.settled_at);
      expect(row!.payload.responses).toHaveLength(1);
      expect((await storedApplication(api, applicationNumber)).version).toBe(versionBefore + 1);
    });

    it('a failure after a success never reverts it', async () => {
      await ready();
      const success = gatewayResponse(form, 'success', SALT);
      await postGatewayResponse(api, success);
      const res = await postGatewayResponse(api, gatewayResponse(form, 'failure', SALT));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(SUCCESS_PAGE);
      expect(await storedPayment(api, form.txnid)).toMatchObject({
        status: 'success',
        mihpayid: success.mihpayid,
      });
      const application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore + 1);
      expect(application.state.paymentDetails).toMatchObject({
        status: 'success',
        mihpayid: success.mihpayid,
      });
    });

    it('a failure may still turn into a success (the bank confirmed late)', async () => {
      await ready();
      await postGatewayResponse(api, gatewayResponse(form, 'failure', SALT));
      const res = await postGatewayResponse(api, gatewayResponse(form, 'success', SALT));
      expect(res.headers.location).toBe(SUCCESS_PAGE);
      expect((await storedApplication(api, applicationNumber)).state.paymentDetails).toMatchObject({
        status: 'success',
      });
    });

    it('ten concurrent success answers settle exactly one payment and bump the version once', async () => {
      await ready();
      const answers = Array.from({ length: 10 }, () => gatewayResponse(form, 'success', SALT));
      const results = await Promise.all(answers.map((fields) => postGatewayResponse(api, fields)));
      expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(303));
      expect(new Set(results.map((res) => res.headers.location))).toEqual(new Set([SUCCESS_PAGE]));
      const row = await storedPayment(api, form.txnid);
      expect(row!.status).toBe('success');
      expect(row!.payload.responses).toHaveLength(1);
      expect(answers.map((a) => a.mihpayid)).toContain(row!.mihpayid);
      const { rows } = await api.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE application_number = $1 AND status = 'success'`,
        [applicationNumber],
      );
      expect(rows[0]!.n).toBe(1);
      const application = await storedApplication(api, applicationNumber);
      expect(application.version).toBe(versionBefore + 1);
      expect((application.state.paymentDetails as { mihpayid: string }).mihpayid).toBe(row!.mihpayid);
    });

    it('a mihpayid is recorded once: another payment reusing it is refused', async () => {
      await ready();
      const first = gatewayResponse(form, 'success', SALT);
      await postGatewayResponse(api, first);
      await ready();
      const reused = gatewayResponse(form, 'success', SALT, { mihpayid: first.mihpayid! });
      expectHtml(await postGatewayResponse(api, reused), 400);
      await expectNothingChanged();
    });

    it('needs no Bearer token: it is the gateway’s browser post', async () => {
      await ready();
      const res = await postGatewayResponse(api, gatewayResponse(form, 'failure', SALT));
      expect(res.statusCode).toBe(303);
    });
  });

  describe('GET /buyonlineoauth/payments/:txnid', () => {
    it('answers the payment and the application’s paymentDetails to its window only', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      let res = await api.get(`${PAYMENTS}/${form.txnid}`, { capability: created.capability });
      expect(res.statusCode, res.body).toBe(200);
      expect(api.open(res)).toEqual({
        status: '200',
        payment: {
          txnid: form.txnid,
          payMode: 'Online',
          status: 'initiated',
          mihpayid: null,
          amount: '150000.00',
          error_Message: null,
          basbastatus: null,
          mode: null,
        },
        paymentDetails: null,
        userStage: 'personal-details',
      });

      const fields = gatewayResponse(form, 'failure', SALT);
      await postGatewayResponse(api, fields);
      res = await api.get(`${PAYMENTS}/${form.txnid}`, { capability: created.capability });
      const answer = api.open<Record<string, Record<string, unknown>>>(res);
      expect(answer.payment).toMatchObject({
        status: 'failure',
        mihpayid: fields.mihpayid,
        error_Message: 'Transaction not Authorized',
        mode: 'CC',
      });
      expect(answer.paymentDetails).toMatchObject({ status: 'failure', txnid: form.txnid });
      expect(answer.userStage).toBe('payment-details');

      const withoutCapability = await api.get(`${PAYMENTS}/${form.txnid}`);
      const someoneElse = await api.get(`${PAYMENTS}/${form.txnid}`, {
        capability: (await createApplication(api)).capability,
      });
      const unknown = await api.get(`${PAYMENTS}/BF00000000000000000000`, { capability: created.capability });
      for (const refused of [withoutCapability, someoneElse, unknown]) {
        expect(refused.statusCode).toBe(404);
        expect(refused.json().message).toBe(UNKNOWN_PAYMENT);
      }
      expect(someoneElse.body).toBe(unknown.body);
      const malformed = await api.get(`${PAYMENTS}/not-a-txnid!`, { capability: created.capability });
      expect(malformed.statusCode).toBe(400);
      expect((await api.get(`${PAYMENTS}/${form.txnid}`, { token: null })).statusCode).toBe(401);
    });
  });

  describe('pay later through POST /buyonlineoauth/stages/payment-details', () => {
    const save = (
      created: { applicationNo: string; capability: string },
      version: number,
      paymentDetails: object,
    ) =>
      api.post(
        '/buyonlineoauth/stages/payment-details',
        { applicationNumber: created.applicationNo, version, planCode: 'T54', paymentDetails },
        { capability: created.capability },
      );
    const PAY_LATER = { payMode: 'Online', payLater: true, status: 'failure', pageName: 'make-payment' };

    it('records pay later', async () => {
      const { created, version } = await payableApplication(api);
      const res = await save(created, version, PAY_LATER);
      expect(res.statusCode, res.body).toBe(200);
      expect(api.open(res)).toEqual({ status: '200', version: version + 1 });
      const application = await storedApplication(api, created.applicationNo);
      expect(application.state.paymentDetails).toEqual(PAY_LATER);
      expect(application.state.userStage).toBe('payment-details');
    });

    it.each([
      ['status', { status: 'success' }],
      ['mihpayid', { mihpayid: '403993715531077182' }],
      ['basbastatus', { basbastatus: 'success' }],
      ['amount', { amount: '150000.00' }],
      ['payLater', { payLater: false }],
    ])('refuses a browser-sent %s with 422 and changes nothing', async (field, change) => {
      const { created, version } = await payableApplication(api);
      const res = await save(created, version, { ...PAY_LATER, ...change });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual({
        field: `paymentDetails.${field}`,
        message: 'Only Pay Later can be saved here; payments are recorded from the payment gateway.',
      });
      const application = await storedApplication(api, created.applicationNo);
      expect(application.version).toBe(version);
      expect(application.state.paymentDetails).toBeUndefined();
    });

    it('never overwrites a settled payment', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      await postGatewayResponse(api, gatewayResponse(form, 'success', SALT));
      const paid = await storedApplication(api, created.applicationNo);
      // Neither with the stored version nor an older one.
      for (const version of [paid.version, paid.version - 1]) {
        const res = await save(created, version, PAY_LATER);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ALREADY_PAID);
      }
      const after = await storedApplication(api, created.applicationNo);
      expect(after.version).toBe(paid.version);
      expect(after.state.paymentDetails).toMatchObject({ status: 'success', payLater: false });
    });

    it('a pay later after a failed payment is accepted', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      await postGatewayResponse(api, gatewayResponse(form, 'failure', SALT));
      const failed = await storedApplication(api, created.applicationNo);
      const res = await save(created, failed.version, PAY_LATER);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('quotes priced without an application cannot be paid for', async () => {
    const created = await createApplication(api);
    // Of the very life and inputs the application holds, but priced without naming it.
    const loose = await createQuote(
      api,
      quoteBody(
        { InstallmentPremiumAmount: 150000, AnnualPremiumAmount: 150000, AnnuityFor: 'Single' },
        { DOB: HOLDER_DOB },
      ),
    );
    await seed(api, created.applicationNo, `state = state || $2::jsonb`, [
      journeySaved(loose.data.quoteNumber),
    ]);
    const res = await api.post(
      INITIATE,
      { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(NO_QUOTE);
    // The same quote priced for the application is paid for.
    const own = await createQuote(
      api,
      quoteBody(
        { InstallmentPremiumAmount: 150000, AnnualPremiumAmount: 150000, AnnuityFor: 'Single' },
        { DOB: HOLDER_DOB },
        { ApplicationNumber: created.applicationNo },
      ),
      created.capability,
    );
    await seed(api, created.applicationNo, `state = state || $2::jsonb`, [
      journeySaved(own.data.quoteNumber),
    ]);
    expect((await initiate(api, created)).fields.amount).toBe('150000.00');
  });
});
