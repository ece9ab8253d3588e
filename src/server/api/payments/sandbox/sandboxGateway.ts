import { randomInt } from 'node:crypto';
import type { PaymentConfig } from '../../../config.ts';
import { PAYMENT_MESSAGES } from '../paymentMessages.ts';
import {
  normalisedAmount,
  requestHash,
  responseHash,
  sameHash,
  type GatewayStatus,
} from '../payuProtocol.ts';

/*
 * The built-in sandbox plays PayU for the sandbox merchant (its own test key and salt, never
 * a real one: config.ts refuses PAYU_KEY / PAYU_SALT beside it). It checks the payment form's
 * hash as PayU would, lets a tester choose the outcome, and answers with PayU's response
 * fields signed by the reverse hash. It keeps no state: every step carries the original form
 * and re-checks its hash.
 */

/** The fields of a payment form the sandbox takes, as PayU's hosted checkout does. */
export const FORM_FIELDS = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'phone',
  'surl',
  'furl',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
  'hash',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type SandboxForm = Record<FormField, string>;

const REQUIRED: FormField[] = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'phone',
  'surl',
  'furl',
  'hash',
];

/** What a tester can do on each gateway page. */
export const ONLINE_OUTCOMES = ['success', 'failure'] as const;
export const BASBA_OUTCOMES = ['approve', 'later', 'decline'] as const;
export type OnlineOutcome = (typeof ONLINE_OUTCOMES)[number];
export type BasbaOutcome = (typeof BASBA_OUTCOMES)[number];

/** A UPI ID (virtual payment address): name@bank. */
export const VPA_PATTERN = '^[A-Za-z0-9._\\-]{2,256}@[A-Za-z][A-Za-z0-9]{1,64}$';
export const VPA_MESSAGE = 'Please enter a valid UPI ID, like name@bank.';

/** A form the sandbox refuses, in the words of a gateway's error page. */
export class SandboxRefusal extends Error {}

/** A surl/furl a form may post back to: an http(s) address, or a path on this server. */
export function isReturnAddress(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks a payment form as PayU does: every mandatory field, our merchant key, a real amount, the hash. */
export function verifiedForm(body: Record<string, unknown>, config: PaymentConfig): SandboxForm {
  const form = {} as SandboxForm;
  for (const field of FORM_FIELDS) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'string')
      throw new SandboxRefusal(`Invalid parameter: ${field}`);
    form[field] = value ?? '';
  }
  const missing = REQUIRED.filter((field) => !form[field].trim());
  if (missing.length) throw new SandboxRefusal(`Mandatory parameter missing: ${missing.join(', ')}`);
  if (form.key !== config.key) throw new SandboxRefusal('Invalid merchant key');
  const amount = normalisedAmount(form.amount);
  if (!amount || Number(amount) <= 0) throw new SandboxRefusal('Invalid amount');
  if (!isReturnAddress(form.surl) || !isReturnAddress(form.furl)) {
    throw new SandboxRefusal('Invalid return address (surl or furl)');
  }
  if (!sameHash(form.hash, requestHash(form, config.salt))) {
    throw new SandboxRefusal('Transaction failed due to incorrectly calculated hash parameter');
  }
  return form;
}

let mihpayidCounter = 0;

/** A numeric gateway payment id, unique in this process and most unlikely to repeat across processes. */
export function newMihpayid(): string {
  mihpayidCounter = (mihpayidCounter + 1) % 1000;
  return `${Date.now()}${String(mihpayidCounter).padStart(3, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

export interface SandboxAnswer {
  /** Where the visitor's browser posts the answer: surl on success or pending, furl on failure. */
  action: string;
  status: GatewayStatus;
  fields: Record<string, string>;
}

interface Result {
  status: GatewayStatus;
  unmappedstatus: string;
  message: string;
}

const ONLINE_RESULTS: Record<OnlineOutcome, Result> = {
  success: { status: 'success', unmappedstatus: 'captured', message: 'Transaction Completed Successfully' },
  failure: { status: 'failure', unmappedstatus: 'failed', message: 'Transaction declined by the tester' },
};

/** Bima-ASBA: an approved mandate blocks the premium (success); approval still awaited in the UPI app is pending. */
const BASBA_RESULTS: Record<BasbaOutcome, Result> = {
  approve: { status: 'success', unmappedstatus: 'blocked', message: 'Mandate approved: premium blocked' },
  later: {
    status: 'pending',
    unmappedstatus: 'pending',
    message: 'Mandate sent to the UPI app for approval',
  },
  decline: { status: 'failure', unmappedstatus: 'failed', message: 'Mandate declined' },
};

/** PayU's response fields for an outcome, signed with the reverse hash. */
export function gatewayAnswer(
  form: SandboxForm,
  outcome: { online: OnlineOutcome } | { basba: BasbaOutcome; vpa: string },
  config: PaymentConfig,
): SandboxAnswer {
  const online = 'online' in outcome;
  const result = online ? ONLINE_RESULTS[outcome.online] : BASBA_RESULTS[outcome.basba];
  const failed = result.status === 'failure';
  const fields: Record<string, string> = {
    mihpayid: newMihpayid(),
    mode: online ? 'CC' : 'UPI',
    status: result.status,
    unmappedstatus: result.unmappedstatus,
    key: form.key,
    txnid: form.txnid,
    amount: form.amount,
    productinfo: form.productinfo,
    firstname: form.firstname,
    email: form.email,
    phone: form.phone,
    udf1: form.udf1,
    udf2: form.udf2,
    udf3: form.udf3,
    udf4: form.udf4,
    udf5: form.udf5,
    error: failed ? 'E308' : 'E000',
    error_Message: failed ? PAYMENT_MESSAGES.notAuthorized : 'No Error',
    bank_ref_num: failed ? '' : String(randomInt(100_000_000, 1_000_000_000)),
    bankcode: online ? 'CC' : 'UPI',
    field9: result.message,
    ...('vpa' in outcome ? { field3: outcome.vpa } : {}),
  };
  fields.hash = responseHash(
    {
      key: fields.key!,
      txnid: fields.txnid!,
      amount: fields.amount!,
      productinfo: fields.productinfo!,
      firstname: fields.firstname!,
      email: fields.email!,
      status: fields.status!,
      udf1: fields.udf1,
      udf2: fields.udf2,
      udf3: fields.udf3,
      udf4: fields.udf4,
      udf5: fields.udf5,
    },
    config.salt,
  );
  return { action: failed ? form.furl : form.surl, status: result.status, fields };
}
