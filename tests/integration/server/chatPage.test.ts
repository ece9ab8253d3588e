import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/server/app.ts';
import { configFromEnv, testConfig } from '../../../src/server/config.ts';

/*
 * Issue 20: the chat page is a bundle of its own (dist/app/chat), served at /chat/ with its
 * history routes and immutable assets; it alone may be framed, and only by our own pages,
 * while the journey's pages may frame it (frame-src 'self' and a configured CHAT_URL's origin).
 */
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const JOURNEY_INDEX = '<!doctype html><html><head><title>journey</title></head><body></body></html>';
const CHAT_INDEX = '<!doctype html><html><head><title>chat</title></head><body></body></html>';
const CHAT_ASSET = 'chat/assets/index-Ch4t01.js';

let staticRoot: string;
/** The server with the default CHAT_URL, and one with the chat at another address. */
let own: FastifyInstance;
let external: FastifyInstance;

async function serve(chatUrl?: string) {
  const app = await build({ config: testConfig(chatUrl ? { chatUrl } : {}), staticRoot });
  await app.ready();
  return app;
}

beforeAll(async () => {
  staticRoot = await mkdtemp(join(tmpdir(), 'bimaflow-chat-'));
  await mkdir(join(staticRoot, 'assets'));
  await mkdir(join(staticRoot, 'chat', 'assets'), { recursive: true });
  await writeFile(join(staticRoot, 'index.html'), JOURNEY_INDEX);
  await writeFile(join(staticRoot, 'chat', 'index.html'), CHAT_INDEX);
  await writeFile(join(staticRoot, CHAT_ASSET), 'console.log("chat");');
  [own, external] = await Promise.all([serve(), serve('https://chat.insurer.example/help/chat/')]);
});

afterAll(async () => {
  await Promise.all([own?.close(), external?.close()]);
  await rm(staticRoot, { recursive: true, force: true });
});

const policy = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  ) as Record<string, string>;

describe('the chat page', () => {
  it('is served at /chat/ and its history routes, its assets cached for good', async () => {
    const app = own;
    for (const url of ['/chat/', '/chat', '/chat/conversation']) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, CHAT_INDEX]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: `/${CHAT_ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/chat/assets/gone-123.js', headers: HTML });
    expect(missing.statusCode).toBe(404);
    const journey = await app.inject({
      method: 'GET',
      url: '/retirement-plans/x/plan-details',
      headers: HTML,
    });
    expect(journey.body).toBe(JOURNEY_INDEX);
  });

  it('may be framed by our own pages only; every other answer by none', async () => {
    const app = own;
    for (const url of ['/chat/', '/chat', '/chat/conversation', `/${CHAT_ASSET}`]) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect([url, policy(res.headers)['frame-ancestors']]).toEqual([url, "'self'"]);
      expect([url, res.headers['x-frame-options']]).toEqual([url, 'SAMEORIGIN']);
      expect(policy(res.headers)['default-src']).toBe("'self'");
    }
    for (const url of [
      '/',
      '/retirement-plans/x/plan-details',
      '/chatter',
      '/buyonlineoauth/chat/messages',
      '/desk/api/chats',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect([url, policy(res.headers)['frame-ancestors']]).toEqual([url, "'none'"]);
      expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
    }
  });

  it('may be framed by the journey from this server or from the configured CHAT_URL’s origin', async () => {
    const page = await own.inject({ method: 'GET', url: '/', headers: HTML });
    expect(policy(page.headers)['frame-src']).toBe("'self'");

    const framing = await external.inject({ method: 'GET', url: '/', headers: HTML });
    expect(policy(framing.headers)['frame-src']).toBe("'self' https://chat.insurer.example");
    expect(policy(framing.headers)['frame-ancestors']).toBe("'none'");
  });

  it('reads CHAT_URL: a path on this server or an http(s) address', () => {
    expect(configFromEnv({}).chatUrl).toBe('/chat/');
    expect(configFromEnv({ CHAT_URL: 'https://chat.insurer.example/' }).chatUrl).toBe(
      'https://chat.insurer.example/',
    );
    expect(() => configFromEnv({ CHAT_URL: 'javascript:alert(1)' })).toThrow(/CHAT_URL/);
    expect(() => configFromEnv({ CHAT_URL: '//chat.insurer.example' })).toThrow(/CHAT_URL/);
  });
});
