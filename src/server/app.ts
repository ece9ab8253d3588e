import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { errors } from './plugins/errors.ts';
import { health } from './plugins/health.ts';
import { securityHeaders } from './plugins/securityHeaders.ts';
import { spa } from './plugins/spa.ts';

export interface BuildOptions {
  /** Directory of the built SPA; defaults to `dist/app` of this repository. */
  staticRoot?: string;
  /** Fastify logger option: `true` for JSON logs, an options object, or `false` (default) for none. */
  logger?: FastifyServerOptions['logger'];
}

const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../../dist/app', import.meta.url));

/**
 * Builds the whole server without listening, so tests can call `app.inject()`.
 * Each plugin is one bounded context; API plugins are registered before `spa`,
 * whose catch-all and not-found handler must come last.
 */
export async function build(options: BuildOptions = {}) {
  const app = Fastify({ logger: options.logger ?? false });

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(health);
  // API plugins (token, applications, quotes, leads, pincode, payments, ...) go here.
  await app.register(spa, { root: options.staticRoot ?? DEFAULT_STATIC_ROOT });

  return app;
}
