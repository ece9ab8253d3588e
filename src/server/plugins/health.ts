import type { FastifyPluginAsync } from 'fastify';

/** Liveness probe for load balancers, `npm start`'s callers and the browser-test harness. */
export const health: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
            additionalProperties: false,
          },
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
