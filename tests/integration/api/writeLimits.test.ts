import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../src/server/config.ts';
import { CREATE_APPLICATION_PATH } from '../../../src/server/api/applications/createApplicationRoute.ts';
import { DEFAULT_WRITE_LIMITS, TOO_MANY_REQUESTS } from '../../../src/server/lib/writeLimits.ts';
import { createApplication } from './applicationsFixtures.ts';
import { QUOTES, quoteBody } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Issue 19.2: writes are limited per access token, per client address and per application,
 * counted where the resume lookups count (memory, or Redis shared by every instance), and a
 * refusal is a 429 in a person's words with Retry-After.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN_PATH = '/buyonlineoauth/oauth/token';
const STAGE = '/buyonlineoauth/stages/payment-details';

const STORES = [
  { store: 'memory', overrides: (): Partial<ServerConfig> => ({}) },
  {
    store: 'redis',
    overrides: (): Partial<ServerConfig> => ({
      redisUrl: REDIS_URL,
      redisKeyPrefix: `bimaflow-test:${randomBytes(6).toString('hex')}:`,
    }),
  },
];

let ipSeed = 0;
/** A client address of its own, so tests do not share the per-address count. */
const newIp = () => `10.9.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`;

async function dropRedisKeys(config: ServerConfig) {
  if (!config.redisUrl) return;
  const redis = new Redis(config.redisUrl);
  const keys = await redis.keys(`${config.redisKeyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

async function tokenFrom(api: TestApi, ip: string): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_id=${api.config.publicClientId}`,
  });
}

async function freshToken(api: TestApi, ip = newIp()): Promise<string> {
  const res = await tokenFrom(api, ip);
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

function quoteFrom(api: TestApi, token: string, ip: string, extra: Record<string, unknown> = {}) {
  return api.app.inject({
    method: 'POST',
    url: QUOTES,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    payload: quoteBody({}, {}, extra),
  });
}

function expectRefusal(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ status: 'Failed', statusCode: 429, message: TOO_MANY_REQUESTS });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

// An hour: the windows are aligned to the clock, and a test's few requests must not straddle two.
const WINDOW = 3_600_000;

describe.each(DATABASES.flatMap((kind) => STORES.map((store) => ({ kind, ...store }))))(
  'write limits, $store store ($kind.name)',
  ({ kind, overrides }) => {
    describe('with small limits', () => {
      let api: TestApi;
      beforeAll(async () => {
        api = await createTestApi(kind, {
          ...overrides(),
          writeRateLimits: {
            token: [{ per: 'address', limit: 3, windowMs: WINDOW }],
            quote: [
              { per: 'token', limit: 4, windowMs: WINDOW },
              { per: 'application', limit: 6, windowMs: WINDOW },
              { per: 'address', limit: 8, windowMs: WINDOW },
            ],
            save: [{ per: 'application', limit: 2, windowMs: WINDOW }],
          },
        });
      });
      afterAll(async () => {
        await dropRedisKeys(api.config);
        await api.close();
      });

      it('limits the token call per address', async () => {
        const ip = newIp();
        const statuses = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await tokenFrom(api, ip)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 429]);
        expectRefusal(await tokenFrom(api, ip), WINDOW);
        expect((await tokenFrom(api, newIp())).statusCode).toBe(200);
      });

      it('limits quotes per token, and per address across tokens', async () => {
        const ip = newIp();
        const first = await freshToken(api);
        const statuses = [];
        for (let i = 0; i < 5; i += 1) statuses.push((await quoteFrom(api, first, ip)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 200, 429]);
        expectRefusal(await quoteFrom(api, first, newIp()), WINDOW);
        // A second token from the same address has its own four, until the address's eight are used.
        const second = await freshToken(api);
        const more = [];
        for (let i = 0; i < 5; i += 1) more.push((await quoteFrom(api, second, ip)).statusCode);
        expect(more).toEqual([200, 200, 200, 429, 429]);
        expectRefusal(await quoteFrom(api, await freshToken(api), ip), WINDOW);
      });

      it("counts an application's writes only for callers holding its capability", async () => {
        const created = await createApplication(api);
        const save = (capability?: string) =>
          api.post(
            STAGE,
            {
              applicationNumber: created.applicationNo,
              version: 1,
              paymentDetails: { payMode: 'Online', payLater: true, pageName: 'make-payment' },
            },
            { capability },
          );
        // A stranger without the capability is refused (403) and uses none of the owner's allowance.
        for (let i = 0; i < 5; i += 1) expect((await save()).statusCode).toBe(403);
        const owner = [];
        for (let i = 0; i < 3; i += 1) owner.push((await save(created.capability)).statusCode);
        expect(owner.slice(0, 2).every((status) => status !== 429)).toBe(true);
        expect(owner[2]).toBe(429);
      });

      it('counts an IPv6 /64 as one address, whatever the address within it', async () => {
        const statuses = [];
        for (const host of ['1', '2', 'a:b:c', 'ffff']) {
          statuses.push((await tokenFrom(api, `2001:db8:77:${ipSeed++ % 9999}::${host}`)).statusCode);
        }
        // Each call above used another /64; four from one /64 are one over the limit of three.
        expect(statuses).toEqual([200, 200, 200, 200]);
        const one = [];
        for (const host of ['1', '2', 'a:b:c', 'ffff'])
          one.push((await tokenFrom(api, `2001:db8:78:1::${host}`)).statusCode);
        expect(one).toEqual([200, 200, 200, 429]);
      });

      it('does not limit the insurer’s service clients', async () => {
        const service = await api.token('service');
        const ip = newIp();
        for (let i = 0; i < 10; i += 1) expect((await quoteFrom(api, service, ip)).statusCode).toBe(200);
      });
    });

    describe('bounded load at the default limits', () => {
      let api: TestApi;
      beforeAll(async () => {
        api = await createTestApi(kind, { ...overrides(), writeRateLimits: DEFAULT_WRITE_LIMITS });
      });
      afterAll(async () => {
        await dropRedisKeys(api.config);
        await api.close();
      });

      it('holds the per-token quote limit under 150 concurrent requests, with Retry-After on each refusal', async () => {
        const rule = DEFAULT_WRITE_LIMITS.quote.find((each) => each.per === 'token')!;
        const token = await freshToken(api);
        const ip = newIp();
        const answers = await Promise.all(Array.from({ length: 150 }, () => quoteFrom(api, token, ip)));
        const ok = answers.filter((res) => res.statusCode === 200).length;
        const refused = answers.filter((res) => res.statusCode === 429);
        // A window boundary may fall inside the burst: at most two windows' worth pass.
        expect(ok).toBeGreaterThanOrEqual(rule.limit);
        expect(ok).toBeLessThanOrEqual(2 * rule.limit);
        expect(ok + refused.length).toBe(150);
        for (const res of refused) expectRefusal(res, rule.windowMs);
      });

      it('holds the per-token create limit: every create counts, valid or not', async () => {
        const rule = DEFAULT_WRITE_LIMITS.create.find((each) => each.per === 'token')!;
        const token = await freshToken(api);
        const answers = [];
        for (let i = 0; i < rule.limit + 5; i += 1) {
          answers.push(
            await api.app.inject({
              method: 'POST',
              url: CREATE_APPLICATION_PATH,
              remoteAddress: newIp(),
              headers: { authorization: `Bearer ${token}` },
              payload: {},
            }),
          );
        }
        const refused = answers.filter((res) => res.statusCode === 429);
        expect(refused.length).toBeGreaterThanOrEqual(5);
        expect(answers.slice(0, rule.limit).every((res) => res.statusCode !== 429)).toBe(true);
      });
    });
  },
);
