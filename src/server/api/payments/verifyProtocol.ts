import { normalisedAmount, sha512, type GatewayStatus } from './payuProtocol.ts';

/*
 * PayU's verify_payment, as PayU documents it: a server-to-server form POST to
 * `postservice.php?form=2` with `key`, `command=verify_payment`, `var1` (one txnid, or several
 * joined by '|') and `hash` = sha512(key|command|var1|SALT). The answer is JSON:
 * `{status: 1, msg: '1 out of 1 Transactions Fetched Successfully', transaction_details:
 * {<txnid>: {mihpayid, status, unmappedstatus, amt, mode, udf1…udf5, error_Message, …}}}`, a
 * txnid PayU never saw being `{mihpayid: 'Not Found', status: 'Not Found'}`. The answer is not
 * signed: it is trusted because we asked the configured address for it.
 */

export const VERIFY_COMMAND = 'verify_payment';

/** Txnids one call asks about at most. */
export const VERIFY_BATCH = 20;

/** sha512(key|command|var1|SALT), lowercase hex. */
export function commandHash(key: string, command: string, var1: string, salt: string): string {
  return sha512([key, command, var1, salt].join('|'));
}

/** The form of one verify_payment call. */
export function verifyForm(key: string, salt: string, txnids: readonly string[]): Record<string, string> {
  const var1 = txnids.join('|');
  return { key, command: VERIFY_COMMAND, var1, hash: commandHash(key, VERIFY_COMMAND, var1, salt) };
}

/** What the gateway says of one transaction. */
export type GatewayTransaction =
  | { txnid: string; found: false }
  | {
      txnid: string;
      found: true;
      /** PayU's status; 'pending' with unmappedstatus 'in progress' or 'initiated' is a checkout not finished. */
      status: GatewayStatus;
      unmappedstatus: string;
      mihpayid: string | null;
      mode: string | null;
      /** '12345.00', or undefined when the gateway's amount is not one. */
      amount: string | undefined;
      applicationNumber: string;
      payMode: string;
      errorMessage: string | null;
      /** Every field the gateway answered, as text. */
      fields: Record<string, string>;
    };

/** Whether the gateway's transaction is a checkout still under way (nothing to record yet). */
export function underWay(transaction: GatewayTransaction): boolean {
  return (
    !transaction.found ||
    (transaction.status === 'pending' && ['in progress', 'initiated'].includes(transaction.unmappedstatus))
  );
}

/** An answer we cannot read: treated as no answer (the gateway is asked again later). */
export class VerifyAnswerRefusal extends Error {}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Reads PayU's verify_payment answer for the txnids asked about; a txnid it does not name is not found. */
export function readVerifyAnswer(
  answer: unknown,
  txnids: readonly string[],
): Map<string, GatewayTransaction> {
  if (!answer || typeof answer !== 'object') throw new VerifyAnswerRefusal('the answer is not JSON');
  const details = (answer as { transaction_details?: unknown }).transaction_details;
  if (details === undefined || details === null || typeof details !== 'object') {
    const message = asText((answer as { msg?: unknown }).msg);
    throw new VerifyAnswerRefusal(`no transaction_details${message ? `: ${message}` : ''}`);
  }
  const result = new Map<string, GatewayTransaction>();
  for (const txnid of txnids) {
    const raw = Object.hasOwn(details, txnid) ? (details as Record<string, unknown>)[txnid] : undefined;
    const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const fields = Object.fromEntries(
      Object.entries(record)
        .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
        .map(([name, value]) => [name, asText(value)]),
    );
    const status = fields.status ?? '';
    if (status !== 'success' && status !== 'failure' && status !== 'pending') {
      result.set(txnid, { txnid, found: false });
      continue;
    }
    const mihpayid = fields.mihpayid?.trim();
    result.set(txnid, {
      txnid,
      found: true,
      status,
      unmappedstatus: fields.unmappedstatus ?? '',
      mihpayid: mihpayid && mihpayid !== 'Not Found' ? mihpayid : null,
      mode: fields.mode?.trim() || null,
      amount: normalisedAmount(fields.amt ?? fields.transaction_amount ?? fields.amount),
      applicationNumber: fields.udf1 ?? '',
      payMode: fields.udf2 ?? '',
      errorMessage: fields.error_Message ?? null,
      fields,
    });
  }
  return result;
}
