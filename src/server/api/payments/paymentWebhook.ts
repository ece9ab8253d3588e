import type { FastifyBaseLogger } from 'fastify';
import type { PaymentConfig } from '../../config.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError } from '../../lib/ApiError.ts';
import {
  assertMatchesPayment,
  ResponseRefusal,
  verifyGatewayResponse,
  type GatewayResponseBody,
} from './gatewayResponse.ts';
import { GatewayUnavailable, type GatewayVerifier } from './gatewayVerifier.ts';
import { PAYMENT_MESSAGES } from './paymentMessages.ts';
import type { PaymentRepository, PaymentStatus } from './paymentRepository.ts';
import { settleFromGateway } from './settleFromGateway.ts';
import { SettlementRefusal } from './settlePayment.ts';

/** Where the gateway posts its server-to-server notification (PayU's webhook; the sandbox's too). */
export const PAYMENT_WEBHOOK_PATH = '/buyonlineoauth/payments/webhook';

export interface NotificationAnswer {
  status: '200';
  txnid: string;
  /** The payment as recorded after the gateway's confirmation. */
  paymentStatus: PaymentStatus;
  /** Whether this notification changed the record (false: already recorded, or still under way). */
  recorded: boolean;
  /** A success beyond the application's first: recorded as a refund due. */
  refundDue: boolean;
}

/**
 * The gateway's webhook (PayU posts the same fields as to surl, server to server): the reverse
 * hash and the payment it names are checked as the browser's answer is, then the gateway itself
 * is asked (verify_payment) and its answer — not the notification's fields — is recorded. So a
 * result the browser never brought back is recorded, a Bima-ASBA mandate approved later in the
 * UPI app included; a notification nobody can confirm changes nothing (503: send it again).
 */
export async function receiveNotification(
  deps: { db: Db; payments: PaymentRepository; verifier: GatewayVerifier; config: PaymentConfig },
  body: GatewayResponseBody,
  log: FastifyBaseLogger,
): Promise<NotificationAnswer> {
  let verified;
  try {
    verified = verifyGatewayResponse(body, deps.config);
  } catch (error) {
    if (!(error instanceof ResponseRefusal)) throw error;
    log.warn({ reason: error.message }, 'payment notification refused');
    throw new ApiError(400, PAYMENT_MESSAGES.notificationUnverified);
  }
  const recorded = await deps.payments.findByTxnid(verified.txnid);
  if (!recorded) throw new ApiError(404, PAYMENT_MESSAGES.notificationUnknownPayment);
  try {
    assertMatchesPayment(verified, recorded);
  } catch (error) {
    if (!(error instanceof ResponseRefusal)) throw error;
    log.warn({ txnid: verified.txnid, reason: error.message }, 'payment notification refused');
    throw new ApiError(400, PAYMENT_MESSAGES.notificationUnverified);
  }
  let transaction;
  try {
    transaction = (await deps.verifier.verify([recorded.txnid])).get(recorded.txnid);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    log.warn({ txnid: recorded.txnid, reason: error.message }, 'payment notification not confirmed');
    throw new ApiError(503, PAYMENT_MESSAGES.notificationNotConfirmed);
  }
  if (transaction?.found && transaction.status !== verified.status) {
    log.warn(
      { txnid: recorded.txnid, notified: verified.status, verified: transaction.status },
      'payment notification differs from the gateway’s record: the record is kept',
    );
  }
  let settlement;
  try {
    settlement = transaction ? await settleFromGateway(deps.db, recorded, transaction) : undefined;
  } catch (error) {
    if (!(error instanceof SettlementRefusal)) throw error;
    log.error({ txnid: recorded.txnid, reason: error.message }, 'payment notification refused');
    throw new ApiError(400, PAYMENT_MESSAGES.notificationUnverified);
  }
  const payment = settlement?.payment ?? recorded;
  log.info(
    { txnid: payment.txnid, status: payment.status, changed: Boolean(settlement?.changed) },
    'payment notification recorded',
  );
  return {
    status: '200',
    txnid: payment.txnid,
    paymentStatus: payment.status,
    recorded: Boolean(settlement?.changed),
    refundDue: Boolean(settlement?.refund),
  };
}
