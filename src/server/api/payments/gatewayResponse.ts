import type { PaymentConfig } from '../../config.ts';
import type { Payment } from './paymentRepository.ts';
import {
  isGatewayStatus,
  normalisedAmount,
  responseHash,
  sameHash,
  type GatewayStatus,
} from './payuProtocol.ts';
import type { GatewayOutcome } from './settlePayment.ts';

/**
 * The gateway's answer as the browser posts it to surl/furl (PayU's response fields). Every
 * value is text; repeated fields are refused. Our Bima-ASBA answers carry the mandate state in
 * `status` (hashed) — basbastatus is derived from it, never read from an unsigned field.
 */
export type GatewayResponseBody = Record<string, unknown>;

/** Why an answer is not recorded; logged, never shown (the visitor sees one plain page). */
export class ResponseRefusal extends Error {}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The hash-verified fields of an answer, before the database is asked anything. */
export interface VerifiedResponse {
  txnid: string;
  status: GatewayStatus;
  /** '12345.00' */
  amount: string;
  applicationNumber: string;
  payMode: string;
  outcome: GatewayOutcome;
}

/**
 * Checks an answer on its own: the merchant key is ours and the reverse hash (PayU's
 * documented order, with the configured salt) matches, compared in constant time. Anything
 * the hash does not cover is never trusted for a decision.
 */
export function verifyGatewayResponse(body: GatewayResponseBody, config: PaymentConfig): VerifiedResponse {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new ResponseRefusal(`field ${name} is not text`);
    fields[name] = value;
  }
  const { key, txnid, status, amount, hash } = fields;
  if (!key || !txnid || !status || !amount || !hash) throw new ResponseRefusal('a required field is missing');
  if (key !== config.key) throw new ResponseRefusal('the merchant key is not ours');
  const expected = responseHash(
    {
      key,
      txnid,
      amount,
      status,
      productinfo: fields.productinfo ?? '',
      firstname: fields.firstname ?? '',
      email: fields.email ?? '',
      udf1: fields.udf1,
      udf2: fields.udf2,
      udf3: fields.udf3,
      udf4: fields.udf4,
      udf5: fields.udf5,
      additional_charges: fields.additional_charges,
    },
    config.salt,
  );
  if (!sameHash(hash, expected)) throw new ResponseRefusal('the reverse hash does not match');
  if (!isGatewayStatus(status)) throw new ResponseRefusal(`unknown status ${status}`);
  const normalised = normalisedAmount(amount);
  if (!normalised) throw new ResponseRefusal(`amount ${amount} is not an amount`);
  return {
    txnid,
    status,
    amount: normalised,
    applicationNumber: fields.udf1 ?? '',
    payMode: fields.udf2 ?? '',
    outcome: {
      txnid,
      status,
      mihpayid: text(fields.mihpayid)?.trim() || null,
      mode: text(fields.mode)?.trim() || null,
      errorMessage: text(fields.error_Message) ?? null,
      fields,
    },
  };
}

/** The answer must be about our payment as we recorded it: same amount, application and pay mode. */
export function assertMatchesPayment(response: VerifiedResponse, payment: Payment | undefined): Payment {
  if (!payment) throw new ResponseRefusal(`unknown txnid ${response.txnid}`);
  if (response.amount !== payment.amount) {
    throw new ResponseRefusal(`amount ${response.amount} is not the order's ${payment.amount}`);
  }
  if (response.applicationNumber !== payment.applicationNumber) {
    throw new ResponseRefusal('udf1 is not the payment’s application');
  }
  if (response.payMode !== payment.payMode) throw new ResponseRefusal('udf2 is not the payment’s pay mode');
  return payment;
}
