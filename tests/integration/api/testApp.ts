import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openBrowser, sealBrowser } from '../../../src/shared/envelope/browserEnvelope.ts';
import { build } from '../../../src/server/app.ts';
import { testConfig, type ServerConfig } from '../../../src/server/config.ts';
import { createPostgresDb } from '../../../src/server/db/postgresDb.ts';
import { CAPABILITY_HEADER } from '../../../src/server/plugins/authenticate.ts';

/*
 * Integration tests run every route against PGlite and, when TEST_DATABASE_URL is set
 * (CI sets it), again against PostgreSQL, each run in a schema of its own.
 */
export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  config(overrides?: Partial<ServerConfig>): ServerConfig;
}

const databaseUrl = process.env.TEST_DATABASE_URL;

export const DATABASES: DatabaseKind[] = [
  { name: 'pglite', config: (overrides) => testConfig(overrides) },
  ...(databaseUrl
    ? [
        {
          name: 'postgres' as const,
          config: (overrides?: Partial<ServerConfig>) =>
            testConfig({ databaseUrl, databaseSchema: `t_${randomBytes(6).toString('hex')}`, ...overrides }),
        },
      ]
    : []),
];

export interface RequestOptions {
  /** Bearer token; defaults to a fresh journey token. */
  token?: string | null;
  /** Application capability header. */
  capability?: string;
  /** Send the body as `{data: <envelope>}` (default true). */
  seal?: boolean;
  headers?: Record<string, string>;
}

export interface TestApi {
  app: FastifyInstance;
  config: ServerConfig;
  /** A journey (browser) access token, or a service one. */
  token(scope?: 'journey' | 'service'): Promise<string>;
  post(url: string, body: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** The decrypted `response` / `encryptedResponse` of an answer. */
  open<T = Record<string, unknown>>(res: LightMyRequestResponse, field?: 'response' | 'encryptedResponse'): T;
  close(): Promise<void>;
}

export async function createTestApi(
  kind: DatabaseKind,
  overrides: Partial<ServerConfig> = {},
  /** The built SPA to serve (browser tests that seed the database directly); none by default. */
  staticRoot = '/nonexistent',
): Promise<TestApi> {
  const config = kind.config(overrides);
  const app = await build({ config, staticRoot });
  await app.ready();
  const tokens: Partial<Record<'journey' | 'service', string>> = {};

  const api: TestApi = {
    app,
    config,
    async token(scope = 'journey') {
      if (!tokens[scope]) {
        const res = await app.inject({
          method: 'POST',
          url: '/buyonlineoauth/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload:
            scope === 'journey'
              ? `grant_type=client_credentials&client_id=${config.publicClientId}`
              : 'grant_type=client_credentials&client_id=crm&client_secret=crm-secret',
        });
        if (res.statusCode !== 200) throw new Error(`token call failed: ${res.body}`);
        tokens[scope] = res.json().access_token as string;
      }
      return tokens[scope]!;
    },
    async post(url, body, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token === undefined ? await api.token() : options.token;
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.capability) headers[CAPABILITY_HEADER] = options.capability;
      const payload = options.seal === false ? body : { data: sealBrowser(config.envelopePassword, body) };
      return app.inject({ method: 'POST', url, headers, payload: payload as object });
    },
    async get(url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token === undefined ? await api.token() : options.token;
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.capability) headers[CAPABILITY_HEADER] = options.capability;
      return app.inject({ method: 'GET', url, headers });
    },
    open(res, field = 'response') {
      const sealed = res.json()[field];
      if (typeof sealed !== 'string') throw new Error(`no ${field} in ${res.body}`);
      return openBrowser(config.envelopePassword, sealed);
    },
    async close() {
      await app.close();
      if (config.databaseUrl && config.databaseSchema) {
        const admin = await createPostgresDb(config.databaseUrl, { max: 1 });
        await admin
          .query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`)
          .finally(() => admin.close());
      }
    },
  };
  return api;
}
