import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import {
  ADMIN_REFUNDS,
  age,
  gatewayRecords,
  gatewayResponse,
  initiate,
  INITIATE,
  payableApplication,
  paymentsOf,
  postGatewayResponse,
  refundsOf,
  storedApplication,
  storedPayment,
  SUCCESS_PAGE,
  TERMS_ACCEPTED,
  type PaymentForm,
} from './paymentsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Issue 19, item 9: one open transaction per application, and every capture beyond an
 * application's first success recorded as a refund due that operations can list.
 */
const SALT = SANDBOX_PAYMENT.salt;
const ALREADY_PAID = 'This application is already paid.';

describe.each(DATABASES)('one open transaction per application ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  it('a second start while one is open answers the open one: the same txnid and the same signed form', async () => {
    const { created } = await payableApplication(api);
    const first = await initiate(api, created);
    const second = await initiate(api, created);
    expect(second).toEqual(first);
    expect(await paymentsOf(api, created.applicationNo)).toHaveLength(1);
  });

  it('ten starts at once open one transaction', async () => {
    const { created } = await payableApplication(api);
    const forms = await Promise.all(Array.from({ length: 10 }, () => initiate(api, created)));
    expect(new Set(forms.map((form) => form.txnid)).size).toBe(1);
    expect(new Set(forms.map((form) => form.fields.hash)).size).toBe(1);
    const rows = await paymentsOf(api, created.applicationNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'initiated', abandoned_at: null });
  });

  it('a start after the gateway’s checkout session abandons the open one and opens another', async () => {
    const { created } = await payableApplication(api);
    const first = await initiate(api, created);
    await age(api, first.txnid, 16);
    const second = await initiate(api, created);
    expect(second.txnid).not.toBe(first.txnid);
    const [old, current] = await paymentsOf(api, created.applicationNo);
    // The gateway's record stays as it was; we only stop offering it.
    expect(old).toMatchObject({ txnid: first.txnid, status: 'initiated' });
    expect(old!.abandoned_at).not.toBeNull();
    expect(old!.abandon_reason).toBe('The gateway’s checkout session (15 minutes) ran out.');
    expect(current).toMatchObject({ txnid: second.txnid, status: 'initiated', abandoned_at: null });
    // A pending transaction (the bank or the UPI app is confirming) is not abandoned by age.
    await postGatewayResponse(api, gatewayResponse(second, 'pending', SALT));
    await age(api, second.txnid, 60);
    expect((await initiate(api, created)).txnid).toBe(second.txnid);
  });

  it('asks the gateway first: a success the browser never brought back is recorded, and the start refused', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    const answer = await gatewayRecords(api, form, 'success');
    const res = await api.post(
      INITIATE,
      { applicationNumber: created.applicationNo, payMode: 'Online', ...TERMS_ACCEPTED },
      { capability: created.capability },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ALREADY_PAID);
    expect(await storedPayment(api, form.txnid)).toMatchObject({
      status: 'success',
      mihpayid: answer.mihpayid,
    });
    expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
      txnid: form.txnid,
      status: 'success',
    });
    expect(await paymentsOf(api, created.applicationNo)).toHaveLength(1);
  });

  it('a failure at the gateway closes the open one: the next start is a new transaction', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    await gatewayRecords(api, form, 'failure');
    const next = await initiate(api, created);
    expect(next.txnid).not.toBe(form.txnid);
    expect((await storedPayment(api, form.txnid))!.status).toBe('failure');
  });

  it('a switch of pay mode abandons the open one, a waiting Bima-ASBA mandate included', async () => {
    const { created } = await payableApplication(api);
    const online = await initiate(api, created, 'Online');
    const basba = await initiate(api, created, 'BASBA');
    expect(basba.txnid).not.toBe(online.txnid);
    expect(basba.action).toBe(SANDBOX_PAYMENT.basbaGatewayUrl);
    expect(basba.fields.udf2).toBe('BASBA');
    await postGatewayResponse(api, gatewayResponse(basba, 'pending', SALT));
    // The same mode again: the mandate waiting in the UPI app is answered again.
    expect((await initiate(api, created, 'BASBA')).txnid).toBe(basba.txnid);
    const again = await initiate(api, created, 'Online');
    const rows = await paymentsOf(api, created.applicationNo);
    expect(rows.map((row) => [row.txnid, row.status, row.abandon_reason])).toEqual([
      [online.txnid, 'initiated', 'The buyer chose to pay by Bima-ASBA instead.'],
      [basba.txnid, 'pending', 'The buyer chose to pay online instead.'],
      [again.txnid, 'initiated', null],
    ]);
  });

  it('a form that would be signed differently now (the holder’s details changed) is not offered again', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    await api.app.db.query(
      `UPDATE payments SET payload = jsonb_set(payload, '{request,firstname}', '"Suresh"') WHERE txnid = $1`,
      [form.txnid],
    );
    const next = await initiate(api, created);
    expect(next.txnid).not.toBe(form.txnid);
    expect(next.fields.firstname).toBe('Ramesh');
    expect((await paymentsOf(api, created.applicationNo))[0]!.abandon_reason).toBe(
      'What it was signed for (the amount or the holder’s details) has changed.',
    );
  });

  describe('captures beyond the first success', () => {
    /** `count` transactions of one application, each abandoned by its session before the next. */
    async function transactions(count: number) {
      const payable = await payableApplication(api);
      const forms: PaymentForm[] = [];
      for (let i = 0; i < count; i += 1) {
        const form = await initiate(api, payable.created);
        forms.push(form);
        await age(api, form.txnid, 16);
      }
      return { ...payable, forms };
    }

    it('ten transactions each succeeding: one pays the application, nine are refunds due, none a second charge', async () => {
      const { created, version, forms } = await transactions(10);
      expect(new Set(forms.map((form) => form.txnid)).size).toBe(10);
      const answers = forms.map((form) => gatewayResponse(form, 'success', SALT));
      const results = await Promise.all(answers.map((fields) => postGatewayResponse(api, fields)));
      expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(303));
      expect(new Set(results.map((res) => res.headers.location))).toEqual(new Set([SUCCESS_PAGE]));

      const application = await storedApplication(api, created.applicationNo);
      expect(application.version).toBe(version + 1);
      const kept = (application.state.paymentDetails as { txnid: string }).txnid;
      expect(forms.map((form) => form.txnid)).toContain(kept);
      // Each payment row keeps the gateway's answer.
      const rows = await paymentsOf(api, created.applicationNo);
      expect(rows.map((row) => row.status)).toEqual(Array(10).fill('success'));
      const refunds = await refundsOf(api, created.applicationNo);
      expect(refunds).toHaveLength(9);
      expect(refunds.map((refund) => refund.txnid).sort()).toEqual(
        forms
          .map((form) => form.txnid)
          .filter((txnid) => txnid !== kept)
          .sort(),
      );
      for (const refund of refunds) {
        expect(refund).toMatchObject({
          kept_txnid: kept,
          state: 'due',
          amount: '150000.00',
          reason: `The application was already paid by transaction ${kept}; refund this capture.`,
        });
        expect(refund.mihpayid).toBe(answers.find((fields) => fields.txnid === refund.txnid)!.mihpayid);
      }
      // Replays change nothing.
      await Promise.all(answers.map((fields) => postGatewayResponse(api, fields)));
      expect(await refundsOf(api, created.applicationNo)).toHaveLength(9);
      expect((await storedApplication(api, created.applicationNo)).version).toBe(version + 1);
    });

    it('a mandate approved after an online payment is a block to release; the application keeps the online payment', async () => {
      const { created } = await payableApplication(api);
      const basba = await initiate(api, created, 'BASBA');
      await postGatewayResponse(api, gatewayResponse(basba, 'pending', SALT));
      const online = await initiate(api, created, 'Online');
      await postGatewayResponse(api, gatewayResponse(online, 'success', SALT));
      await postGatewayResponse(api, gatewayResponse(basba, 'success', SALT));
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        txnid: online.txnid,
        payMode: 'Online',
        status: 'success',
      });
      expect(await storedPayment(api, basba.txnid)).toMatchObject({
        status: 'success',
        basba_status: 'success',
      });
      expect(await refundsOf(api, created.applicationNo)).toEqual([
        expect.objectContaining({
          txnid: basba.txnid,
          kept_txnid: online.txnid,
          state: 'due',
          reason: `The application was already paid by transaction ${online.txnid}; release this Bima-ASBA mandate's block.`,
        }),
      ]);
    });
  });

  describe(`GET ${ADMIN_REFUNDS}`, () => {
    it('lists the refunds due to a service client, newest first, by state and application', async () => {
      const { created } = await payableApplication(api);
      const first = await initiate(api, created);
      await age(api, first.txnid, 16);
      const second = await initiate(api, created);
      await postGatewayResponse(api, gatewayResponse(first, 'success', SALT));
      const extra = gatewayResponse(second, 'success', SALT);
      await postGatewayResponse(api, extra);

      const service = await api.token('service');
      const res = await api.get(`${ADMIN_REFUNDS}?applicationNumber=${created.applicationNo}`, {
        token: service,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: '200',
        items: [
          {
            id: expect.any(String),
            applicationNumber: created.applicationNo,
            txnid: second.txnid,
            mihpayid: extra.mihpayid,
            payMode: 'Online',
            amount: '150000.00',
            keptTxnid: first.txnid,
            reason: `The application was already paid by transaction ${first.txnid}; refund this capture.`,
            state: 'due',
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
          },
        ],
      });
      const due = await api.get(`${ADMIN_REFUNDS}?state=due&limit=500`, { token: service });
      expect(due.json().items.map((item: { txnid: string }) => item.txnid)).toContain(second.txnid);
      const refunded = await api.get(`${ADMIN_REFUNDS}?state=refunded`, { token: service });
      expect(refunded.json().items).toEqual([]);
    });

    it('refuses a journey token, no token, and a bad filter in plain words', async () => {
      expect((await api.get(ADMIN_REFUNDS)).statusCode).toBe(403);
      expect((await api.get(ADMIN_REFUNDS, { token: null })).statusCode).toBe(401);
      const service = await api.token('service');
      const state = await api.get(`${ADMIN_REFUNDS}?state=owed`, { token: service });
      expect(state.statusCode).toBe(400);
      expect(state.json().message).toBe('Please enter valid state: due, requested, refunded or failed.');
      const application = await api.get(`${ADMIN_REFUNDS}?applicationNumber=12`, { token: service });
      expect(application.statusCode).toBe(400);
      expect(application.json().message).toBe('Please enter valid application number.');
      const limit = await api.get(`${ADMIN_REFUNDS}?limit=501`, { token: service });
      expect(limit.statusCode).toBe(400);
      expect(limit.json().message).toBe('Please enter valid limit.');
    });
  });
});
