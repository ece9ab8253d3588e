import { globalPlugin } from '../lib/globalPlugin.ts';
import { createOutboxDispatcher, type OutboxDispatcher } from './createOutboxDispatcher.ts';
import '../types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the transactional outbox to OUTBOX_WEBHOOK_URL (see docs/api/leads.md). */
    outboxDispatcher: OutboxDispatcher;
  }
}

/**
 * Runs the outbox dispatcher while the app is up: it starts when the app is ready (if
 * `outboxDispatch` is on and a webhook is configured) and stops, finishing the run under
 * way, before the app closes its database.
 */
export const outboxDispatcherPlugin = globalPlugin('outbox-dispatcher', async (app) => {
  const config = app.serverConfig;
  const dispatcher = createOutboxDispatcher({
    db: app.db,
    webhookUrl: config.outboxWebhookUrl,
    webhookSecret: config.outboxWebhookSecret,
    batchSize: config.outboxBatchSize,
    maxAttempts: config.outboxMaxAttempts,
    timeoutMs: config.outboxTimeoutMs,
    intervalMs: config.outboxIntervalMs,
    now: config.now,
    log: app.log,
  });
  app.decorate('outboxDispatcher', dispatcher);

  app.addHook('onReady', async () => {
    if (!config.outboxDispatch) return;
    if (!config.outboxWebhookUrl) {
      app.log.info('outbox: no OUTBOX_WEBHOOK_URL, pushes stay recorded as pending');
      return;
    }
    dispatcher.start();
  });
  app.addHook('preClose', async () => dispatcher.stop());
});
