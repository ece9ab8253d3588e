/** First retry after about 5 s, then doubling, never more than an hour apart. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 60 * 60 * 1000;

/**
 * How long to wait after the `attempts`-th failed delivery: 5 s · 2^(attempts − 1), capped
 * at one hour, of which a random half is dropped ("equal jitter") so that many rows
 * failing together do not all come back at once.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
