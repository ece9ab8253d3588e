import { PAYMENT_SANDBOX_PREFIX } from '../../config.ts';
import {
  requestHash,
  reverseHashParts,
  sha512,
  type PaymentForm,
  type ResponseHashFields,
} from './payuProtocol.ts';

/*
 * The renewal e-mandate (e-NACH) as the gateway takes it: PayU's standing-instruction
 * registration, a payment form with `si=1`, the mandate's terms in `si_details` and the
 * debited account in `beneficiarydetail`, both signed by the request hash before the salt.
 * The answer names the mandate's UMRN (the NPCI's Unique Mandate Reference Number), which
 * the sandbox signs by leading PayU's reverse hash with it, as additional charges lead a
 * payment's. The salt stays on the server (ARCHITECTURE principle 5).
 */

/** Where the built-in sandbox takes e-mandate registrations. */
export const SANDBOX_EMANDATE_PATH = `${PAYMENT_SANDBOX_PREFIX}emandate`;

/** udf2 of a mandate form: a payment form can never pass for a mandate, nor a mandate for a payment. */
export const MANDATE_KIND = 'EMANDATE';

/** A UMRN: 20 letters and digits (the sandbox's are 'SAND' and 16 digits). */
export const UMRN_PATTERN = '^[A-Z0-9]{20}$';

/** PayU's `si_details`: what each debit may be and when the debits fall. */
export interface SiDetails {
  /** The maximum of one debit, '12345.00'. */
  billingAmount: string;
  billingCurrency: 'INR';
  billingCycle: 'YEARLY' | 'MONTHLY';
  /** Every `billingInterval` cycles: a half-yearly premium is MONTHLY, 6. */
  billingInterval: number;
  /** The first renewal's due date, 'yyyy-mm-dd'. */
  paymentStartDate: string;
  /** The last renewal's due date, 'yyyy-mm-dd'. */
  paymentEndDate: string;
  /** The amount is a maximum: a debit may be less (a lower renewal GST). */
  billingRule: 'MAX';
}

/** PayU's `beneficiarydetail`: the account debited (third-party verification). */
export interface BeneficiaryDetail {
  beneficiaryName: string;
  beneficiaryAccountNumber: string;
  beneficiaryIfsc: string;
  beneficiaryAccountType: string;
}

/** The fields of a mandate form besides PayU's payment fields. */
export const MANDATE_FIELDS = ['si', 'api_version', 'pg', 'si_details', 'beneficiarydetail'] as const;
export type MandateForm = PaymentForm & Record<(typeof MANDATE_FIELDS)[number], string>;

/** The request hash of a mandate form: PayU's, with si_details and beneficiarydetail before the salt. */
export function mandateRequestHash(form: Partial<Record<string, string>>, salt: string): string {
  return requestHash(form, salt, [form.si_details ?? '', form.beneficiarydetail ?? '']);
}

/** sha512(umrn|SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key). */
export function mandateResponseHash(fields: ResponseHashFields & { umrn?: string }, salt: string): string {
  return sha512([fields.umrn ?? '', ...reverseHashParts(fields, salt)].join('|'));
}

/** An account number as a mandate page or a log may show it: the last four characters. */
export function maskedAccount(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'X'.repeat(Math.max(accountNumber.length - 4, 4))}${visible}`;
}
