import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../../../src/server/lib/rateLimiter.ts';

/** The machine (and CI) always runs Redis here; each run writes under its own prefix. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bimaflow-test:${randomBytes(6).toString('hex')}:`;

const redis = new Redis(REDIS_URL);
afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const STORES: { name: string; create(now: () => number): RateLimiter }[] = [
  { name: 'memory', create: (now) => createMemoryRateLimiter({ now }) },
  { name: 'redis', create: (now) => createRedisRateLimiter(REDIS_URL, { keyPrefix: PREFIX, now }) },
];

describe.each(STORES)('$name rate limiter', (store) => {
  it('allows up to the limit in a window, refuses beyond it, and starts again in the next window', async () => {
    let now = 1_000_000 * 60_000 + 10_000; // 10 s into a one-minute window
    const limiter = store.create(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    const key = `mobile:${randomBytes(4).toString('hex')}`;
    try {
      const counts = [];
      for (let i = 0; i < 4; i += 1) counts.push(await limiter.hit(key, rule));
      expect(counts.map((r) => [r.allowed, r.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 4],
      ]);
      expect(counts[3]!.retryAfterMs).toBe(50_000);

      expect((await limiter.hit(`${key}:other`, rule)).allowed).toBe(true);
      expect((await limiter.hit(key, { limit: 3, windowMs: 30_000 })).count).toBe(1);

      now += 50_000;
      expect(await limiter.hit(key, rule)).toEqual({ allowed: true, count: 1, retryAfterMs: 60_000 });
    } finally {
      await limiter.close();
    }
  });

  it('counts attempts made at the same moment exactly', async () => {
    const limiter = store.create(() => Date.now());
    const key = `ip:${randomBytes(4).toString('hex')}`;
    try {
      const results = await Promise.all(
        Array.from({ length: 25 }, () => limiter.hit(key, { limit: 10, windowMs: 60_000 })),
      );
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    } finally {
      await limiter.close();
    }
  });
});

describe('redis rate limiter', () => {
  it('shares counts between instances and lets each window key expire with its window', async () => {
    const a = createRedisRateLimiter(REDIS_URL, { keyPrefix: PREFIX });
    const b = createRedisRateLimiter(REDIS_URL, { keyPrefix: PREFIX });
    const key = `application:${randomBytes(4).toString('hex')}`;
    const rule = { limit: 2, windowMs: 5_000 };
    try {
      expect((await a.hit(key, rule)).allowed).toBe(true);
      expect((await b.hit(key, rule)).allowed).toBe(true);
      expect((await a.hit(key, rule)).allowed).toBe(false);
      const [stored] = await redis.keys(`${PREFIX}rate:${key}:*`);
      expect(stored).toBeDefined();
      const ttl = await redis.pttl(stored!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5_000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('is what the configuration asks for when a Redis URL is set', async () => {
    const limiter = createRateLimiter({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX });
    const key = `configured:${randomBytes(4).toString('hex')}`;
    try {
      await limiter.hit(key, { limit: 1, windowMs: 60_000 });
      expect(await redis.keys(`${PREFIX}rate:${key}:*`)).toHaveLength(1);
    } finally {
      await limiter.close();
    }
  });

  it('rejects rather than allowing when Redis cannot be reached', async () => {
    const errors: Error[] = [];
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1', { onError: (e) => errors.push(e) });
    try {
      await expect(limiter.hit('anything', { limit: 10, windowMs: 60_000 })).rejects.toThrow();
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});
