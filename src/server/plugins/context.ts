import { createNodeEnvelope } from '../../shared/envelope/nodeEnvelope.ts';
import { createTokenService, resolveTokenSecret } from '../auth/tokens.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/Db.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import '../types.ts';

/** Decorates the app with its database, configuration, envelope and token service. */
export const context = globalPlugin<{ db: Db; config: ServerConfig; ownsDb: boolean }>(
  'context',
  async (app, { db, config, ownsDb }) => {
    app.decorate('db', db);
    app.decorate('serverConfig', config);
    app.decorate('envelope', createNodeEnvelope(config.envelopePassword));
    app.decorate('tokens', createTokenService(await resolveTokenSecret(db, config.tokenSecret)));
    if (ownsDb) app.addHook('onClose', async () => db.close());
  },
);
