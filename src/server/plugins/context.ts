import type { RouteOptions } from 'fastify';
import { createNodeEnvelope } from '../../shared/envelope/nodeEnvelope.ts';
import { createPolicyStartDates } from '../api/applications/policyStartDates.ts';
import { createTokenService, resolveTokenSecret } from '../auth/tokens.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/Db.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import { createRateLimiter } from '../lib/rateLimiter.ts';
import '../types.ts';

/** Decorates the app with its database, configuration, envelope, token service, start dates seen and rate-limit store. */
export const context = globalPlugin<{ db: Db; config: ServerConfig; ownsDb: boolean }>(
  'context',
  async (app, { db, config, ownsDb }) => {
    // Every route as registered, so tests can hold each one to its contract (declared schemas).
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routes.push(route));
    app.decorate('routeCatalogue', routes);
    app.decorate('db', db);
    app.decorate('serverConfig', config);
    app.decorate('envelope', createNodeEnvelope(config.envelopePassword));
    app.decorate('tokens', createTokenService(await resolveTokenSecret(db, config.tokenSecret)));
    app.decorate('policyStartDates', createPolicyStartDates());
    const rateLimiter = createRateLimiter(config, (error) =>
      app.log.warn({ err: error }, 'rate limit store unavailable'),
    );
    app.decorate('rateLimiter', rateLimiter);
    app.addHook('onClose', () => rateLimiter.close());
    // Commands are not queued while Redis connects, so the start waits (briefly) for it.
    if (!(await rateLimiter.connected(2000))) app.log.warn('rate limit store not connected at start');
    if (ownsDb) app.addHook('onClose', async () => db.close());
  },
);
