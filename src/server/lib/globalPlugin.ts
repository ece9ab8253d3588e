import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so what it sets up (hooks, error and
 * not-found handlers, decorators) applies to the whole application rather than
 * only to its own child context. This is what `fastify-plugin` does, through
 * Fastify's documented `skip-override` hidden property, without the dependency.
 */
export function globalPlugin<Options extends object>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
