import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * `/healthz` and `/healthz/live` say the process answers; `/healthz/ready` asks each dependency
 * with a timeout (issue 19, item 7): the database and the rate-limit store, 503 naming the one
 * that does not answer, instead of 200 throughout an outage.
 */

const REDIS_URL = process.env.TEST_REDIS_URL;
// Each test starts a server of its own (PGlite's first start takes seconds on a busy machine).
vi.setConfig({ testTimeout: 30_000 });
const opened: TestApi[] = [];
afterAll(() => Promise.all(opened.map((api) => api.close())));

async function apiWith(kind: (typeof DATABASES)[number], overrides = {}) {
  const api = await createTestApi(kind, { readyCheckTimeoutMs: 300, ...overrides });
  opened.push(api);
  return api;
}

describe.each(DATABASES)('health probes ($name)', (kind) => {
  it('live answers ok, not stored by any cache', async () => {
    const api = await apiWith(kind);
    for (const url of ['/healthz', '/healthz/live']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 200, { status: 'ok' }]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('ready reports each dependency: the database and the in-memory rate-limit store answer', async () => {
    const api = await apiWith(kind);
    const res = await api.app.inject({ method: 'GET', url: '/healthz/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', rateLimits: 'ok' },
      rateLimitStore: 'memory',
    });
  });

  it('ready is 503 naming the rate-limit store when Redis does not answer; live stays ok', async () => {
    // A port nothing listens on: the store is down from the start.
    const api = await apiWith(kind, { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'health-test:' });
    const res = await api.app.inject({ method: 'GET', url: '/healthz/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', rateLimits: 'down' },
      rateLimitStore: 'redis',
    });
    expect((await api.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.runIf(REDIS_URL)('ready is ok with a Redis that answers', async () => {
    const api = await apiWith(kind, { redisUrl: REDIS_URL, redisKeyPrefix: 'health-test:' });
    const res = await api.app.inject({ method: 'GET', url: '/healthz/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rateLimitStore).toBe('redis');
  });

  it('ready is 503 naming the database once it no longer answers', async () => {
    const api = await apiWith(kind);
    const query = api.app.db.query.bind(api.app.db);
    // The database frozen: a query that never settles.
    api.app.db.query = (() => new Promise(() => undefined)) as typeof api.app.db.query;
    try {
      const res = await api.app.inject({ method: 'GET', url: '/healthz/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'down', rateLimits: 'ok' });
    } finally {
      api.app.db.query = query;
    }
  });
});
