import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_DEFAULTS, SANDBOX_PAYMENT } from '../../../src/server/config.ts';
import {
  expectedRequestHash,
  expectedResponseHash,
  expectHtml,
  formOf,
  formPost,
  initiate,
  makePaymentPage,
  payableApplication,
  postGatewayResponse,
  storedApplication,
  SUCCESS_PAGE,
  type PaymentForm,
} from './paymentsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The built-in sandbox gateway, end to end through the server: the journey's form is posted
 * to the sandbox, a tester's choice comes back as PayU's signed answer, and that answer is
 * what the response route records.
 */
const SALT = SANDBOX_PAYMENT.salt;
const ONLINE = '/payu-sandbox/_payment';
const BASBA = '/payu-sandbox/basba';

describe.each(DATABASES)('sandbox gateway ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const payable = async (payMode: 'Online' | 'BASBA') => {
    const { created } = await payableApplication(api, 150000);
    return { created, form: await initiate(api, created, payMode) };
  };

  /** The hosted page for a journey form, then the tester's choice; answers the return page's form. */
  async function choose(form: PaymentForm, outcome: string, vpa?: string) {
    const page = await formPost(api, form.action, form.fields);
    expectHtml(page, 200);
    const hosted = formOf(page.body);
    const chosen = await formPost(api, hosted.action, { ...hosted.fields, outcome, ...(vpa ? { vpa } : {}) });
    expectHtml(chosen, 200);
    return formOf(chosen.body);
  }

  describe('online', () => {
    it('shows the merchant, product, amount in Indian grouping and txnid, with Success and Failure', async () => {
      const { form } = await payable('Online');
      const res = await formPost(api, ONLINE, form.fields);
      expectHtml(res, 200);
      for (const text of [
        'Bimaflow Life Insurance Company Limited',
        'Guaranteed Pension Plan',
        '₹1,50,000.00',
        form.txnid,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<button type="submit" name="outcome" value="success">Success</button>',
        'value="failure" class="danger">Failure</button>',
        'Test payments only',
      ]) {
        expect(res.body).toContain(text);
      }
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain(SALT);
      expect(res.body).not.toMatch(/<script(?![^>]*src=)/);
      // The form carries the journey's fields, hash included, to the complete step.
      expect(formOf(res.body)).toEqual({ action: `${ONLINE}/complete`, fields: form.fields });
    });

    it('checks the request hash: a changed amount or a forged hash is refused', async () => {
      const { form } = await payable('Online');
      let res = await formPost(api, ONLINE, { ...form.fields, amount: '1.00' });
      expectHtml(res, 400);
      expect(res.body).toContain('Transaction failed due to incorrectly calculated hash parameter');
      const forged: Record<string, string> = { ...form.fields, amount: '1.00' };
      forged.hash = expectedRequestHash(forged, 'guessed-salt');
      expectHtml(await formPost(api, ONLINE, forged), 400);
      res = await formPost(api, ONLINE, { ...form.fields, key: 'other-merchant' });
      expectHtml(res, 400);
      expect(res.body).toContain('Invalid merchant key');
      const { surl: _surl, ...withoutSurl } = form.fields;
      res = await formPost(api, ONLINE, withoutSurl);
      expectHtml(res, 400);
      expect(res.body).toContain('Mandatory parameter missing: surl');
      // The complete step checks the carried form again.
      res = await formPost(api, `${ONLINE}/complete`, { ...form.fields, amount: '1.00', outcome: 'success' });
      expectHtml(res, 400);
    });

    it('escapes what it shows', async () => {
      const fields: Record<string, string> = {
        key: SANDBOX_PAYMENT.key,
        txnid: 'T1',
        amount: '10.00',
        productinfo: '<img src=x onerror=alert(1)>',
        firstname: 'Asha "Q"',
        email: 'a@b.in',
        phone: '9876543210',
        surl: 'https://merchant.example/ok',
        furl: 'https://merchant.example/ko',
        udf1: '',
        udf2: '',
        udf3: '',
        udf4: '',
        udf5: '',
      };
      fields.hash = expectedRequestHash(fields, SALT);
      const res = await formPost(api, ONLINE, fields);
      expectHtml(res, 200);
      expect(res.body).not.toContain('<img src=x');
      expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(res.body).toContain('Asha &quot;Q&quot;');
      // A return address that is not a web address is refused.
      const bad: Record<string, string> = { ...fields, surl: 'javascript:alert(1)' };
      bad.hash = expectedRequestHash(bad, SALT);
      expectHtml(await formPost(api, ONLINE, bad), 400);
    });

    it('Success answers PayU’s signed fields, posted back by a script file or Continue; the journey records it', async () => {
      const { created, form } = await payable('Online');
      const page = await formPost(api, ONLINE, form.fields);
      const hosted = formOf(page.body);
      const res = await formPost(api, hosted.action, { ...hosted.fields, outcome: 'success' });
      expectHtml(res, 200);
      expect(res.body).toContain('<script src="/payu-sandbox/autosubmit.js" defer></script>');
      expect(res.body).toContain('data-autosubmit');
      expect(res.body).toContain('<button type="submit">Continue</button>');
      const answer = formOf(res.body);
      expect(answer.action).toBe(form.fields.surl);
      expect(answer.fields).toMatchObject({
        status: 'success',
        mode: 'CC',
        key: form.fields.key,
        txnid: form.txnid,
        amount: '150000.00',
        udf1: created.applicationNo,
        udf2: 'Online',
        error_Message: 'No Error',
        mihpayid: expect.stringMatching(/^[0-9]{10,}$/),
      });
      expect(answer.fields.hash).toBe(expectedResponseHash(answer.fields, SALT));

      const recorded = await postGatewayResponse(api, answer.fields);
      expect(recorded.statusCode).toBe(303);
      expect(recorded.headers.location).toBe(SUCCESS_PAGE);
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        status: 'success',
        mihpayid: answer.fields.mihpayid,
        mode: 'CC',
      });
    });

    it('Failure answers “Transaction not Authorized” to furl; the journey sends the visitor back to pay', async () => {
      const { created, form } = await payable('Online');
      const answer = await choose(form, 'failure');
      expect(answer.action).toBe(form.fields.furl);
      expect(answer.fields).toMatchObject({ status: 'failure', error_Message: 'Transaction not Authorized' });
      const recorded = await postGatewayResponse(api, answer.fields);
      expect(recorded.headers.location).toBe(makePaymentPage(form.txnid));
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        status: 'failure',
        error_Message: 'Transaction not Authorized',
      });
    });

    it('each answer has its own numeric mihpayid', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        const { form } = await payable('Online');
        ids.add((await choose(form, 'failure')).fields.mihpayid!);
      }
      expect(ids.size).toBe(3);
    });

    it('serves the auto-submit script as a file', async () => {
      const res = await api.app.inject({ method: 'GET', url: '/payu-sandbox/autosubmit.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.body).toContain("document.querySelector('form[data-autosubmit]')");
      expect(res.body).toContain('form.submit()');
      // The CSP allows it (script-src 'self'), and lets forms post to the gateway and back to us.
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      const formAction = /form-action ([^;]*)/.exec(csp)?.[1];
      if (formAction !== undefined) expect(formAction.split(' ')).toContain("'self'");
    });
  });

  describe('Bima-ASBA', () => {
    it('shows the mandate page with a labelled UPI ID field and its three actions', async () => {
      const { form } = await payable('BASBA');
      expect(form.action).toBe(BASBA);
      const res = await formPost(api, BASBA, form.fields);
      expectHtml(res, 200);
      for (const text of [
        'Approve a Bima-ASBA mandate',
        'blocks ₹1,50,000.00 in your bank account',
        '<label for="vpa">UPI ID (VPA)</label>',
        'id="vpa" name="vpa"',
        'pattern="',
        '>Approve mandate</button>',
        '>Approve later in UPI app</button>',
        'formnovalidate>Decline</button>',
        form.txnid,
      ]) {
        expect(res.body).toContain(text);
      }
      expect(formOf(res.body).action).toBe(`${BASBA}/complete`);
    });

    it('refuses a UPI ID that is not name@bank, with the message on the field', async () => {
      const { form } = await payable('BASBA');
      const hosted = formOf((await formPost(api, BASBA, form.fields)).body);
      for (const vpa of ['', 'ravi', 'ravi@', '@okaxis', 'ravi@ok axis', 'ravi@1bank']) {
        const res = await formPost(api, hosted.action, { ...hosted.fields, outcome: 'approve', vpa });
        expectHtml(res, 422);
        expect(res.body).toContain('Please enter a valid UPI ID, like name@bank.');
        expect(res.body).toContain('aria-invalid="true"');
        expect(res.body).toContain('aria-describedby="vpa-hint vpa-error"');
      }
    });

    it('Approve mandate: status success, basbastatus success, mode UPI', async () => {
      const { created, form } = await payable('BASBA');
      const answer = await choose(form, 'approve', 'ravi.kumar@okaxis');
      expect(answer.fields).toMatchObject({ status: 'success', mode: 'UPI', udf2: 'BASBA' });
      expect(answer.fields.hash).toBe(expectedResponseHash(answer.fields, SALT));
      const recorded = await postGatewayResponse(api, answer.fields);
      expect(recorded.headers.location).toBe(SUCCESS_PAGE);
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        payMode: 'BASBA',
        status: 'success',
        basbastatus: 'success',
        mode: 'UPI',
      });
    });

    it('Approve later in UPI app: pending, basbastatus initiated, still payment-success', async () => {
      const { created, form } = await payable('BASBA');
      const answer = await choose(form, 'later', 'ravi@ybl');
      expect(answer.fields.status).toBe('pending');
      const recorded = await postGatewayResponse(api, answer.fields);
      expect(recorded.headers.location).toBe(SUCCESS_PAGE);
      expect((await storedApplication(api, created.applicationNo)).state.paymentDetails).toMatchObject({
        status: 'pending',
        basbastatus: 'initiated',
      });
    });

    it('Decline needs no UPI ID and goes back to make-payment', async () => {
      const { created, form } = await payable('BASBA');
      const answer = await choose(form, 'decline');
      expect(answer.fields).toMatchObject({ status: 'failure', error_Message: 'Transaction not Authorized' });
      const recorded = await postGatewayResponse(api, answer.fields);
      expect(recorded.headers.location).toBe(makePaymentPage(form.txnid));
      const details = (await storedApplication(api, created.applicationNo)).state.paymentDetails;
      expect(details).toMatchObject({ payMode: 'BASBA', status: 'failure' });
      expect(details).not.toHaveProperty('basbastatus');
    });
  });
});

describe('with a real gateway configured', () => {
  let api: TestApi;
  const payment = {
    ...PAYMENT_DEFAULTS,
    gatewayUrl: 'https://test.payu.in/_payment',
    basbaGatewayUrl: 'https://test.payu.in/_payment',
    verifyUrl: 'https://test.payu.in/merchant/postservice.php?form=2',
    key: 'gtKFFx',
    salt: 'real-merchant-salt-4R9',
    publicBaseUrl: 'https://buy.bimaflow.in',
    sandbox: false,
    reconcile: false,
  };
  beforeAll(async () => {
    api = await createTestApi(DATABASES[0]!, { payment });
  });
  afterAll(() => api.close());

  it('signs with the configured key and salt and returns to the public address', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    expect(form.action).toBe('https://test.payu.in/_payment');
    expect(form.fields).toMatchObject({
      key: 'gtKFFx',
      surl: 'https://buy.bimaflow.in/buyonlineoauth/payments/response',
      furl: 'https://buy.bimaflow.in/buyonlineoauth/payments/response',
    });
    expect(form.fields.hash).toBe(expectedRequestHash(form.fields, payment.salt));
    expect(JSON.stringify(form)).not.toContain(payment.salt);
  });

  it('serves no sandbox', async () => {
    const { created } = await payableApplication(api);
    const form = await initiate(api, created);
    const res = await formPost(api, ONLINE, form.fields);
    expect(res.statusCode).toBe(404);
  });
});
