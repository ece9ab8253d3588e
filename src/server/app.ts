import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { analyticsRoutes } from './api/analytics/analyticsRoutes.ts';
import { applicationRoutes } from './api/applications/applicationRoutes.ts';
import { callbackRoutes } from './api/callbacks/callbackRoutes.ts';
import { chatRoutes } from './api/chat/chatRoutes.ts';
import { consentRoutes } from './api/consents/consentRoutes.ts';
import { documentRoutes } from './api/documents/documentRoutes.ts';
import { staticDocumentRoutes } from './api/documents/staticDocumentRoutes.ts';
import { emandateRoutes } from './api/emandate/emandateRoutes.ts';
import { ifscRoutes } from './api/ifsc/ifscRoutes.ts';
import { leadRoutes } from './api/leads/leadRoutes.ts';
import { outboxRoutes } from './api/outbox/outboxRoutes.ts';
import { paymentRoutes } from './api/payments/paymentRoutes.ts';
import { pincodeRoutes } from './api/pincode/pincodeRoutes.ts';
import { quoteRoutes } from './api/quotes/quoteRoutes.ts';
import { tokenRoutes } from './api/token/tokenRoutes.ts';
import { uploadRoutes } from './api/uploads/uploadRoutes.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import type { Db } from './db/Db.ts';
import { createDb } from './db/createDb.ts';
import { authenticate } from './plugins/authenticate.ts';
import { context } from './plugins/context.ts';
import { envelope } from './plugins/envelope.ts';
import { errors } from './plugins/errors.ts';
import { health } from './plugins/health.ts';
import { securityHeaders } from './plugins/securityHeaders.ts';
import { spa } from './plugins/spa.ts';
import { desk } from './desk/desk.ts';
import { outboxDispatcherPlugin } from './outbox/outboxDispatcherPlugin.ts';
import { JSON_POISONING } from '../shared/envelope/nodeEnvelope.ts';
import { applySpecValidation, buildSpecValidator } from './lib/specValidation.ts';
import { writeLimits } from './lib/writeLimits.ts';

export interface BuildOptions {
  /** Directory of the built SPA; defaults to `dist/app` of this repository. */
  staticRoot?: string;
  /** Fastify logger option: `true` for JSON logs, an options object, or `false` (default) for none. */
  logger?: FastifyServerOptions['logger'];
  /** Server configuration; defaults to the environment's. */
  config?: ServerConfig;
  /** An open database to use (it stays open when the app closes); otherwise one is opened from config. */
  db?: Db;
}

/** What the log keeps of a request: its method, path without the query string, and address. */
export function requestWithoutQuery(request: { method: string; url: string; ip?: string; id?: string }) {
  const at = request.url.indexOf('?');
  return {
    method: request.method,
    url: at < 0 ? request.url : `${request.url.slice(0, at)}?…`,
    remoteAddress: request.ip,
    reqId: request.id,
  };
}

const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../../dist/app', import.meta.url));

/**
 * Builds the whole server without listening, so tests can call `app.inject()`.
 * Each plugin is one bounded context; API plugins are registered before `spa`,
 * whose catch-all and not-found handler must come last.
 */
export async function build(options: BuildOptions = {}) {
  const config = options.config ?? configFromEnv();
  const db =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      poolSize: config.databasePoolSize,
      timeoutMs: config.databaseTimeoutMs,
      dataDir: config.dataDir,
    }));
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? false,
    // A `__proto__` or `constructor.prototype` key is dropped, as in a sealed body
    // (src/shared/envelope/nodeEnvelope.ts JSON_POISONING), not answered as broken JSON.
    onProtoPoisoning: JSON_POISONING.protoAction,
    onConstructorPoisoning: JSON_POISONING.constructorAction,
    // Spec validation in every context, those that add shared schemas too.
    // (Fastify types the factory for ajv's own compile; ours takes the route schema it is given.)
    schemaController: {
      compilersFactory: { buildValidator: buildSpecValidator },
    } as unknown as FastifyServerOptions['schemaController'],
  });

  // Every route validates with the spec's messages, bounded, without coercing a body's types,
  // and answers in a person's words (src/server/lib/specValidation.ts).
  applySpecValidation(app);
  await app.register(context, { db, config, ownsDb: !options.db });
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(envelope);
  await app.register(authenticate);
  await app.register(writeLimits);
  await app.register(health);
  await app.register(tokenRoutes);
  // Further API plugins, one per bounded context, go here.
  await app.register(outboxDispatcherPlugin);
  await app.register(leadRoutes);
  await app.register(callbackRoutes);
  await app.register(chatRoutes);
  await app.register(outboxRoutes);
  await app.register(applicationRoutes);
  await app.register(consentRoutes);
  await app.register(pincodeRoutes);
  await app.register(quoteRoutes);
  await app.register(documentRoutes);
  await app.register(uploadRoutes);
  await app.register(staticDocumentRoutes);
  await app.register(paymentRoutes);
  await app.register(ifscRoutes);
  await app.register(emandateRoutes);
  await app.register(analyticsRoutes);
  await app.register(desk);
  await app.register(spa, { root: options.staticRoot ?? DEFAULT_STATIC_ROOT });

  return app;
}
