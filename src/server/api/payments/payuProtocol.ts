import { createHash, timingSafeEqual } from 'node:crypto';

/*
 * PayU's hosted-checkout protocol, as PayU documents it: the merchant signs the payment form
 * with a request hash and verifies the gateway's answer with a reverse hash, both SHA-512 of
 * pipe-joined fields ending or starting with the merchant's salt. The salt never leaves the
 * server (ARCHITECTURE principle 5).
 */

/** The fields of the payment form that the request hash covers, in its order. */
export const REQUEST_HASH_FIELDS = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
] as const;

export type RequestHashField = (typeof REQUEST_HASH_FIELDS)[number];
export type PaymentForm = Record<RequestHashField, string> & Record<string, string>;

/** The gateway's answer fields that the reverse hash covers (besides the salt and additional charges). */
export interface ResponseHashFields {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  status: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
  /** Present when the gateway added charges (convenience fees); it then leads the reverse hash. */
  additional_charges?: string;
}

/** udf6 to udf10, which we never use: five empty fields in both hashes. */
const UNUSED_UDFS = ['', '', '', '', ''];

export function sha512(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

/**
 * sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT), lowercase hex.
 * A standing-instruction (e-mandate) form signs its mandate too, before the salt:
 * `…|udf5||||||si_details|beneficiarydetail|SALT`, as PayU documents it.
 */
export function requestHash(
  form: Partial<Record<RequestHashField, string>>,
  salt: string,
  signedBeforeSalt: readonly string[] = [],
): string {
  return sha512(
    [
      ...REQUEST_HASH_FIELDS.map((field) => form[field] ?? ''),
      ...UNUSED_UDFS,
      ...signedBeforeSalt,
      salt,
    ].join('|'),
  );
}

/**
 * sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key),
 * preceded by `additional_charges|` when the gateway sends additional charges.
 */
export function responseHash(fields: ResponseHashFields, salt: string): string {
  const parts = reverseHashParts(fields, salt);
  if (fields.additional_charges) parts.unshift(fields.additional_charges);
  return sha512(parts.join('|'));
}

/** The parts of the reverse hash, SALT|status||||||udf5|…|key, before anything that leads them. */
export function reverseHashParts(fields: ResponseHashFields, salt: string): string[] {
  return [
    salt,
    fields.status,
    ...UNUSED_UDFS,
    fields.udf5 ?? '',
    fields.udf4 ?? '',
    fields.udf3 ?? '',
    fields.udf2 ?? '',
    fields.udf1 ?? '',
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ];
}

/** Whether `given` is `expected` (a lowercase hex digest), compared in constant time. */
export function sameHash(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Rupees as the gateway takes them: '12345.00'. */
export function gatewayAmount(rupees: number | string): string {
  return Number(rupees).toFixed(2);
}

/** An amount as the gateway may send it ('12345', '12345.0', '12345.00') in the form '12345.00'; undefined when it is not one. */
export function normalisedAmount(text: string | number | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined;
  const value = String(text).trim();
  if (!/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(value)) return undefined;
  const [whole, fraction = ''] = value.split('.');
  return `${BigInt(whole!).toString()}.${fraction.padEnd(2, '0')}`;
}

/** The gateway's payment outcomes. */
export const GATEWAY_STATUSES = ['success', 'failure', 'pending'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export function isGatewayStatus(value: unknown): value is GatewayStatus {
  return typeof value === 'string' && (GATEWAY_STATUSES as readonly string[]).includes(value);
}

/** Text PayU accepts in a name or product field and that cannot break the pipe-joined hash. */
export function gatewayText(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\|/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

/** A first name as PayU takes it: letters and single spaces. */
export function gatewayName(value: unknown, maxLength = 60): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[^A-Za-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}
