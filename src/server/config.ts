/** Server configuration, from the environment. Secrets live here, never in the browser bundle. */
export interface ServerConfig {
  /** PostgreSQL connection string; absent means embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema (tests use their own). */
  databaseSchema?: string;
  /** PGlite directory, or 'memory'. */
  dataDir: string;
  /** Redis for shared rate limits across instances; absent means in-memory limits. */
  redisUrl?: string;
  /** HMAC key for access tokens and application capabilities; absent: generated once and kept in the database. */
  tokenSecret?: string;
  /** The envelope password. The envelope obscures payloads; it is not a secret boundary (see ARCHITECTURE). */
  envelopePassword: string;
  /** The browser's public client id for the token call (no secret: a public client). */
  publicClientId: string;
  /** Confidential service clients (CRM, operations) as id -> secret. */
  serviceClients: Record<string, string>;
  /** Where the outbox dispatcher delivers lead, CRM and call-centre pushes; absent: they stay recorded. */
  outboxWebhookUrl?: string;
  accessTokenTtlSeconds: number;
  capabilityTtlSeconds: number;
  /** Load the India Post pincode master at start when the table is empty. */
  seedPincodes: boolean;
}

export const DEFAULT_ENVELOPE_PASSWORD = 'bimaflow-envelope-v1';

function parseClients(value: string | undefined): Record<string, string> {
  const clients: Record<string, string> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [id, secret] = pair.split(':');
    if (!id || !secret) throw new Error('API_CLIENTS must look like "crm:secret,ops:secret2"');
    clients[id] = secret;
  }
  return clients;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    dataDir: env.DATA_DIR || 'data/pglite',
    redisUrl: env.REDIS_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    envelopePassword: env.ENVELOPE_PASSWORD || DEFAULT_ENVELOPE_PASSWORD,
    publicClientId: env.PUBLIC_CLIENT_ID || 'bimaflow-web',
    serviceClients: parseClients(env.API_CLIENTS),
    outboxWebhookUrl: env.OUTBOX_WEBHOOK_URL || undefined,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS || 3600),
    capabilityTtlSeconds: Number(env.CAPABILITY_TTL_SECONDS || 60 * 60 * 24 * 45),
    seedPincodes: env.SEED_PINCODES !== 'false',
  };
}

/** A configuration for tests: in-memory PGlite unless a database URL is given. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir: 'memory',
    tokenSecret: 'test-token-secret-0123456789abcdef',
    serviceClients: { crm: 'crm-secret' },
    seedPincodes: false,
    ...overrides,
  };
}
