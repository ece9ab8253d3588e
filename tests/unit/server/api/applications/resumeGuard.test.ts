import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createResumeGuard,
  DEFAULT_RESUME_LIMITS,
} from '../../../../../src/server/api/applications/resumeGuard.ts';
import { testConfig } from '../../../../../src/server/config.ts';
import { ApiError } from '../../../../../src/server/lib/ApiError.ts';
import { createMemoryRateLimiter } from '../../../../../src/server/lib/rateLimiter.ts';

const TEN_MINUTES = 10 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** A guard with the default limits on a clock the test moves, starting at midnight UTC. */
function guardAt() {
  const clock = { now: Date.UTC(2025, 2, 10) };
  const guard = createResumeGuard(testConfig(), createMemoryRateLimiter({ now: () => clock.now }));
  let ip = 0;
  const attempt = async (keys: { mobile?: string; applicationNumber?: string }) => {
    const headers: Record<string, string> = {};
    const reply = {
      header: (name: string, value: string) => (headers[name] = value),
    } as unknown as FastifyReply;
    // A new address each time, so the per-IP limit never decides.
    const request = { ip: `203.0.113.${++ip % 250}` } as FastifyRequest;
    try {
      await guard.admit(request, reply, keys);
      return { allowed: true, headers };
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(429);
      return { allowed: false, headers };
    }
  };
  return { clock, attempt };
}

describe('resume guard: daily windows', () => {
  it('defaults to 10 per 10 minutes and 20 per day, per mobile and per application number', () => {
    expect(DEFAULT_RESUME_LIMITS).toMatchObject({
      perMobile: { limit: 10, windowMs: TEN_MINUTES },
      perMobileDaily: { limit: 20, windowMs: DAY },
      perApplication: { limit: 10, windowMs: TEN_MINUTES },
      perApplicationDaily: { limit: 20, windowMs: DAY },
    });
  });

  it.each([
    ['mobile number', { mobile: '9876543210' }],
    ['application number', { applicationNumber: '8892941567' }],
  ])(
    'refuses the 21st %s attempt of a day, spread over short windows that each have room',
    async (_what, keys) => {
      const { clock, attempt } = guardAt();
      const allowed: boolean[] = [];
      for (let window = 0; window < 2; window += 1) {
        for (let i = 0; i < 10; i += 1) allowed.push((await attempt(keys)).allowed);
        clock.now += TEN_MINUTES;
      }
      expect(allowed).toEqual(Array(20).fill(true));
      const refused = await attempt(keys);
      expect(refused.allowed).toBe(false);
      // Until the day's window ends: 24 h less the 20 minutes gone.
      expect(Number(refused.headers['retry-after'])).toBe((DAY - 2 * TEN_MINUTES) / 1000);
      clock.now += 3 * TEN_MINUTES;
      expect((await attempt(keys)).allowed).toBe(false);
      clock.now = Date.UTC(2025, 2, 11);
      expect((await attempt(keys)).allowed).toBe(true);
    },
  );

  it('counts each mobile number on its own', async () => {
    const { attempt } = guardAt();
    for (let i = 0; i < 10; i += 1) await attempt({ mobile: '9876543210' });
    expect((await attempt({ mobile: '9876543211' })).allowed).toBe(true);
  });
});
