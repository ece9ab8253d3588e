import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/server/app.ts';
import { testConfig, trustHops, type ServerConfig } from '../../../src/server/config.ts';
import { createApplication, HOLDER_DOB, uniqueMobile } from './applicationsFixtures.ts';
import { outboxFor } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const RETRIEVE = '/buyonlineoauth/retrieve';
const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const TOO_MANY = 'Too many attempts. Please try again after some time.';
/** Refused for the application's or mobile number's count: its owner is sent a link (issue 19.11). */
const TOO_MANY_LINK_SENT =
  'Too many attempts. If these details match an application, we have sent a link to continue it to the mobile number and e-mail given on it.';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const WINDOW = 60_000;
const LIMITS: Partial<ServerConfig> = {
  resumeMinimumAnswerMs: 0,
  resumeRateLimits: {
    perIp: { limit: 6, windowMs: WINDOW },
    perMobile: { limit: 3, windowMs: WINDOW },
    perApplication: { limit: 2, windowMs: WINDOW },
  },
  // Resume links are absolute addresses on the site's public address.
  payment: { ...testConfig().payment, publicBaseUrl: 'https://buy.example.in' },
};

let ipSeed = 0;
/** A client address of its own, so tests do not share the per-IP count. */
const newIp = () => `10.0.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`;

/** A resume call from a given client address (plain JSON body: the envelope is optional). */
async function lookupFrom(
  api: TestApi,
  app: FastifyInstance,
  ip: string,
  url: string,
  body: object,
  capability?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: {
      authorization: `Bearer ${await api.token()}`,
      ...(capability ? { 'x-application-capability': capability } : {}),
    },
    payload: body,
  });
}

/** Removes what a test run wrote under its own Redis prefix. */
async function dropRedisKeys(config: ServerConfig) {
  if (!config.redisUrl) return;
  const redis = new Redis(config.redisUrl);
  const keys = await redis.keys(`${config.redisKeyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

const STORES = [
  { store: 'memory', overrides: () => ({}) },
  {
    store: 'redis',
    overrides: () => ({
      redisUrl: REDIS_URL,
      redisKeyPrefix: `bimaflow-test:${randomBytes(6).toString('hex')}:`,
    }),
  },
];

describe.each(DATABASES.flatMap((kind) => STORES.map((store) => ({ kind, ...store }))))(
  'resume rate limits, $store store ($kind.name)',
  ({ kind, overrides }) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi(kind, { ...LIMITS, ...overrides() });
    });
    afterAll(async () => {
      await dropRedisKeys(api.config);
      await api.close();
    });

    const byMobile = (ip: string, mobileNumber: string) =>
      lookupFrom(api, api.app, ip, RETRIEVE, { mobileNumber, dateOfBirth: HOLDER_DOB, contryCode: '91' });

    it('refuses a fourth lookup of one mobile number in the window, from any address', async () => {
      const mobile = uniqueMobile();
      const statuses = [];
      for (const ip of [newIp(), newIp(), newIp(), newIp()])
        statuses.push((await byMobile(ip, mobile)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await byMobile(newIp(), mobile);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        status: 'Failed',
        statusCode: 429,
        message: TOO_MANY_LINK_SENT,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
      // Another mobile number is counted on its own.
      expect((await byMobile(newIp(), uniqueMobile())).statusCode).toBe(200);
    });

    it('refuses a seventh lookup from one address, whatever the mobile numbers', async () => {
      const ip = newIp();
      const statuses = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await byMobile(ip, uniqueMobile())).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      expect((await byMobile(newIp(), uniqueMobile())).statusCode).toBe(200);
    });

    it('counts lookups of an application number without proof, not its own window reading it back', async () => {
      const created = await createApplication(api);
      const body = { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' };
      // The window holding the capability reads its application back as often as it needs
      // (after the payment gateway, on the proposal page): never counted, never refused.
      for (let i = 0; i < 4; i += 1) {
        const own = await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, body, created.capability);
        expect(own.statusCode).toBe(200);
      }
      const guesses = [];
      for (let i = 0; i < 3; i += 1)
        guesses.push((await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, body)).statusCode);
      expect(guesses).toEqual([404, 404, 429]);
      const refused = await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, body);
      expect(refused.json().message).toBe(TOO_MANY_LINK_SENT);
      expect(
        (await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, body, created.capability)).statusCode,
      ).toBe(200);
    });

    it('sends the owner a link when strangers use up the count, which resumes without any lookup', async () => {
      const created = await createApplication(api);
      const guess = (emailId: string) =>
        lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, {
          applicationNumber: created.proposalNumber,
          quoteId: created.applicationNo,
          emailId,
          retrieve: 'appnumber',
          productId: 'T54',
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await guess(`guess${i}@example.com`)).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
      // The owner, from another device with the right e-mail, is refused too...
      const owner = await guess('Ramesh.Sharma@gmail.com');
      expect(owner.statusCode).toBe(429);
      expect(owner.json().message).toBe(TOO_MANY_LINK_SENT);
      // ...but one link went to the mobile number and e-mail on the application (once a day).
      const links = (await outboxFor(api, created.applicationNo)).filter(
        (row) => row.topic === 'resume-link',
      );
      expect(links).toHaveLength(1);
      const payload = links[0]!.payload as { link: string; mobileNumber: string; emailId: string };
      expect(payload).toMatchObject({ mobileNumber: '9876543210', emailId: 'Ramesh.Sharma@gmail.com' });
      const link = new URL(payload.link);
      expect(link.origin).toBe('https://buy.example.in');
      expect(link.pathname).toBe('/retirement-plans/guaranteed-pension-plan/');
      expect(link.searchParams.get('applicationNo')).toBe(created.applicationNo);
      const key = link.searchParams.get('resumeKey')!;
      // The link's key resumes the application, whatever the counts say.
      const resumed = await lookupFrom(
        api,
        api.app,
        newIp(),
        RETRIEVE_DATA,
        { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
        key,
      );
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(api.open<{ data: { applicationNumber: string } }>(resumed).data.applicationNumber).toBe(
        created.applicationNo,
      );
    });

    it('sends no link when only the address’s count is used up', async () => {
      const created = await createApplication(api);
      const ip = newIp();
      const body = { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' };
      for (let i = 0; i < 6; i += 1)
        await lookupFrom(api, api.app, ip, RETRIEVE, {
          mobileNumber: uniqueMobile(),
          dateOfBirth: HOLDER_DOB,
        });
      const refused = await lookupFrom(api, api.app, ip, RETRIEVE_DATA, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(TOO_MANY);
      expect(
        (await outboxFor(api, created.applicationNo)).filter((row) => row.topic === 'resume-link'),
      ).toEqual([]);
    });

    it('shares the mobile count between the two lookups', async () => {
      const mobile = uniqueMobile();
      const created = await createApplication(api, { mobileNumber: mobile });
      for (let i = 0; i < 3; i += 1) expect((await byMobile(newIp(), mobile)).statusCode).toBe(200);
      const pick = await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, {
        applicationNumber: created.applicationNo,
        retrieve: 'appnumber',
        productId: 'T54',
        mobileNumber: mobile,
        dateOfBirth: HOLDER_DOB,
      });
      expect(pick.statusCode).toBe(429);
    });
  },
);

describe.each(DATABASES)('resume rate limits shared through Redis by two instances ($name)', (kind) => {
  let api: TestApi;
  let second: FastifyInstance;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      ...LIMITS,
      redisUrl: REDIS_URL,
      redisKeyPrefix: `bimaflow-test:${randomBytes(6).toString('hex')}:`,
    });
    second =
      kind.name === 'postgres'
        ? await build({ config: api.config, staticRoot: '/nonexistent' })
        : await build({ config: api.config, db: api.app.db, staticRoot: '/nonexistent' });
  });
  afterAll(async () => {
    await second.close();
    await dropRedisKeys(api.config);
    await api.close();
  });

  it('refuses on one instance what the other already counted', async () => {
    const mobile = uniqueMobile();
    const body = { mobileNumber: mobile, dateOfBirth: HOLDER_DOB };
    const statuses = [];
    for (const app of [api.app, second, api.app, second]) {
      statuses.push((await lookupFrom(api, app, newIp(), RETRIEVE, body)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.each(DATABASES)('resume rate limits: windows ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      resumeMinimumAnswerMs: 0,
      resumeRateLimits: { perMobile: { limit: 1, windowMs: 1000 } },
    });
  });
  afterAll(() => api.close());

  it('lets the mobile number try again once its window has passed', async () => {
    const body = { mobileNumber: uniqueMobile(), dateOfBirth: HOLDER_DOB };
    // Start at the beginning of a window so the two first calls fall in the same one.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    expect((await lookupFrom(api, api.app, newIp(), RETRIEVE, body)).statusCode).toBe(200);
    expect((await lookupFrom(api, api.app, newIp(), RETRIEVE, body)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await lookupFrom(api, api.app, newIp(), RETRIEVE, body)).statusCode).toBe(200);
  });
});

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES.flatMap((kind) => STORES.map((store) => ({ kind, ...store }))))(
  'resume rate limits: daily windows, $store store ($kind.name)',
  ({ kind, overrides }) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi(kind, {
        resumeMinimumAnswerMs: 0,
        resumeRateLimits: {
          // Short windows out of the way, so only the daily ones can refuse.
          perIp: { limit: 100, windowMs: WINDOW },
          perMobile: { limit: 100, windowMs: WINDOW },
          perApplication: { limit: 100, windowMs: WINDOW },
          perMobileDaily: { limit: 3, windowMs: DAY },
          perApplicationDaily: { limit: 2, windowMs: DAY },
        },
        ...overrides(),
      });
    });
    afterAll(async () => {
      await dropRedisKeys(api.config);
      await api.close();
    });

    it('refuses a mobile number over its daily limit even when its short window has room', async () => {
      const body = { mobileNumber: uniqueMobile(), dateOfBirth: HOLDER_DOB };
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await lookupFrom(api, api.app, newIp(), RETRIEVE, body)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await lookupFrom(api, api.app, newIp(), RETRIEVE, body);
      expect(refused.json().message).toBe(TOO_MANY_LINK_SENT);
      // Retry-After points at the end of the daily window, not of the short one.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
      expect(
        (await lookupFrom(api, api.app, newIp(), RETRIEVE, { ...body, mobileNumber: uniqueMobile() }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses an application number over its daily limit', async () => {
      const created = await createApplication(api);
      const body = { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' };
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await lookupFrom(api, api.app, newIp(), RETRIEVE_DATA, body)).statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    });
  },
);

describe.each(DATABASES)('resume rate limits behind a proxy ($name)', (kind) => {
  const PROXY = '10.1.1.1';
  const limits: Partial<ServerConfig> = {
    resumeMinimumAnswerMs: 0,
    resumeRateLimits: { perIp: { limit: 1, windowMs: WINDOW } },
  };
  /** A lookup arriving through the load balancer at PROXY, for the visitor(s) in X-Forwarded-For. */
  const throughProxy = async (api: TestApi, forwardedFor: string) =>
    api.app.inject({
      method: 'POST',
      url: RETRIEVE,
      remoteAddress: PROXY,
      headers: { authorization: `Bearer ${await api.token()}`, 'x-forwarded-for': forwardedFor },
      payload: { mobileNumber: uniqueMobile(), dateOfBirth: HOLDER_DOB },
    });

  it('counts per visitor with TRUST_PROXY=1, and a forged X-Forwarded-For entry changes nothing', async () => {
    const api = await createTestApi(kind, { ...limits, trustProxy: trustHops(1) });
    try {
      expect((await throughProxy(api, '203.0.113.1')).statusCode).toBe(200);
      // Another visitor behind the same balancer has a count of its own.
      expect((await throughProxy(api, '203.0.113.2')).statusCode).toBe(200);
      // The first visitor again, also when it prepends a made-up address: the balancer appends the real one.
      expect((await throughProxy(api, '203.0.113.1')).statusCode).toBe(429);
      expect((await throughProxy(api, '198.51.100.7, 203.0.113.1')).statusCode).toBe(429);
    } finally {
      await api.close();
    }
    // Each of these tests starts a server of its own, its database included: a hook's time.
  }, 30_000);

  it('believes no X-Forwarded-For without TRUST_PROXY: every visitor is the balancer', async () => {
    const api = await createTestApi(kind, limits);
    try {
      expect((await throughProxy(api, '203.0.113.1')).statusCode).toBe(200);
      expect((await throughProxy(api, '203.0.113.2')).statusCode).toBe(429);
    } finally {
      await api.close();
    }
  }, 30_000);
});
