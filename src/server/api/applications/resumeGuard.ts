import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResumeLimitName, ServerConfig, WindowLimit } from '../../config.ts';
import { addressKey } from '../../lib/addressKey.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { DependencyUnavailable } from '../../lib/dependencyUnavailable.ts';
import type { RateLimiter } from '../../lib/rateLimiter.ts';
import type { ResumeLinks } from './resumeLinks.ts';
import { MESSAGES } from './applicationMessages.ts';

/**
 * What keeps the resume lookups from being an oracle: attempts are counted per client IP,
 * per mobile number and per application number (fixed windows, shared through Redis when
 * configured), and every answer takes at least the same minimum time, found or not.
 *
 * The short windows stop bursts; the daily ones stop a patient guesser. A mobile number
 * with a date of birth in the 45–80 band has about 13,000 candidate dates: at 10 per 10
 * minutes that is under ten days, at 20 a day almost two years.
 */
export type ResumeLimits = Record<ResumeLimitName, WindowLimit>;

const TEN_MINUTES = 10 * 60 * 1000;
const ONE_DAY = 24 * 60 * 60 * 1000;

export const DEFAULT_RESUME_LIMITS: ResumeLimits = {
  perIp: { limit: 30, windowMs: TEN_MINUTES },
  perMobile: { limit: 10, windowMs: TEN_MINUTES },
  perApplication: { limit: 10, windowMs: TEN_MINUTES },
  perMobileDaily: { limit: 20, windowMs: ONE_DAY },
  perApplicationDaily: { limit: 20, windowMs: ONE_DAY },
};

export const DEFAULT_MINIMUM_ANSWER_MS = 250;

export interface ResumeGuard {
  /** Counts this attempt under each key it names; 429 (with Retry-After) when any is over its limit. */
  admit(
    request: FastifyRequest,
    reply: FastifyReply,
    keys: { mobile?: string; applicationNumber?: string; countryCode?: string },
  ): Promise<void>;
  /** Runs a lookup and settles, resolved or rejected, no sooner than the minimum answer time. */
  noSoonerThanMinimum<T>(lookup: () => Promise<T>): Promise<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createResumeGuard(
  config: ServerConfig,
  limiter: RateLimiter,
  links?: ResumeLinks,
): ResumeGuard {
  const limits: ResumeLimits = { ...DEFAULT_RESUME_LIMITS, ...config.resumeRateLimits };
  const minimumMs = config.resumeMinimumAnswerMs ?? DEFAULT_MINIMUM_ANSWER_MS;
  return {
    async admit(request, reply, { mobile, applicationNumber, countryCode }) {
      const counted: [string, WindowLimit, 'address' | 'target'][] = [
        [`resume:ip:${addressKey(request.ip)}`, limits.perIp, 'address'],
      ];
      if (mobile) {
        counted.push([`resume:mobile:${mobile}`, limits.perMobile, 'target']);
        counted.push([`resume:mobile-daily:${mobile}`, limits.perMobileDaily, 'target']);
      }
      if (applicationNumber) {
        counted.push([`resume:application:${applicationNumber}`, limits.perApplication, 'target']);
        counted.push([`resume:application-daily:${applicationNumber}`, limits.perApplicationDaily, 'target']);
      }
      // Without its counts a lookup would be an unlimited oracle: a store that does not answer
      // refuses the lookup (503, try again in a minute), it never lets it through uncounted.
      const results = await Promise.all(counted.map(([key, limit]) => limiter.hit(key, limit))).catch(
        (error: unknown) => {
          throw new DependencyUnavailable('rateLimits', error);
        },
      );
      const refused = results.filter((result) => !result.allowed);
      if (refused.length) {
        const retryAfterMs = Math.max(...refused.map((result) => result.retryAfterMs));
        reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
        // Refused for the application's or the mobile number's count, which strangers can use
        // up: the owner gets a link to continue without a lookup (resumeLinks.ts).
        // Only when the address itself is within its count: a caller over it is sent nothing.
        const byAddress = results.some(
          (result, index) => !result.allowed && counted[index]![2] === 'address',
        );
        const forTarget = results.some((result, index) => !result.allowed && counted[index]![2] === 'target');
        if (forTarget && !byAddress && links) {
          await links.offer({ applicationNumber, mobile, countryCode }).catch((error: unknown) => {
            request.log.warn({ err: error }, 'resume link not sent');
          });
          throw new ApiError(429, MESSAGES.tooManyAttemptsLinkSent);
        }
        throw new ApiError(429, MESSAGES.tooManyAttempts);
      }
    },
    async noSoonerThanMinimum(lookup) {
      const started = performance.now();
      const settled = await lookup().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const remaining = minimumMs - (performance.now() - started);
      if (remaining > 0) await sleep(remaining);
      if (settled.ok) return settled.value;
      throw settled.error;
    },
  };
}
