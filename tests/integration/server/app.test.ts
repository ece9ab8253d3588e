import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/server/app.ts';
import { testConfig } from '../../../src/server/config.ts';
import { precompress } from '../../../tools/precompress.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const INDEX_HTML =
  '<!doctype html><html><head><title>bimaflow test</title></head><body><div id="root"></div></body></html>';
const ASSET = 'assets/index-AbC123.js';
const BIG_ASSET = 'assets/JourneyPage-XyZ789.js';
const BIG_SOURCE = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let staticRoot: string;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  staticRoot = await mkdtemp(join(tmpdir(), 'bimaflow-spa-'));
  await mkdir(join(staticRoot, 'assets'));
  await writeFile(join(staticRoot, 'index.html'), INDEX_HTML);
  await writeFile(join(staticRoot, ASSET), 'console.log("app");');
  await writeFile(join(staticRoot, '.env'), 'SECRET=1');
  await writeFile(join(staticRoot, BIG_ASSET), BIG_SOURCE);
  precompress(staticRoot);

  app = await build({
    config: testConfig(),
    staticRoot,
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  // Routes that only tests need, registered before the app is ready.
  app.get('/buyonlineoauth/test/boom', { config: { auth: 'none' } }, async () => {
    throw new Error('database password is hunter2');
  });
  app.post(
    '/buyonlineoauth/test/echo',
    {
      config: { auth: 'none' },
      schema: {
        body: {
          type: 'object',
          required: ['mobile'],
          properties: { mobile: { type: 'string', pattern: '^[6-9][0-9]{9}$' } },
        },
      },
    },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('answers ok as JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('SPA', () => {
  it('serves index.html at / without caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('falls back to index.html for a history route of the T54 journey', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/retirement-plans/guaranteed-pension-plan/review-details?utm_source=x',
      headers: HTML,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('serves the journey base path with its trailing slash', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/retirement-plans/guaranteed-pension-plan/',
      headers: HTML,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build-time brotli or gzip copy a browser accepts, and the plain file otherwise', async () => {
    const br = await app.inject({
      method: 'GET',
      url: `/${BIG_ASSET}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SOURCE);
    expect(br.rawPayload.length).toBeLessThan(BIG_SOURCE.length / 3);
    const gzip = await app.inject({
      method: 'GET',
      url: `/${BIG_ASSET}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SOURCE);
    const plain = await app.inject({
      method: 'GET',
      url: `/${BIG_ASSET}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SOURCE);
  });

  it('answers a missing asset with a JSON 404, not the HTML shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('does not serve dotfiles', async () => {
    const res = await app.inject({ method: 'GET', url: '/.env' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SECRET');
  });

  it('does not fall back for requests that do not accept HTML or are not GET', async () => {
    const json = await app.inject({
      method: 'GET',
      url: '/retirement-plans/guaranteed-pension-plan/plan-details',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await app.inject({
      method: 'POST',
      url: '/retirement-plans/guaranteed-pension-plan/plan-details',
      headers: HTML,
    });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('unknown API paths', () => {
  it.each(['/buyonlineoauth/nope', '/proposal_service/v1/nope', '/buyonline_pincodemaster/x', '/healthz/x'])(
    '%s gets a JSON 404 even when the browser accepts HTML',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        status: 'Failed',
        statusCode: 404,
        error: 'Not Found',
        message: expect.stringContaining(url),
      });
    },
  );
});

describe('security headers', () => {
  it.each(['/', '/healthz', `/${ASSET}`, '/buyonlineoauth/nope'])('are present on %s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: HTML });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keep every answer that says nothing of caching out of every cache; an answer that may be kept says so', async () => {
    for (const url of ['/healthz', '/buyonlineoauth/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    const asset = await app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const shell = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(shell.headers['cache-control']).not.toBe('no-store');
  });
});

describe('errors', () => {
  it('answers a server fault with a generic 500, no stack or detail, and logs it', async () => {
    logLines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/buyonlineoauth/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toEqual({
      status: 'Failed',
      statusCode: 500,
      error: 'Internal Server Error',
      message: expect.any(String),
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
    expect(logLines.join('')).toContain('hunter2');
  });

  it('answers a schema violation with 400 and the wrong fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/buyonlineoauth/test/echo',
      payload: { mobile: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      // In a person's words, never the validator's ("must match pattern …").
      message: 'Please enter valid mobile.',
      errors: [{ field: 'mobile', message: 'Please enter valid mobile.' }],
    });
  });

  it('names a missing required field', async () => {
    const res = await app.inject({ method: 'POST', url: '/buyonlineoauth/test/echo', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Mobile cannot be empty.',
      errors: [{ field: 'mobile', message: 'Mobile cannot be empty.' }],
    });
  });

  it('never coerces a body: a number, a list or true is not the text a field asks for', async () => {
    for (const mobile of [9876543210, ['9876543210'], true]) {
      const res = await app.inject({ method: 'POST', url: '/buyonlineoauth/test/echo', payload: { mobile } });
      expect([mobile, res.statusCode, res.json().errors]).toEqual([
        mobile,
        400,
        [{ field: 'mobile', message: 'Please enter valid mobile.' }],
      ]);
    }
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/buyonlineoauth/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'We could not read the details sent. Please try again.',
    });
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toContain('JSON');
  });

  it('answers a body of another type and an empty JSON body in words too', async () => {
    const typed = await app.inject({
      method: 'POST',
      url: '/buyonlineoauth/test/echo',
      headers: { 'content-type': 'text/csv' },
      payload: 'mobile\n9876543210',
    });
    expect(typed.statusCode).toBe(415);
    expect(typed.json().message).toBe('Please send the details as JSON.');
    const empty = await app.inject({
      method: 'POST',
      url: '/buyonlineoauth/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('We could not read the details sent. Please try again.');
  });
});
