import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { WriteLimitKind, WriteLimits, WriteRule } from '../config.ts';
import { hasCapability } from '../api/applications/requireCapability.ts';
import { addressKey } from './addressKey.ts';
import { ApiError } from './ApiError.ts';
import { globalPlugin } from './globalPlugin.ts';
import { createMemoryRateLimiter, type RateLimiter, type RateLimitResult } from './rateLimiter.ts';
import '../types.ts';

/**
 * Limits on writes (issue 19.2): a route that stores something or starts work (a quote, a
 * lead push, a stage save, an upload, a payment) declares `config.writeLimit: '<kind>'`, and
 * every request to it is counted per access token, per client address and, once the caller
 * has shown the application's capability, per application — in fixed windows kept where the
 * resume lookups keep theirs (Redis when configured, shared by every instance). Over a limit
 * the answer is 429 with `Retry-After`, before the body is read (token and address) or before
 * the handler runs (application).
 *
 * Per application counts only callers holding its capability, so a stranger's flood cannot
 * use up the owner's allowance. The address limits are ten times a token's: many buyers on
 * a mobile network share one address (carrier-grade NAT), so an address limit can only stop
 * a flood, never a person. The insurer's confidential service clients (CRM, call centre) are
 * not limited here.
 *
 * If the shared store does not answer, counting goes on in this instance's memory (logged),
 * so a Redis outage limits each instance on its own instead of stopping every sale.
 */
export type { WriteLimitKind, WriteLimits, WriteRule } from '../config.ts';

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;

/**
 * What a person never reaches: a buyer asks one token per visit (renewed hourly), creates an
 * application or two, prices a few dozen choices, saves each step a few times, uploads a
 * handful of documents and starts a payment once or twice.
 */
/**
 * `limit` per token and per application in each window; ten times as many per address, where
 * many buyers on one mobile network share one (carrier-grade NAT).
 */
const perCaller = (limit: number, windowMs: number, { perApplication = true } = {}): WriteRule[] => [
  { per: 'token', limit, windowMs },
  ...(perApplication ? [{ per: 'application' as const, limit, windowMs }] : []),
  { per: 'address', limit: 10 * limit, windowMs },
];

export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  token: [{ per: 'address', limit: 120, windowMs: MINUTE }],
  create: perCaller(10, TEN_MINUTES, { perApplication: false }),
  quote: perCaller(60, MINUTE),
  save: perCaller(60, MINUTE),
  lead: perCaller(30, MINUTE),
  // A visitor's chat messages (issue 20) counted apart from leads, so a busy chat never uses up
  // the application's lead pushes and stage reports.
  chat: perCaller(30, MINUTE),
  upload: perCaller(30, TEN_MINUTES),
  payment: perCaller(10, TEN_MINUTES),
  // Funnel events (issue 20) come without a token, a few each step, more while a form is
  // corrected: only a flood from one address is stopped.
  analytics: [{ per: 'address', limit: 300, windowMs: MINUTE }],
};

/** How long write limits count in memory after the shared store failed, before trying it again. */
const SKIP_AFTER_FAILURE_MS = 5_000;

export const TOO_MANY_REQUESTS = 'Too many attempts. Please try again after some time.';

/** The limits in force: the defaults with any kind the configuration names replaced; none when switched off. */
export function writeLimitsOf(configured: Partial<WriteLimits> | false | undefined): WriteLimits | undefined {
  if (configured === false) return undefined;
  return { ...DEFAULT_WRITE_LIMITS, ...configured };
}

/** The application a request names (query, then body; the quote request spells it `ApplicationNumber`). */
function namedApplicationNumber(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object' && !Buffer.isBuffer(source)) {
      const fields = source as Record<string, unknown>;
      const value = fields.applicationNumber ?? fields.ApplicationNumber;
      if (typeof value === 'string' && value) return value.toUpperCase();
    }
  }
  return undefined;
}

export const writeLimits = globalPlugin('writeLimits', async (app) => {
  const limits = writeLimitsOf(app.serverConfig.writeRateLimits);
  if (!limits) return;
  const shared: RateLimiter = app.rateLimiter;
  const local = createMemoryRateLimiter();
  app.addHook('onClose', () => local.close());
  let outage = false;
  let skipSharedUntil = 0;

  /**
   * Counts under the shared store; in this instance's memory while it does not answer. After a
   * failure the store is left alone for SKIP_AFTER_FAILURE_MS, then tried again, so a frozen
   * Redis costs one command's time limit now and then, not one on every write.
   */
  async function hit(key: string, rule: WriteRule): Promise<RateLimitResult> {
    if (Date.now() < skipSharedUntil) return local.hit(key, rule);
    try {
      const result = await shared.hit(key, rule);
      if (outage) app.log.info('rate limit store answers again: write limits shared again');
      outage = false;
      return result;
    } catch (error) {
      if (!outage)
        app.log.warn({ err: error }, 'rate limit store unavailable: write limits counted per instance');
      outage = true;
      skipSharedUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
      return local.hit(key, rule);
    }
  }

  async function count(kind: WriteLimitKind, reply: FastifyReply, keyed: [WriteRule, string][]) {
    if (!keyed.length) return;
    const results = await Promise.all(
      keyed.map(([rule, id]) => hit(`write:${kind}:${rule.per}:${id}`, rule)),
    );
    const refused = results.filter((result) => !result.allowed);
    if (!refused.length) return;
    const retryAfterMs = Math.max(...refused.map((result) => result.retryAfterMs));
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw new ApiError(429, TOO_MANY_REQUESTS);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const kind = route.config?.writeLimit;
    if (!kind) return;
    const rules = limits[kind];
    const early = rules.filter((rule) => rule.per !== 'application');
    const perApplication = rules.filter((rule) => rule.per === 'application');
    if (early.length) {
      const byCaller: onRequestHookHandler = async (request, reply) => {
        const principal = request.principal;
        if (principal?.scope === 'service') return;
        const keyed = early.flatMap((rule): [WriteRule, string][] => {
          if (rule.per === 'address') return [[rule, addressKey(request.ip)]];
          return principal ? [[rule, principal.jti]] : [];
        });
        await count(kind, reply, keyed);
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), byCaller];
    }
    if (perApplication.length) {
      const byApplication: preHandlerHookHandler = async (request, reply) => {
        if (request.principal?.scope === 'service') return;
        const number = namedApplicationNumber(request);
        if (!number || !hasCapability(app, request, number)) return;
        await count(
          kind,
          reply,
          perApplication.map((rule) => [rule, number]),
        );
      };
      route.preHandler = [byApplication, ...[route.preHandler ?? []].flat()];
    }
  });
});
