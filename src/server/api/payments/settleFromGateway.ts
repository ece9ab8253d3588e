import type { Db } from '../../db/Db.ts';
import type { Payment } from './paymentRepository.ts';
import { settlePayment, SettlementRefusal, type Settlement } from './settlePayment.ts';
import { underWay, type GatewayTransaction } from './verifyProtocol.ts';

/**
 * Records what verify_payment says of one of our payments, as a browser-brought answer is
 * recorded (settlePayment: once, a success final, an extra capture a refund due). Nothing is
 * recorded for a transaction the gateway does not know or whose checkout is still under way
 * (undefined). An answer about another amount, application or pay mode than the recorded
 * payment's is refused (SettlementRefusal), like a browser-brought one.
 */
export async function settleFromGateway(
  db: Db,
  payment: Payment,
  transaction: GatewayTransaction,
): Promise<Settlement | undefined> {
  if (!transaction.found || underWay(transaction)) return undefined;
  if (transaction.amount !== payment.amount) {
    throw new SettlementRefusal(`verified amount ${transaction.amount} is not the order's ${payment.amount}`);
  }
  if (transaction.applicationNumber !== payment.applicationNumber) {
    throw new SettlementRefusal('verified udf1 is not the payment’s application');
  }
  if (transaction.payMode !== payment.payMode) {
    throw new SettlementRefusal('verified udf2 is not the payment’s pay mode');
  }
  return settlePayment(db, {
    txnid: payment.txnid,
    status: transaction.status,
    mihpayid: transaction.mihpayid,
    mode: transaction.mode,
    errorMessage: transaction.errorMessage,
    fields: { ...transaction.fields, source: 'verify_payment' },
  });
}
