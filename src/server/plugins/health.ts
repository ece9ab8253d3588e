import type { FastifyPluginAsync } from 'fastify';

/** How long a readiness check waits for a dependency before calling it down. */
export const READY_CHECK_TIMEOUT_MS = 1000;

type Check = 'ok' | 'down';

/** Whether `probe` settles well within the time allowed: a frozen dependency is down, not waited for. */
async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => (timer = setTimeout(() => resolve('down'), timeoutMs)));
  try {
    return await Promise.race([
      probe().then(
        (): Check => 'ok',
        (): Check => 'down',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const LIVE = {
  type: 'object',
  properties: { status: { type: 'string', const: 'ok' } },
  required: ['status'],
  additionalProperties: false,
} as const;

const READY = {
  type: 'object',
  required: ['status', 'checks'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    checks: {
      type: 'object',
      required: ['database', 'rateLimits'],
      additionalProperties: false,
      properties: {
        database: { type: 'string', enum: ['ok', 'down'] },
        rateLimits: { type: 'string', enum: ['ok', 'down'] },
      },
    },
    rateLimitStore: { type: 'string', enum: ['memory', 'redis'] },
  },
} as const;

/**
 * Health probes (issue 19, item 7). `/healthz` and `/healthz/live`: the process answers (load
 * balancers, `npm start`'s callers, the browser-test harness). `/healthz/ready`: whether it can
 * serve, each dependency asked with a timeout — the database (`SELECT 1`) and the rate-limit
 * store (Redis when configured) — 200 when all answer, 503 naming the one that does not.
 */
export const health: FastifyPluginAsync = async (app) => {
  const timeoutMs = app.serverConfig.readyCheckTimeoutMs ?? READY_CHECK_TIMEOUT_MS;
  for (const url of ['/healthz', '/healthz/live'])
    app.get(url, { schema: { response: { 200: LIVE } } }, async () => ({ status: 'ok' as const }));

  app.get('/healthz/ready', { schema: { response: { 200: READY, 503: READY } } }, async (_request, reply) => {
    const [database, rateLimits] = await Promise.all([
      check(() => app.db.query('SELECT 1'), timeoutMs),
      check(() => app.rateLimiter.ping(), timeoutMs),
    ]);
    const ready = database === 'ok' && rateLimits === 'ok';
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ok' : 'unavailable',
      checks: { database, rateLimits },
      rateLimitStore: app.rateLimiter.store,
    });
  });
};
