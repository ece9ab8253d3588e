import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import { readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { termsVersion, type TermsWording } from '../../../src/shared/termsVersion.ts';
import {
  createApplication,
  HOLDER_DOB,
  personalDetailsOf,
  planDetailsOf,
  type CreatedApplication,
} from './applicationsFixtures.ts';
import { createQuote, quoteBody, type QuoteAnswerBody } from './quotesFixtures.ts';
import type { TestApi } from './testApp.ts';

/*
 * Test helpers of the payments tests. The hashes are computed here from PayU's documented
 * formulas, independently of the server's code, so a wrong field order fails the tests.
 */
export const INITIATE = '/buyonlineoauth/payments/initiate';
export const RESPONSE = '/buyonlineoauth/payments/response';
export const PAYMENTS = '/buyonlineoauth/payments';
export const SUCCESS_PAGE = '/retirement-plans/guaranteed-pension-plan/proposal#/payment-success';
export const makePaymentPage = (txnid: string) =>
  `/retirement-plans/guaranteed-pension-plan/make-payment?txnid=${txnid}`;

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT) */
export function expectedRequestHash(f: Record<string, string>, salt: string): string {
  return sha512(
    `${f.key}|${f.txnid}|${f.amount}|${f.productinfo}|${f.firstname}|${f.email}|${f.udf1}|${f.udf2}|${f.udf3}|${f.udf4}|${f.udf5}||||||${salt}`,
  );
}

/** sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key) */
export function expectedResponseHash(f: Record<string, string>, salt: string): string {
  return sha512(
    `${salt}|${f.status}||||||${f.udf5 ?? ''}|${f.udf4 ?? ''}|${f.udf3 ?? ''}|${f.udf2 ?? ''}|${f.udf1 ?? ''}|${f.email}|${f.firstname}|${f.productinfo}|${f.amount}|${f.txnid}|${f.key}`,
  );
}

export interface PaymentForm {
  status: string;
  txnid: string;
  action: string;
  method: string;
  fields: Record<string, string>;
}

export interface PayableApplication {
  created: CreatedApplication;
  quote: QuoteAnswerBody;
  /** The application's version after its plan details were saved. */
  version: number;
}

/** An application with a stored quote of `premium` a year, named by its saved plan details. */
export async function payableApplication(api: TestApi, premium = 150000): Promise<PayableApplication> {
  const created = await createApplication(api);
  const quote = await createQuote(
    api,
    quoteBody(
      // As the journey asks: the holder's life and every input the plan's quote reads
      // (plan.json quote.planSection) are what the application holds, or the payment would
      // not take this quote.
      { InstallmentPremiumAmount: premium, AnnualPremiumAmount: premium, AnnuityFor: 'Single' },
      { DOB: HOLDER_DOB },
      { ApplicationNumber: created.applicationNo },
    ),
    created.capability,
  );
  const res = await api.post(
    '/buyonlineoauth/stages/plan-details',
    {
      applicationNumber: created.applicationNo,
      version: created.version,
      planDetails: planDetailsOf({
        investmentAmount: indianGrouping(premium),
        premiumPayingTerm: 10,
        planOption: 'T54C',
        quoteNumber: quote.data.quoteNumber,
        response: quote.data.quotePlanSectionDetails,
      }),
    },
    { capability: created.capability },
  );
  expect(res.statusCode, res.body).toBe(200);
  // The step before review (T54's additional details) saved too: a payment starts only then.
  const personal = await api.post(
    '/buyonlineoauth/stages/personal-details',
    {
      applicationNumber: created.applicationNo,
      version: api.open<{ version: number }>(res).version,
      personalDetails: personalDetailsOf(),
    },
    { capability: created.capability },
  );
  expect(personal.statusCode, personal.body).toBe(200);
  return { created, quote, version: api.open<{ version: number }>(personal).version };
}

const T54_FILES = readPlanFiles('T54');
const T54_TERMS = (
  T54_FILES[(T54_FILES['plan.json'] as { content: string }).content] as { termsAndConditions: TermsWording }
).termsAndConditions;

/** What review sends with a payment: the terms accepted, of the wording shown (T54's). */
export const TERMS_ACCEPTED = { termsAccepted: true, termsVersion: termsVersion(T54_TERMS) } as const;

export async function initiate(
  api: TestApi,
  created: CreatedApplication,
  payMode: 'Online' | 'BASBA' = 'Online',
  extra: Record<string, unknown> = {},
): Promise<PaymentForm> {
  const res = await api.post(
    INITIATE,
    { applicationNumber: created.applicationNo, payMode, ...TERMS_ACCEPTED, ...extra },
    { capability: created.capability },
  );
  expect(res.statusCode, res.body).toBe(200);
  return api.open<PaymentForm>(res);
}

/** The fields PayU would post back for this form and status, signed with `salt`. */
export function gatewayResponse(
  form: PaymentForm,
  status: 'success' | 'failure' | 'pending',
  salt: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const f = form.fields;
  const fields: Record<string, string> = {
    mihpayid: String(20_000_000_000 + Math.floor(Math.random() * 1_000_000_000)),
    mode: f.udf2 === 'BASBA' ? 'UPI' : 'CC',
    status,
    unmappedstatus: status === 'success' ? 'captured' : status === 'failure' ? 'failed' : 'pending',
    key: f.key!,
    txnid: f.txnid!,
    amount: f.amount!,
    productinfo: f.productinfo!,
    firstname: f.firstname!,
    email: f.email!,
    phone: f.phone!,
    udf1: f.udf1!,
    udf2: f.udf2!,
    udf3: f.udf3!,
    udf4: f.udf4!,
    udf5: f.udf5!,
    error: status === 'failure' ? 'E308' : 'E000',
    error_Message: status === 'failure' ? 'Transaction not Authorized' : 'No Error',
    bank_ref_num: status === 'success' ? '123456789' : '',
    ...overrides,
  };
  fields.hash = overrides.hash ?? expectedResponseHash(fields, salt);
  return fields;
}

/** The browser's form post of the gateway's answer (no Bearer: a navigation). */
export function postGatewayResponse(api: TestApi, fields: Record<string, string>) {
  return formPost(api, RESPONSE, fields);
}

export function formPost(api: TestApi, url: string, fields: Record<string, string>) {
  return api.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** A page's form: its action and every named input's value, as the browser would post them. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!);
  }
  return { action: unescape(action), fields };
}

export async function storedPayment(api: TestApi, txnid: string) {
  const { rows } = await api.app.db.query<{
    status: string;
    mihpayid: string | null;
    amount: string;
    pay_mode: string;
    mode: string | null;
    basba_status: string | null;
    settled_at: Date | null;
    payload: { request: Record<string, string>; responses?: unknown[] };
  }>(
    `SELECT status, mihpayid, amount::text AS amount, pay_mode, mode, basba_status, settled_at, payload
     FROM payments WHERE txnid = $1`,
    [txnid],
  );
  return rows[0];
}

export async function storedApplication(api: TestApi, applicationNumber: string) {
  const { rows } = await api.app.db.query<{ state: Record<string, unknown>; stage: string; version: number }>(
    'SELECT state, stage, version FROM applications WHERE application_number = $1',
    [applicationNumber],
  );
  return rows[0]!;
}

export function expectHtml(res: LightMyRequestResponse, statusCode: number) {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toMatch(/^<!doctype html>/);
}

export const WEBHOOK = '/buyonlineoauth/payments/webhook';
export const ADMIN_REFUNDS = '/buyonlineoauth/admin/refunds';

/** The gateway's server-to-server notification (PayU's webhook posts the surl fields, urlencoded). */
export function postNotification(api: TestApi, fields: Record<string, string>) {
  return api.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * What the sandbox gateway records of a transaction when its answer never reached us (neither
 * the browser's post nor the notification): as if the tester had chosen on its page.
 */
export async function gatewayRecords(
  api: TestApi,
  form: PaymentForm,
  status: 'success' | 'failure' | 'pending',
  answer: Record<string, string> = gatewayResponse(form, status, api.config.payment.salt),
) {
  await api.app.db.query(
    `INSERT INTO payu_sandbox_transactions (txnid, kind, status, form, answer)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
     ON CONFLICT (txnid) DO UPDATE SET status = $3, answer = $5::jsonb`,
    [
      form.txnid,
      form.fields.udf2 === 'BASBA' ? 'basba' : 'online',
      status,
      JSON.stringify(form.fields),
      JSON.stringify(answer),
    ],
  );
  return answer;
}

/** Makes a transaction `minutes` older (the gateway's session and reconciliation count from its start). */
export async function age(api: TestApi, txnid: string, minutes: number) {
  await api.app.db.query(
    `UPDATE payments SET created_at = created_at - make_interval(mins => $2) WHERE txnid = $1`,
    [txnid, minutes],
  );
}

export async function paymentsOf(api: TestApi, applicationNumber: string) {
  const { rows } = await api.app.db.query<{
    txnid: string;
    status: string;
    pay_mode: string;
    mihpayid: string | null;
    abandoned_at: Date | null;
    abandon_reason: string | null;
  }>(
    `SELECT txnid, status, pay_mode, mihpayid, abandoned_at, abandon_reason FROM payments
     WHERE application_number = $1 ORDER BY id`,
    [applicationNumber],
  );
  return rows;
}

export async function refundsOf(api: TestApi, applicationNumber: string) {
  const { rows } = await api.app.db.query<{
    txnid: string;
    mihpayid: string | null;
    amount: string;
    kept_txnid: string;
    state: string;
    reason: string;
  }>(
    `SELECT txnid, mihpayid, amount::text AS amount, kept_txnid, state, reason FROM refunds
     WHERE application_number = $1 ORDER BY id`,
    [applicationNumber],
  );
  return rows;
}
