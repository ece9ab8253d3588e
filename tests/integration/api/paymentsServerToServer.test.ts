import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import { createGatewayVerifier } from '../../../src/server/api/payments/gatewayVerifier.ts';
import { reconcilePayments } from '../../../src/server/api/payments/reconcilePayments.ts';
import {
  age,
  formOf,
  formPost,
  gatewayRecords,
  gatewayResponse,
  initiate,
  payableApplication,
  paymentsOf,
  postGatewayResponse,
  postNotification,
  refundsOf,
  storedApplication,
  storedPayment,
  type PaymentForm,
} from './paymentsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Issue 19, item 9: results that never come back through the visitor's browser are recorded
 * server to server — the gateway's notification (confirmed with PayU's verify_payment before
 * anything is recorded) and a reconciliation that asks verify_payment about unsettled
 * transactions — Bima-ASBA mandates approved later in the UPI app included.
 */
const SALT = SANDBOX_PAYMENT.salt;
const KEY = SANDBOX_PAYMENT.key;
const VERIFY = '/payu-sandbox/merchant/postservice.php?form=2';
const UPI_APP = '/payu-sandbox/basba/upi-app';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** PayU's verify_payment call, signed as PayU documents it: sha512(key|command|var1|SALT). */
function verifyCall(api: TestApi, var1: string, { salt = SALT, command = 'verify_payment' } = {}) {
  return api.app.inject({
    method: 'POST',
    url: VERIFY,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      key: KEY,
      command,
      var1,
      hash: sha512(`${KEY}|${command}|${var1}|${salt}`),
    }).toString(),
  });
}

/** The sandbox's hosted page, then the tester's choice: the return page's form (which a test may never post). */
async function choose(api: TestApi, form: PaymentForm, outcome: string, vpa?: string) {
  const hosted = formOf((await formPost(api, form.action, form.fields)).body);
  const chosen = await formPost(api, hosted.action, { ...hosted.fields, outcome, ...(vpa ? { vpa } : {}) });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return formOf(chosen.body);
}

const reconcile = (api: TestApi) =>
  reconcilePayments({
    db: api.app.db,
    verifier: createGatewayVerifier(api.app),
    config: api.config.payment,
    now: new Date(),
  });

describe.each(DATABASES)('payments server to server ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  describe('the sandbox’s verify_payment', () => {
    it('answers as PayU does, from what the sandbox recorded', async () => {
      const { created } = await payableApplication(api);
      const paid = await initiate(api, created);
      const answer = await choose(api, paid, 'success');
      const res = await verifyCall(api, `${paid.txnid}|BF00000000000000000000`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 1,
        msg: '1 out of 2 Transactions Fetched Successfully',
        transaction_details: {
          [paid.txnid]: {
            txnid: paid.txnid,
            mihpayid: answer.fields.mihpayid,
            status: 'success',
            unmappedstatus: 'captured',
            amt: '150000.00',
            mode: 'CC',
            udf1: created.applicationNo,
            udf2: 'Online',
            error_Message: 'No Error',
          },
          BF00000000000000000000: { mihpayid: 'Not Found', status: 'Not Found' },
        },
      });
      expect(body.transaction_details[paid.txnid].addedon).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('a checkout shown but not finished is pending, in progress', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      await formPost(api, form.action, form.fields);
      const details = (await verifyCall(api, form.txnid)).json().transaction_details[form.txnid];
      expect(details).toMatchObject({
        status: 'pending',
        unmappedstatus: 'in progress',
        mihpayid: 'Not Found',
      });
    });

    it('refuses a call with a wrong hash or another command, as PayU does', async () => {
      expect((await verifyCall(api, 'BF1', { salt: 'guessed' })).json()).toEqual({
        status: 0,
        msg: 'Invalid Hash.',
      });
      expect((await verifyCall(api, 'BF1', { command: 'cancel_refund_transaction' })).json()).toEqual({
        status: 0,
        msg: 'Invalid command',
      });
    });

    it('refuses a form of a settled transaction (its txnid cannot be paid again)', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      await choose(api, form, 'failure');
      const again = await formPost(api, form.action, form.fields);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('Duplicate transaction ID: this transaction is already complete');
    });
  });

  describe('POST /buyonlineoauth/payments/webhook', () => {
    it('records a result the browser never brought back: the sandbox notifies before the browser returns', async () => {
      const { created, version } = await payableApplication(api);
      const form = await initiate(api, created);
      const answer = await choose(api, form, 'success');
      // The visitor closed the tab: the return page's form is never posted.
      expect(await storedPayment(api, form.txnid)).toMatchObject({
        status: 'success',
        mihpayid: answer.fields.mihpayid,
        mode: 'CC',
      });
      const application = await storedApplication(api, created.applicationNo);
      expect(application.version).toBe(version + 1);
      expect(application.state.paymentDetails).toMatchObject({ txnid: form.txnid, status: 'success' });
      // The browser's post, if it still comes, is a replay.
      const late = await postGatewayResponse(api, answer.fields);
      expect(late.statusCode).toBe(303);
      expect((await storedApplication(api, created.applicationNo)).version).toBe(version + 1);
    });

    it('Bima-ASBA: a mandate approved later in the UPI app is recorded server to server', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created, 'BASBA');
      const later = await choose(api, form, 'later', 'ravi@ybl');
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        status: 'pending',
        basbastatus: 'initiated',
      });
      const page = await api.app.inject({ method: 'GET', url: `${UPI_APP}/${form.txnid}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Approve your UPI mandate');
      expect(page.body).toContain('₹1,50,000.00');
      const approve = formOf(page.body);
      const done = await formPost(api, approve.action, { outcome: 'approve' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Mandate approved');
      expect(await storedPayment(api, form.txnid)).toMatchObject({
        status: 'success',
        basba_status: 'success',
        mihpayid: later.fields.mihpayid,
      });
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        payMode: 'BASBA',
        status: 'success',
        basbastatus: 'success',
      });
      // Nothing waits in the UPI app any more.
      expect((await api.app.inject({ method: 'GET', url: `${UPI_APP}/${form.txnid}` })).statusCode).toBe(400);
    });

    it('confirms with verify_payment before recording: a well-signed success the gateway does not know changes nothing', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      // Signed with the sandbox's published test salt, but the gateway never saw it paid.
      const res = await postNotification(api, gatewayResponse(form, 'success', SALT));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: '200',
        txnid: form.txnid,
        paymentStatus: 'initiated',
        recorded: false,
        refundDue: false,
      });
      expect(await storedPayment(api, form.txnid)).toMatchObject({ status: 'initiated', mihpayid: null });
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toBeUndefined();
    });

    it('records what the gateway says, not what the notification says', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      const recorded = await gatewayRecords(api, form, 'failure');
      const res = await postNotification(api, gatewayResponse(form, 'success', SALT));
      expect(res.json()).toMatchObject({ paymentStatus: 'failure', recorded: true });
      expect(await storedPayment(api, form.txnid)).toMatchObject({
        status: 'failure',
        mihpayid: recorded.mihpayid,
      });
      // Again: already recorded.
      const again = await postNotification(api, gatewayResponse(form, 'failure', SALT));
      expect(again.json()).toMatchObject({ paymentStatus: 'failure', recorded: false });
    });

    it('a late success of an abandoned transaction, after another paid, is a refund due', async () => {
      const { created } = await payableApplication(api);
      const first = await initiate(api, created);
      await age(api, first.txnid, 16);
      const second = await initiate(api, created);
      await postGatewayResponse(api, gatewayResponse(second, 'success', SALT));
      await gatewayRecords(api, first, 'success');
      const res = await postNotification(api, gatewayResponse(first, 'success', SALT));
      expect(res.json()).toMatchObject({ paymentStatus: 'success', recorded: true, refundDue: true });
      expect(await refundsOf(api, created.applicationNo)).toEqual([
        expect.objectContaining({ txnid: first.txnid, kept_txnid: second.txnid, state: 'due' }),
      ]);
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        txnid: second.txnid,
      });
    });

    it('refuses a notification it cannot verify, in plain words, and changes nothing', async () => {
      const { created } = await payableApplication(api);
      const form = await initiate(api, created);
      const unverified = 'This payment notification could not be verified.';
      const forged = await postNotification(api, gatewayResponse(form, 'success', 'guessed-salt'));
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(unverified);
      const tampered = await postNotification(
        api,
        gatewayResponse(form, 'success', SALT, { amount: '1.00' }),
      );
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json().message).toBe(unverified);
      const unknown = await postNotification(
        api,
        gatewayResponse(
          { ...form, fields: { ...form.fields, txnid: 'BF00000000000000000000' } },
          'success',
          SALT,
        ),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No payment with this transaction id was found.');
      const unreadable = await postNotification(
        api,
        gatewayResponse(form, 'success', SALT, { field1: 'x'.repeat(3000) }),
      );
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().message).toBe('This payment notification could not be read.');
      expect(await storedPayment(api, form.txnid)).toMatchObject({ status: 'initiated' });
    });
  });

  describe('reconciliation', () => {
    it('settles unsettled transactions older than reconcileAfterMinutes from verify_payment, once', async () => {
      const young = await payableApplication(api);
      const youngForm = await initiate(api, young.created);
      await gatewayRecords(api, youngForm, 'success');
      const old = await payableApplication(api);
      const oldForm = await initiate(api, old.created);
      const answer = await gatewayRecords(api, oldForm, 'success');
      await age(api, oldForm.txnid, 20);

      const result = await reconcile(api);
      expect(result.unavailable).toBe(false);
      expect(result.settled).toBeGreaterThanOrEqual(1);
      expect(await storedPayment(api, oldForm.txnid)).toMatchObject({
        status: 'success',
        mihpayid: answer.mihpayid,
      });
      expect((await storedApplication(api, old.created.applicationNo)).state.paymentDetails).toMatchObject({
        txnid: oldForm.txnid,
        status: 'success',
      });
      // Not yet asked about: too young.
      expect((await storedPayment(api, youngForm.txnid))!.status).toBe('initiated');
      // Asked about once per interval: a second run does not ask again.
      const again = await reconcile(api);
      expect(again.settled).toBe(0);
      const { rows } = await api.app.db.query<{ checked_at: Date | null }>(
        'SELECT checked_at FROM payments WHERE txnid = $1',
        [oldForm.txnid],
      );
      expect(rows[0]!.checked_at).not.toBeNull();
    });

    it('records a Bima-ASBA approval nobody told us about, and abandons a transaction the gateway never saw', async () => {
      const mandate = await payableApplication(api);
      const basba = await initiate(api, mandate.created, 'BASBA');
      await postGatewayResponse(api, gatewayResponse(basba, 'pending', SALT));
      await gatewayRecords(api, basba, 'success');
      await age(api, basba.txnid, 20);
      const unseen = await payableApplication(api);
      const lost = await initiate(api, unseen.created);
      await age(api, lost.txnid, 20);

      await reconcile(api);
      expect(
        (await storedApplication(api, mandate.created.applicationNo)).state.paymentDetails,
      ).toMatchObject({
        status: 'success',
        basbastatus: 'success',
      });
      const [row] = await paymentsOf(api, unseen.created.applicationNo);
      expect(row).toMatchObject({ status: 'initiated' });
      expect(row!.abandon_reason).toBe('The gateway never saw it within its checkout session.');
      // The buyer's next start is a new transaction.
      expect((await initiate(api, unseen.created)).txnid).not.toBe(lost.txnid);
    });
  });
});

describe.each(DATABASES)('a gateway that does not answer verify_payment ($name)', (kind) => {
  let api: TestApi;
  let gateway: Server;
  let calls = 0;
  beforeAll(async () => {
    // Takes the call and never answers: the verify call's time limit must end it.
    gateway = createServer(() => {
      calls += 1;
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const base = kind.config();
    api = await createTestApi(kind, {
      payment: {
        ...base.payment,
        verifyUrl: `http://127.0.0.1:${port}/merchant/postservice.php?form=2`,
        verifyTimeoutMs: 200,
      },
    });
  });
  afterAll(async () => {
    await api.close();
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('a second start answers the open one; a notification is 503 to be sent again; reconciliation changes nothing', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    expect((await initiate(api, created)).txnid).toBe(form.txnid);
    expect(calls).toBe(1);

    const res = await postNotification(api, gatewayResponse(form, 'success', SALT));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json().message).toBe(
      'The payment gateway could not confirm this payment just now. Please send the notification again later.',
    );
    await age(api, form.txnid, 20);
    const result = await reconcile(api);
    expect(result).toMatchObject({ unavailable: true, settled: 0 });
    expect(await storedPayment(api, form.txnid)).toMatchObject({ status: 'initiated', mihpayid: null });
  });
});

describe.each(DATABASES)('the reconciliation job ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    const base = kind.config();
    api = await createTestApi(kind, {
      payment: { ...base.payment, reconcile: true, reconcileIntervalMs: 50 },
    });
  });
  afterAll(() => api.close());

  it('runs while the app is up and settles what the browser never brought back', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    const answer = await gatewayRecords(api, form, 'success');
    await age(api, form.txnid, 20);
    await vi.waitFor(async () => expect((await storedPayment(api, form.txnid))!.status).toBe('success'), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await storedPayment(api, form.txnid))!.mihpayid).toBe(answer.mihpayid);
    expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
      txnid: form.txnid,
      status: 'success',
    });
  });
});
