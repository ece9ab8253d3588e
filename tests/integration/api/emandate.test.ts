import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import { seed } from './applicationsFixtures.ts';
import {
  expectHtml,
  formOf,
  formPost,
  payableApplication,
  storedApplication,
  type PaymentForm,
} from './paymentsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The renewal e-mandate through the sandbox, end to end: the mandate form the server signs,
 * the sandbox's mandate page and the tester's choice, and the signed answer the server
 * verifies, records once and saves into eMandateDetails.primary. The hashes are computed
 * here from the formulas, independently of the server's code.
 */
const SALT = SANDBOX_PAYMENT.salt;
const INITIATE = '/buyonlineoauth/emandate/initiate';
const RESPONSE = '/buyonlineoauth/emandate/response';
const STATUS = '/buyonlineoauth/emandate/status';
const SANDBOX = '/payu-sandbox/emandate';
const PROPOSAL_HOME = '/retirement-plans/guaranteed-pension-plan/proposal#/';

const NOT_PAID = 'Please pay your first premium before setting up the e-mandate.';
const NO_BANK = 'Please add your bank account first.';

const BANK = {
  accountHolderName: 'Ramesh Kumar Sharma',
  accountNumber: '003101987654321',
  ifsc: 'SBIN0001234',
  accountType: 'Savings',
};

/** As settlePayment records a gateway's success (tests/integration/api/payments*.test.ts test that part). */
const PAID = {
  payMode: 'Online',
  status: 'success',
  mihpayid: '20000000001',
  txnid: 'BFTESTPAID',
  amount: '150000.00',
  mode: 'CC',
  payLater: false,
  error_Message: 'No Error',
  pageName: 'make-payment',
};

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||si_details|beneficiarydetail|SALT) */
const expectedRequestHash = (f: Record<string, string>) =>
  sha512(
    `${f.key}|${f.txnid}|${f.amount}|${f.productinfo}|${f.firstname}|${f.email}|${f.udf1}|${f.udf2}|${f.udf3}|${f.udf4}|${f.udf5}||||||${f.si_details}|${f.beneficiarydetail}|${SALT}`,
  );

/** sha512(umrn|SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key) */
const expectedResponseHash = (f: Record<string, string>, salt = SALT) =>
  sha512(
    `${f.umrn ?? ''}|${salt}|${f.status}||||||${f.udf5}|${f.udf4}|${f.udf3}|${f.udf2}|${f.udf1}|${f.email}|${f.firstname}|${f.productinfo}|${f.amount}|${f.txnid}|${f.key}`,
  );

interface Prepared {
  applicationNumber: string;
  capability: string;
  version: number;
}

describe.each(DATABASES)('renewal e-mandate ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  /** An application with a stored quote (1,50,000 a year for 10 years), paid or not, with or without a bank account. */
  async function prepare({
    paymentDetails = PAID as Record<string, unknown> | null,
    bank = BANK as Record<string, unknown> | null,
    stage = 'payment-details',
  } = {}): Promise<Prepared> {
    const { created } = await payableApplication(api, 150000);
    const patch = {
      userStage: stage,
      ...(paymentDetails ? { paymentDetails } : {}),
      ...(bank ? { bankDetails: { primary: bank } } : {}),
    };
    await seed(api, created.applicationNo, 'state = state || $2::jsonb, stage = $3', [
      JSON.stringify(patch),
      stage,
    ]);
    const { version } = await storedApplication(api, created.applicationNo);
    return { applicationNumber: created.applicationNo, capability: created.capability, version };
  }

  const initiateRequest = (p: Prepared, body: Record<string, unknown> = {}, capability = p.capability) =>
    api.post(
      INITIATE,
      { applicationNumber: p.applicationNumber, version: p.version, ...body },
      { capability },
    );

  async function initiate(p: Prepared): Promise<PaymentForm & { mandateId: string }> {
    const res = await initiateRequest(p);
    expect(res.statusCode, res.body).toBe(200);
    return api.open(res);
  }

  /** The sandbox's page for the form, then the tester's choice: the answer's form as the browser would post it. */
  async function choose(form: PaymentForm, outcome: 'approve' | 'reject') {
    const page = await formPost(api, form.action, form.fields);
    expectHtml(page, 200);
    const hosted = formOf(page.body);
    const answered = await formPost(api, hosted.action, { ...hosted.fields, outcome });
    expectHtml(answered, 200);
    return formOf(answered.body);
  }

  const storedMandate = async (mandateId: string) =>
    (
      await api.app.db.query<{
        status: string;
        umrn: string | null;
        max_amount: string;
        frequency: string;
        settled_at: Date | null;
        payload: { responses?: unknown[]; account?: Record<string, string> };
      }>(
        `SELECT status, umrn, max_amount::text AS max_amount, frequency, settled_at, payload
         FROM mandates WHERE mandate_id = $1`,
        [mandateId],
      )
    ).rows[0];

  describe('initiate', () => {
    it('refuses without the application’s capability', async () => {
      const p = await prepare();
      const other = await prepare();
      for (const capability of ['', other.capability]) {
        const res = await initiateRequest(p, {}, capability);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Please resume your application to continue.');
      }
    });

    it('refuses an unpaid application: no payment, pay later, or a Bima-ASBA mandate still waiting', async () => {
      const waiting = { payMode: 'BASBA', status: 'pending', basbastatus: 'initiated', txnid: 'BFWAIT' };
      const payLater = { payLater: true, status: 'failure', payMode: 'Online' };
      for (const paymentDetails of [null, payLater, waiting]) {
        const res = await initiateRequest(await prepare({ paymentDetails }));
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toBe(NOT_PAID);
      }
    });

    it('accepts a Bima-ASBA mandate approved (basbastatus success)', async () => {
      const approved = { payMode: 'BASBA', status: 'success', basbastatus: 'success', txnid: 'BFBASBA' };
      expect((await initiateRequest(await prepare({ paymentDetails: approved }))).statusCode).toBe(200);
    });

    it('refuses a paid application without a bank account, naming what is missing', async () => {
      let res = await initiateRequest(await prepare({ bank: null }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(NO_BANK);
      const { ifsc: _ifsc, ...withoutIfsc } = BANK;
      res = await initiateRequest(await prepare({ bank: { ...withoutIfsc, accountHolderName: ' ' } }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'bankDetails.primary.ifsc', message: NO_BANK },
        { field: 'bankDetails.primary.accountHolderName', message: NO_BANK },
      ]);
    });

    it('refuses a stale window, a submitted application and a plan without renewal premiums', async () => {
      const p = await prepare();
      let res = await initiateRequest(p, { version: p.version - 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This application was updated in another window. Please reload the page to continue.',
      );
      const single = await prepare();
      await api.app.db.query(
        `UPDATE quotes SET response = jsonb_set(response::jsonb,
           '{answer,data,quotePlanSectionDetails,premiumFrequency}', '"Single"')::json
         WHERE application_number = $1`,
        [single.applicationNumber],
      );
      res = await initiateRequest(single);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Your plan has no renewal premiums, so no e-mandate is needed.');
      await seed(api, p.applicationNumber, 'journey_flag = true');
      res = await initiateRequest(p);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This application is already submitted.');
    });

    it('answers a signed mandate form for the sandbox: the instalment as the maximum, yearly for the term', async () => {
      const p = await prepare();
      const form = await initiate(p);
      expect(form).toMatchObject({ status: '200', action: SANDBOX, method: 'POST' });
      expect(form.mandateId).toMatch(/^BFM[0-9A-F]{20}$/);
      const { fields } = form;
      expect(fields).toMatchObject({
        key: SANDBOX_PAYMENT.key,
        txnid: form.mandateId,
        amount: '150000.00',
        firstname: 'Ramesh',
        udf1: p.applicationNumber,
        udf2: 'EMANDATE',
        udf3: 'T54',
        si: '1',
        pg: 'ENACH',
        surl: RESPONSE,
      });
      const { rows } = await api.app.db.query<{ start: string }>(
        "SELECT to_char(policy_start_date, 'YYYY-MM-DD') AS start FROM applications WHERE application_number = $1",
        [p.applicationNumber],
      );
      const start = rows[0]!.start;
      const [year, month, day] = start.split('-');
      expect(JSON.parse(fields.si_details!)).toEqual({
        billingAmount: '150000.00',
        billingCurrency: 'INR',
        billingCycle: 'YEARLY',
        billingInterval: 1,
        paymentStartDate: `${Number(year) + 1}-${month}-${day}`,
        paymentEndDate: `${Number(year) + 9}-${month}-${day}`,
        billingRule: 'MAX',
      });
      expect(JSON.parse(fields.beneficiarydetail!)).toEqual({
        beneficiaryName: BANK.accountHolderName,
        beneficiaryAccountNumber: BANK.accountNumber,
        beneficiaryIfsc: BANK.ifsc,
        beneficiaryAccountType: 'SAVINGS',
      });
      expect(fields.hash).toBe(expectedRequestHash(fields));
      expect(JSON.stringify(form)).not.toContain(SALT);
      expect(await storedMandate(form.mandateId)).toMatchObject({
        status: 'initiated',
        umrn: null,
        max_amount: '150000.00',
        frequency: 'Yearly',
      });
    });
  });

  describe('the sandbox’s mandate page', () => {
    it('shows the account masked, the maximum debit, the frequency, the RBI note, Approve and Reject', async () => {
      const form = await initiate(await prepare());
      const res = await formPost(api, SANDBOX, form.fields);
      expectHtml(res, 200);
      for (const text of [
        'Approve your e-mandate',
        '<dt>Bank account</dt><dd>XXXXXXXXXXX4321</dd>',
        '<dt>IFSC</dt><dd>SBIN0001234</dd>',
        '<dd class="amount">₹1,50,000.00</dd>',
        '<dt>Frequency</dt><dd>Every year</dd>',
        'For renewal premiums up to ₹1,00,000 no extra authentication is needed for each debit.',
        '<button type="submit" name="outcome" value="approve">Approve</button>',
        'value="reject" class="danger">Reject</button>',
      ]) {
        expect(res.body).toContain(text);
      }
      expect(res.body).not.toContain(SALT);
    });

    it('refuses a form whose terms were changed after signing', async () => {
      const form = await initiate(await prepare());
      const terms = { ...JSON.parse(form.fields.si_details!), billingAmount: '999999.00' };
      const res = await formPost(api, SANDBOX, { ...form.fields, si_details: JSON.stringify(terms) });
      expectHtml(res, 400);
      expect(res.body).toContain('Transaction failed due to incorrectly calculated hash parameter');
      // A payment page does not take a mandate form, nor the other way round.
      expectHtml(await formPost(api, '/payu-sandbox/_payment', form.fields), 400);
    });
  });

  describe('the gateway’s answer', () => {
    it('Approve: verified, recorded with a UMRN, eMandateDetails.primary saved, stage on to emandate-details', async () => {
      const p = await prepare();
      const form = await initiate(p);
      const answer = await choose(form, 'approve');
      expect(answer.action).toBe(form.fields.surl);
      expect(answer.fields).toMatchObject({ status: 'success', txnid: form.mandateId, udf2: 'EMANDATE' });
      expect(answer.fields.umrn).toMatch(/^SAND[0-9]{16}$/);
      expect(answer.fields.hash).toBe(expectedResponseHash(answer.fields));

      const res = await formPost(api, RESPONSE, answer.fields);
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe(PROPOSAL_HOME);
      const stored = await storedApplication(api, p.applicationNumber);
      expect(stored.state.eMandateDetails).toEqual({
        primary: {
          choice: 'E-mandate',
          status: 'success',
          umrn: answer.fields.umrn,
          mandateId: form.mandateId,
          maxAmount: 150000,
          limit: 150000,
          frequency: 'Yearly',
        },
      });
      expect(stored.stage).toBe('emandate-details');
      expect(stored.state.userStage).toBe('emandate-details');
      expect(stored.version).toBe(p.version + 1);
      expect(stored.state.paymentDetails).toEqual(PAID);
      const mandate = await storedMandate(form.mandateId);
      expect(mandate).toMatchObject({ status: 'success', umrn: answer.fields.umrn });
      expect(mandate!.settled_at).not.toBeNull();

      // The window sees it; a second mandate on the same account is refused.
      const status = await api.get(`${STATUS}?applicationNumber=${p.applicationNumber}`, {
        capability: p.capability,
      });
      expect(status.statusCode).toBe(200);
      expect(api.open(status)).toEqual({ status: '200', eMandateDetails: stored.state.eMandateDetails });
      expect((await api.get(`${STATUS}?applicationNumber=${p.applicationNumber}`)).statusCode).toBe(403);
      const again = await initiateRequest({ ...p, version: stored.version });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Your e-mandate for this bank account is already registered.');
    });

    it('debits on the day the buyer chose, asked for or saved by the e-mandate step, and keeps the step’s data', async () => {
      const p = await prepare();
      const start = (
        await api.app.db.query<{ start: string }>(
          "SELECT to_char(policy_start_date, 'YYYY-MM-DD') AS start FROM applications WHERE application_number = $1",
          [p.applicationNumber],
        )
      ).rows[0]!.start;
      const onOrAfter = (years: number, day: number) => {
        const due = new Date(
          Date.UTC(
            Number(start.slice(0, 4)) + years,
            Number(start.slice(5, 7)) - 1,
            Number(start.slice(8, 10)),
          ),
        );
        const debit = new Date(
          Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + (day >= due.getUTCDate() ? 0 : 1), day),
        );
        return debit.toISOString().slice(0, 10);
      };
      let res = await initiateRequest(p, { debitDay: 29 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'debitDay', message: 'Please choose a day from 1 to 28' }]);
      res = await initiateRequest(p, { debitDay: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(api.open<PaymentForm>(res).fields.si_details!)).toMatchObject({
        paymentStartDate: onOrAfter(1, 1),
        paymentEndDate: onOrAfter(9, 1),
      });

      const step = { choice: 'E-mandate', debitDay: 28 };
      await seed(api, p.applicationNumber, 'state = state || $2::jsonb', [
        JSON.stringify({ eMandateDetails: { primary: step } }),
      ]);
      const saved = await initiate({
        ...p,
        version: (await storedApplication(api, p.applicationNumber)).version,
      });
      expect(JSON.parse(saved.fields.si_details!).paymentStartDate).toBe(onOrAfter(1, 28));
      expect((await formPost(api, RESPONSE, (await choose(saved, 'approve')).fields)).statusCode).toBe(303);
      expect((await storedApplication(api, p.applicationNumber)).state.eMandateDetails).toEqual({
        primary: expect.objectContaining({
          choice: 'E-mandate',
          debitDay: 28,
          status: 'success',
          limit: 150000,
        }),
      });
    });

    it('never moves the stage back from a later proposal stage, and keeps the rest of eMandateDetails', async () => {
      const p = await prepare({ stage: 'document' });
      await seed(api, p.applicationNumber, `state = state || '{"eMandateDetails": {"note": "kept"}}'::jsonb`);
      const form = await initiate(p);
      const res = await formPost(api, RESPONSE, (await choose(form, 'approve')).fields);
      expect(res.statusCode).toBe(303);
      const stored = await storedApplication(api, p.applicationNumber);
      expect(stored.stage).toBe('document');
      expect(stored.state.userStage).toBe('document');
      expect(stored.state.eMandateDetails).toMatchObject({ note: 'kept', primary: { status: 'success' } });
    });

    it('Reject: recorded as a failure, back to the proposal page, the stage unchanged', async () => {
      const p = await prepare({ stage: 'bank-details' });
      const form = await initiate(p);
      const answer = await choose(form, 'reject');
      expect(answer.action).toBe(form.fields.furl);
      expect(answer.fields).toMatchObject({ status: 'failure', umrn: '' });
      const res = await formPost(api, RESPONSE, answer.fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(PROPOSAL_HOME);
      const stored = await storedApplication(api, p.applicationNumber);
      expect(stored.state.eMandateDetails).toMatchObject({
        primary: { choice: 'E-mandate', status: 'failure', umrn: null, mandateId: form.mandateId },
      });
      expect(stored.stage).toBe('bank-details');
      expect(await storedMandate(form.mandateId)).toMatchObject({ status: 'failure', umrn: null });
      // Rejected, so the buyer may try again.
      expect((await initiateRequest({ ...p, version: stored.version })).statusCode).toBe(200);
    });

    it('a replayed answer changes nothing; copies arriving at once are recorded once', async () => {
      const p = await prepare();
      const form = await initiate(p);
      const answer = await choose(form, 'approve');
      const copies = await Promise.all([1, 2, 3, 4, 5].map(() => formPost(api, RESPONSE, answer.fields)));
      expect(copies.map((res) => res.statusCode)).toEqual([303, 303, 303, 303, 303]);
      const before = await storedApplication(api, p.applicationNumber);
      const mandateBefore = await storedMandate(form.mandateId);
      const replay = await formPost(api, RESPONSE, answer.fields);
      expect(replay.statusCode).toBe(303);
      expect(replay.headers.location).toBe(PROPOSAL_HOME);
      expect(await storedApplication(api, p.applicationNumber)).toEqual(before);
      expect(await storedMandate(form.mandateId)).toEqual(mandateBefore);
      expect(mandateBefore!.payload.responses).toHaveLength(1);
      expect(before.version).toBe(p.version + 1);
      // A rejection arriving after the registration does not undo it.
      const late: Record<string, string> = { ...answer.fields, status: 'failure', umrn: '' };
      late.hash = expectedResponseHash(late);
      expect((await formPost(api, RESPONSE, late)).statusCode).toBe(303);
      expect(await storedMandate(form.mandateId)).toEqual(mandateBefore);
    });

    it('refuses a tampered answer with a plain HTML 400 and records nothing', async () => {
      const p = await prepare();
      const form = await initiate(p);
      const rejected = (await choose(form, 'reject')).fields;
      const approved = (await choose(form, 'approve')).fields;
      const forged: Record<string, string> = { ...approved };
      forged.hash = expectedResponseHash(forged, 'guessed-salt');
      const otherAmount: Record<string, string> = { ...approved, amount: '1.00' };
      otherAmount.hash = expectedResponseHash(otherAmount);
      for (const fields of [
        { ...rejected, status: 'success', umrn: approved.umrn! }, // a rejection's hash on a registration
        { ...approved, umrn: 'SAND0000000000000001' }, // another UMRN than signed
        forged,
        otherAmount, // signed, but not the mandate's amount
        { ...approved, key: 'other-merchant' },
      ]) {
        const res = await formPost(api, RESPONSE, fields);
        expectHtml(res, 400);
        expect(res.body).toContain('We could not confirm this e-mandate');
      }
      expect(await storedMandate(form.mandateId)).toMatchObject({ status: 'initiated', umrn: null });
      expect((await storedApplication(api, p.applicationNumber)).version).toBe(p.version);
    });
  });
});

describe('renewal e-mandate without the sandbox', () => {
  it('is not offered when a real gateway is configured', async () => {
    const kind = DATABASES[0]!;
    const api = await createTestApi(kind, {
      payment: { ...kind.config().payment, sandbox: false },
    });
    try {
      const { created } = await payableApplication(api, 150000);
      await seed(api, created.applicationNo, 'state = state || $2::jsonb', [
        JSON.stringify({ paymentDetails: PAID, bankDetails: { primary: BANK } }),
      ]);
      const { version } = await storedApplication(api, created.applicationNo);
      const res = await api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, version },
        { capability: created.capability },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(/^Setting up an e-mandate is not available at the moment/);
    } finally {
      await api.close();
    }
    // It builds a server and opens a database of its own, as a file's hooks do (60 s there).
  }, 60_000);
});
