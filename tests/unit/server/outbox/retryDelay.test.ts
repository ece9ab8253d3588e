import { describe, expect, it } from 'vitest';
import { RETRY_CAP_MS, retryDelayMs } from '../../../../src/server/outbox/retryDelay.ts';

describe('outbox retry delay', () => {
  it('doubles from 5 s after each failed attempt, up to one hour', () => {
    const top = (attempts: number) => retryDelayMs(attempts, () => 1);
    expect([1, 2, 3, 4, 5].map(top)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(top(11)).toBe(RETRY_CAP_MS);
    expect(top(12)).toBe(RETRY_CAP_MS);
    expect(top(1_000)).toBe(RETRY_CAP_MS);
  });

  it('drops a random part of at most half, so failures spread out', () => {
    expect(retryDelayMs(3, () => 0)).toBe(10_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(15_000);
    const seen = new Set(Array.from({ length: 20 }, () => retryDelayMs(4)));
    expect(seen.size).toBeGreaterThan(1);
    for (const delay of seen) {
      expect(delay).toBeGreaterThanOrEqual(20_000);
      expect(delay).toBeLessThanOrEqual(40_000);
    }
  });
});
