import { Redis } from 'ioredis';
import type { WindowLimit } from '../config.ts';

/**
 * Fixed-window attempt counting: at most `limit` attempts per key in each window of
 * `windowMs`, windows aligned to the epoch so every instance agrees on where one starts.
 * In memory for a single instance (the default); in Redis when several instances must
 * share their counts. A store failure rejects: a lookup is never silently unlimited.
 */
export interface RateLimitResult {
  /** False once this attempt is over the limit. */
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and counting starts again. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Where the counts are kept: this process, or Redis (shared by every instance). */
  readonly store: 'memory' | 'redis';
  /** Counts one attempt under `key` and says whether it is within `rule`. */
  hit(key: string, rule: WindowLimit): Promise<RateLimitResult>;
  /** Resolves when the store answers (the readiness check). */
  ping(): Promise<void>;
  /** Whether the store is connected, waiting at most `waitMs` for it (at start). */
  connected(waitMs: number): Promise<boolean>;
  close(): Promise<void>;
}

function currentWindow(now: number, windowMs: number) {
  const index = Math.floor(now / windowMs);
  return { index, retryAfterMs: (index + 1) * windowMs - now };
}

function result(count: number, rule: WindowLimit, retryAfterMs: number): RateLimitResult {
  return { allowed: count <= rule.limit, count, retryAfterMs };
}

/** Sweep expired windows at most this often, so idle keys do not accumulate. */
const SWEEP_EVERY_MS = 60_000;

export function createMemoryRateLimiter({ now = () => Date.now() } = {}): RateLimiter {
  const windows = new Map<string, { endsAt: number; count: number }>();
  let nextSweep = now() + SWEEP_EVERY_MS;
  return {
    store: 'memory',
    async ping() {},
    async connected() {
      return true;
    },
    async hit(key, rule) {
      const at = now();
      if (at >= nextSweep) {
        for (const [stored, window] of windows) if (window.endsAt <= at) windows.delete(stored);
        nextSweep = at + SWEEP_EVERY_MS;
      }
      const { index, retryAfterMs } = currentWindow(at, rule.windowMs);
      const windowKey = `${key}:${rule.windowMs}:${index}`;
      const window = windows.get(windowKey) ?? { endsAt: at + retryAfterMs, count: 0 };
      window.count += 1;
      windows.set(windowKey, window);
      return result(window.count, rule, retryAfterMs);
    },
    async close() {
      windows.clear();
    },
  };
}

export interface RedisRateLimiterOptions {
  /** Prepended to every key, e.g. 'bimaflow:'. */
  keyPrefix?: string;
  now?: () => number;
  /** Told about connection errors (ioredis retries on its own). */
  onError?: (error: Error) => void;
  /** How long one command may take before it fails (ms; default 500). */
  commandTimeoutMs?: number;
}

/**
 * One key per window (`<prefix>rate:<key>:<windowMs>:<index>`), counted with INCR and
 * given an expiry with PEXPIRE in one MULTI, so a key never outlives its window.
 */
export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): RateLimiter {
  const { keyPrefix = 'bimaflow:', now = () => Date.now(), onError, commandTimeoutMs = 500 } = options;
  // A Redis that is down or frozen fails a count at once or within `commandTimeoutMs`, never
  // holds a request: commands are not queued while disconnected, and each has a time limit.
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(commandTimeoutMs, 1000),
  });
  client.on('error', (error: Error) => onError?.(error));
  /**
   * Whether the client is ready, waiting at most `waitMs` while a connection is being made; at
   * once false while it waits to retry one that failed (Redis down), or once it has ended.
   */
  const connected = (waitMs: number): Promise<boolean> => {
    if (client.status === 'ready') return Promise.resolve(true);
    if (!['connecting', 'connect', 'wait'].includes(client.status)) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const settle = (value: boolean) => {
        clearTimeout(timer);
        client.off('ready', onReady);
        client.off('reconnecting', onFailed);
        client.off('end', onFailed);
        resolve(value);
      };
      const onReady = () => settle(true);
      const onFailed = () => settle(false);
      const timer = setTimeout(onFailed, waitMs);
      client.once('ready', onReady);
      client.once('reconnecting', onFailed);
      client.once('end', onFailed);
    });
  };
  /** Commands are not queued: one sent while (re)connecting waits for the connection, within the command's time. */
  const ready = async () => {
    if (!(await connected(commandTimeoutMs))) throw new Error('Redis is not connected');
  };
  return {
    store: 'redis',
    connected,
    async ping() {
      await ready();
      await client.ping();
    },
    async hit(key, rule) {
      await ready();
      const { index, retryAfterMs } = currentWindow(now(), rule.windowMs);
      const windowKey = `${keyPrefix}rate:${key}:${rule.windowMs}:${index}`;
      const replies = await client.multi().incr(windowKey).pexpire(windowKey, rule.windowMs).exec();
      const [incrError, count] = replies?.[0] ?? [new Error('Redis transaction was discarded'), 0];
      if (incrError) throw incrError;
      return result(Number(count), rule, retryAfterMs);
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The store the configuration asks for: Redis when `redisUrl` is set, memory otherwise. */
export function createRateLimiter(
  config: { redisUrl?: string; redisKeyPrefix?: string; redisCommandTimeoutMs?: number },
  onError?: (error: Error) => void,
): RateLimiter {
  return config.redisUrl
    ? createRedisRateLimiter(config.redisUrl, {
        keyPrefix: config.redisKeyPrefix,
        onError,
        ...(config.redisCommandTimeoutMs ? { commandTimeoutMs: config.redisCommandTimeoutMs } : {}),
      })
    : createMemoryRateLimiter();
}
