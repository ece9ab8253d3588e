import type { PaymentConfig } from '../../config.ts';
import { ResponseRefusal } from '../payments/gatewayResponse.ts';
import { MANDATE_KIND, mandateResponseHash, UMRN_PATTERN } from '../payments/mandateProtocol.ts';
import { normalisedAmount, sameHash } from '../payments/payuProtocol.ts';
import type { Mandate } from './mandateRepository.ts';

/** The gateway's mandate answer as the browser posts it: text fields (repeated ones are refused). */
export type MandateResponseBody = Record<string, unknown>;

/** A verified answer about one of our mandates. */
export interface MandateOutcome {
  mandateId: string;
  status: 'success' | 'failure';
  /** Set when registered. */
  umrn: string | null;
  errorMessage: string | null;
  /** Every field the gateway sent (the hash included), kept with the mandate. */
  fields: Record<string, string>;
}

export interface VerifiedMandateResponse {
  /** '12345.00' */
  amount: string;
  applicationNumber: string;
  outcome: MandateOutcome;
}

/**
 * Checks a mandate answer on its own: our merchant key, the mandate's reverse hash (the UMRN
 * leading PayU's reverse hash, with the configured salt) compared in constant time, a mandate
 * kind in udf2, a known status, and a UMRN when registered. Nothing unsigned decides anything.
 */
export function verifyMandateResponse(
  body: MandateResponseBody,
  config: PaymentConfig,
): VerifiedMandateResponse {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new ResponseRefusal(`field ${name} is not text`);
    fields[name] = value;
  }
  const { key, txnid, status, amount, hash } = fields;
  if (!key || !txnid || !status || !amount || !hash) throw new ResponseRefusal('a required field is missing');
  if (key !== config.key) throw new ResponseRefusal('the merchant key is not ours');
  const umrn = fields.umrn ?? '';
  const expected = mandateResponseHash(
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
      umrn,
    },
    config.salt,
  );
  if (!sameHash(hash, expected)) throw new ResponseRefusal('the mandate reverse hash does not match');
  if (fields.udf2 !== MANDATE_KIND) throw new ResponseRefusal('udf2 is not a mandate');
  if (status !== 'success' && status !== 'failure') throw new ResponseRefusal(`unknown status ${status}`);
  if (status === 'success' && !new RegExp(UMRN_PATTERN).test(umrn)) {
    throw new ResponseRefusal('a registered mandate without a UMRN');
  }
  const normalised = normalisedAmount(amount);
  if (!normalised) throw new ResponseRefusal(`amount ${amount} is not an amount`);
  return {
    amount: normalised,
    applicationNumber: fields.udf1 ?? '',
    outcome: {
      mandateId: txnid,
      status,
      umrn: status === 'success' ? umrn : null,
      errorMessage: status === 'failure' ? (fields.error_Message ?? null) : null,
      fields,
    },
  };
}

/** The answer must be about our mandate as we recorded it: same maximum amount and application. */
export function assertMatchesMandate(
  response: VerifiedMandateResponse,
  mandate: Mandate | undefined,
): Mandate {
  if (!mandate) throw new ResponseRefusal(`unknown mandate ${response.outcome.mandateId}`);
  if (response.amount !== mandate.maxAmount) {
    throw new ResponseRefusal(`amount ${response.amount} is not the mandate's ${mandate.maxAmount}`);
  }
  if (response.applicationNumber !== mandate.applicationNumber) {
    throw new ResponseRefusal('udf1 is not the mandate’s application');
  }
  return mandate;
}
