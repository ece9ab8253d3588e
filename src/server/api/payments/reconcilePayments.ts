import type { FastifyBaseLogger } from 'fastify';
import type { PaymentConfig } from '../../config.ts';
import type { Db } from '../../db/Db.ts';
import { GatewayUnavailable, type GatewayVerifier } from './gatewayVerifier.ts';
import { createPaymentRepository, type Payment } from './paymentRepository.ts';
import { settleFromGateway } from './settleFromGateway.ts';
import { SettlementRefusal } from './settlePayment.ts';
import { VERIFY_BATCH } from './verifyProtocol.ts';

export interface ReconcileOptions {
  db: Db;
  verifier: GatewayVerifier;
  config: Pick<PaymentConfig, 'sessionMinutes' | 'reconcileAfterMinutes' | 'reconcileMaxAgeDays'>;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Transactions one run asks about at most. */
  limit?: number;
}

export interface ReconcileResult {
  /** Transactions asked about. */
  checked: number;
  /** Of those, the ones whose record changed. */
  settled: number;
  /** Of those, the extra captures recorded as refunds due. */
  refunds: number;
  /** Transactions abandoned because the gateway never saw them within their checkout session. */
  abandoned: number;
  /** Whether the gateway could not be asked (nothing was changed). */
  unavailable: boolean;
}

const MINUTE = 60_000;

/**
 * Settles what the browser never brought back: asks verify_payment about transactions the
 * gateway has not settled ('initiated' or 'pending', abandoned or not) once they are
 * `reconcileAfterMinutes` old, again after as long, until `reconcileMaxAgeDays`, and records
 * each answer as the browser's would be (settleFromGateway). A transaction the gateway never
 * saw within its checkout session is abandoned, so the buyer's next start is a new one.
 * Idempotent: several instances may run it at once; a settlement is recorded once.
 */
export async function reconcilePayments(options: ReconcileOptions): Promise<ReconcileResult> {
  const { db, verifier, config, now, log } = options;
  const payments = createPaymentRepository(db);
  const result: ReconcileResult = { checked: 0, settled: 0, refunds: 0, abandoned: 0, unavailable: false };
  const after = config.reconcileAfterMinutes * MINUTE;
  const due = await payments.listUnsettled({
    createdBefore: new Date(now.getTime() - after),
    createdAfter: new Date(now.getTime() - config.reconcileMaxAgeDays * 24 * 60 * MINUTE),
    checkedBefore: new Date(now.getTime() - after),
    limit: options.limit ?? VERIFY_BATCH,
  });
  for (let start = 0; start < due.length; start += VERIFY_BATCH) {
    const batch = due.slice(start, start + VERIFY_BATCH);
    let answers;
    try {
      answers = await verifier.verify(batch.map((payment) => payment.txnid));
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      log?.warn({ reason: error.message }, 'payment reconciliation: the gateway did not answer');
      result.unavailable = true;
      return result;
    }
    for (const payment of batch) {
      await reconcileOne(payment, answers.get(payment.txnid), options, result);
    }
  }
  return result;
}

async function reconcileOne(
  payment: Payment,
  transaction: Parameters<typeof settleFromGateway>[2] | undefined,
  { db, config, now, log }: ReconcileOptions,
  result: ReconcileResult,
): Promise<void> {
  const payments = createPaymentRepository(db);
  result.checked += 1;
  if (transaction) {
    try {
      const settlement = await settleFromGateway(db, payment, transaction);
      if (settlement?.changed) {
        result.settled += 1;
        if (settlement.refund) result.refunds += 1;
        log?.info(
          { txnid: payment.txnid, status: settlement.payment.status, refund: Boolean(settlement.refund) },
          'payment settled by reconciliation',
        );
      }
    } catch (error) {
      if (!(error instanceof SettlementRefusal)) throw error;
      log?.error({ txnid: payment.txnid, reason: error.message }, 'payment reconciliation refused an answer');
    }
  }
  const sessionOver = now.getTime() - payment.createdAt.getTime() > config.sessionMinutes * MINUTE;
  if (sessionOver && payment.status === 'initiated' && transaction && !transaction.found) {
    if (await payments.abandon(payment.txnid, 'The gateway never saw it within its checkout session.', now)) {
      result.abandoned += 1;
    }
  }
  await payments.markChecked(payment.txnid, now);
}
