import type { FastifyPluginAsync } from 'fastify';
import type { GatewayVerifier } from './gatewayVerifier.ts';
import { reconcilePayments } from './reconcilePayments.ts';
import '../../types.ts';

/** Transactions one run asks about at most (verify_payment takes several per call). */
const RUN_LIMIT = 100;

/**
 * Runs reconcilePayments every `payment.reconcileIntervalMs` while the app is up, when
 * `payment.reconcile` is on (tests switch it off and call reconcilePayments themselves, as the
 * outbox dispatcher's tests do): the timer is unref'd, starts when the app is ready and stops,
 * finishing the run under way, before the app closes its database.
 */
export const paymentReconciler: FastifyPluginAsync<{ verifier: GatewayVerifier }> = async (
  app,
  { verifier },
) => {
  const config = app.serverConfig.payment;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = reconcilePayments({
        db: app.db,
        verifier,
        config,
        now: app.serverConfig.now?.() ?? new Date(),
        log: app.log,
        limit: RUN_LIMIT,
      })
        .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation run failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, config.reconcileIntervalMs);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    if (!config.reconcile) return;
    stopped = false;
    schedule();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
};
