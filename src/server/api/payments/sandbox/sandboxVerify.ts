import type { PaymentConfig } from '../../../config.ts';
import { sameHash } from '../payuProtocol.ts';
import { commandHash, VERIFY_COMMAND } from '../verifyProtocol.ts';
import type { SandboxRecord } from './sandboxStore.ts';

/*
 * The sandbox's verify_payment, answered as PayU answers it (postservice.php?form=2), from
 * what the sandbox recorded. PayU answers HTTP 200 with `status: 0` and a `msg` when it refuses
 * a call (a wrong hash, an unknown command), and so does the sandbox.
 */

export interface VerifyCall {
  key?: unknown;
  command?: unknown;
  var1?: unknown;
  hash?: unknown;
}

/** The txnids of a well-signed verify_payment call for our merchant; a refusal's message otherwise. */
export function verifyCallTxnids(call: VerifyCall, config: PaymentConfig): string[] | { refusal: string } {
  const { key, command, var1, hash } = call;
  if (typeof key !== 'string' || typeof command !== 'string' || typeof var1 !== 'string') {
    return { refusal: 'Parameter missing' };
  }
  if (key !== config.key) return { refusal: 'Invalid key' };
  if (typeof hash !== 'string' || !sameHash(hash, commandHash(key, command, var1, config.salt))) {
    return { refusal: 'Invalid Hash.' };
  }
  if (command !== VERIFY_COMMAND) return { refusal: 'Invalid command' };
  const txnids = var1.split('|').filter(Boolean);
  return txnids.length ? txnids : { refusal: 'Parameter missing' };
}

/** 'yyyy-mm-dd hh:mm:ss' in India's time, as PayU writes `addedon`. */
function addedOn(date: Date): string {
  const india = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${india.slice(0, 10)} ${india.slice(11, 19)}`;
}

/** One transaction as PayU's transaction_details shows it. */
function details(record: SandboxRecord | undefined): Record<string, string> {
  if (!record) return { mihpayid: 'Not Found', status: 'Not Found' };
  const { form } = record;
  const answer = record.answer ?? {};
  const settled = record.answer !== null;
  return {
    mihpayid: answer.mihpayid ?? 'Not Found',
    request_id: '',
    bank_ref_num: answer.bank_ref_num ?? '',
    amt: form.amount,
    transaction_amount: form.amount,
    txnid: form.txnid,
    additional_charges: '0.00',
    productinfo: form.productinfo,
    firstname: form.firstname,
    bankcode: answer.bankcode ?? '',
    udf1: form.udf1,
    udf2: form.udf2,
    udf3: form.udf3,
    udf4: form.udf4,
    udf5: form.udf5,
    field9: answer.field9 ?? '',
    error_code: answer.error ?? '',
    addedon: addedOn(record.createdAt),
    payment_source: 'payu',
    error_Message: answer.error_Message ?? '',
    net_amount_debit: record.status === 'success' ? form.amount : '0',
    disc: '0.00',
    mode: answer.mode ?? '',
    status: settled ? (answer.status ?? record.status) : 'pending',
    unmappedstatus: settled ? (answer.unmappedstatus ?? '') : 'in progress',
  };
}

/** PayU's verify_payment answer for the txnids asked about. */
export function verifyAnswer(txnids: readonly string[], records: Map<string, SandboxRecord>) {
  const found = txnids.filter((txnid) => records.has(txnid)).length;
  return {
    status: found ? 1 : 0,
    msg: `${found} out of ${txnids.length} Transactions Fetched Successfully`,
    transaction_details: Object.fromEntries(txnids.map((txnid) => [txnid, details(records.get(txnid))])),
  };
}
