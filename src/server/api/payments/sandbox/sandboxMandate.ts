import { randomInt } from 'node:crypto';
import type { PaymentConfig } from '../../../config.ts';
import {
  MANDATE_FIELDS,
  mandateRequestHash,
  mandateResponseHash,
  type BeneficiaryDetail,
  type SiDetails,
} from '../mandateProtocol.ts';
import { normalisedAmount, sameHash } from '../payuProtocol.ts';
import {
  FORM_FIELDS,
  isReturnAddress,
  newMihpayid,
  SandboxRefusal,
  type SandboxAnswer,
} from './sandboxGateway.ts';

/*
 * The sandbox's e-mandate (e-NACH) registration, as a bank's mandate page through PayU: it
 * checks the mandate form's hash (si_details and beneficiarydetail signed before the salt),
 * shows the terms, and answers the tester's choice signed with the mandate's reverse hash,
 * a registered mandate carrying its UMRN. Like the payment pages, it keeps no state.
 */

export const MANDATE_OUTCOMES = ['approve', 'reject'] as const;
export type MandateOutcome = (typeof MANDATE_OUTCOMES)[number];

/** Every field a mandate form carries from page to page. */
export const MANDATE_FORM_FIELDS = [...FORM_FIELDS, ...MANDATE_FIELDS] as const;
export type SandboxMandateForm = Record<(typeof MANDATE_FORM_FIELDS)[number], string>;

/** The mandate fields in a sandbox page's body schema: text of reasonable size (the JSON terms are short). */
export const MANDATE_FIELDS_SCHEMA = Object.fromEntries(
  MANDATE_FIELDS.map((field) => [field, { type: 'string', maxLength: 2000 }]),
);

export interface VerifiedMandateForm {
  form: SandboxMandateForm;
  terms: SiDetails;
  account: BeneficiaryDetail;
}

const REQUIRED = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'surl',
  'furl',
  'si',
  'si_details',
  'beneficiarydetail',
  'hash',
] as const;

function parsed<T>(text: string, field: string, required: readonly (keyof T)[]): T {
  try {
    const value = JSON.parse(text) as T;
    if (value && typeof value === 'object' && required.every((key) => value[key] !== undefined)) return value;
  } catch {
    // refused below
  }
  throw new SandboxRefusal(`Invalid parameter: ${field}`);
}

/** Checks a mandate form as the gateway does: every mandatory field, our key, a real amount, the hash, readable terms. */
export function verifiedMandateForm(
  body: Record<string, unknown>,
  config: PaymentConfig,
): VerifiedMandateForm {
  const form = {} as SandboxMandateForm;
  for (const field of MANDATE_FORM_FIELDS) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'string')
      throw new SandboxRefusal(`Invalid parameter: ${field}`);
    form[field] = value ?? '';
  }
  const missing = REQUIRED.filter((field) => !form[field].trim());
  if (missing.length) throw new SandboxRefusal(`Mandatory parameter missing: ${missing.join(', ')}`);
  if (form.key !== config.key) throw new SandboxRefusal('Invalid merchant key');
  if (form.si !== '1') throw new SandboxRefusal('Invalid parameter: si');
  const amount = normalisedAmount(form.amount);
  if (!amount || Number(amount) <= 0) throw new SandboxRefusal('Invalid amount');
  if (!isReturnAddress(form.surl) || !isReturnAddress(form.furl)) {
    throw new SandboxRefusal('Invalid return address (surl or furl)');
  }
  if (!sameHash(form.hash, mandateRequestHash(form, config.salt))) {
    throw new SandboxRefusal('Transaction failed due to incorrectly calculated hash parameter');
  }
  const terms = parsed<SiDetails>(form.si_details, 'si_details', [
    'billingAmount',
    'billingCycle',
    'billingInterval',
    'paymentStartDate',
    'paymentEndDate',
  ]);
  const account = parsed<BeneficiaryDetail>(form.beneficiarydetail, 'beneficiarydetail', [
    'beneficiaryName',
    'beneficiaryAccountNumber',
    'beneficiaryIfsc',
  ]);
  return { form, terms, account };
}

/** A UMRN as the NPCI issues it, 20 characters: 'SAND' for the sandbox's bank, then 16 digits. */
export function newUmrn(): string {
  const digits = (count: number) => String(randomInt(0, 10 ** count)).padStart(count, '0');
  return `SAND${digits(8)}${digits(8)}`;
}

/** The gateway's answer to a mandate: approved, registered with a UMRN; rejected, a failure. */
export function mandateAnswer(
  { form }: VerifiedMandateForm,
  outcome: MandateOutcome,
  config: PaymentConfig,
): SandboxAnswer {
  const approved = outcome === 'approve';
  const fields: Record<string, string> = {
    mihpayid: newMihpayid(),
    mode: 'ENACH',
    status: approved ? 'success' : 'failure',
    unmappedstatus: approved ? 'captured' : 'failed',
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
    umrn: approved ? newUmrn() : '',
    error: approved ? 'E000' : 'E1605',
    error_Message: approved ? 'No Error' : 'Mandate rejected by the account holder',
    field9: approved ? 'Mandate registered' : 'Mandate rejected by the tester',
  };
  fields.hash = mandateResponseHash(
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
      umrn: fields.umrn,
    },
    config.salt,
  );
  return { action: approved ? form.surl : form.furl, status: approved ? 'success' : 'failure', fields };
}
