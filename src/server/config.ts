import { isIP } from 'node:net';

/** Server configuration, from the environment. Secrets live here, never in the browser bundle. */
export interface ServerConfig {
  /** PostgreSQL connection string; absent means embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema (tests use their own). */
  databaseSchema?: string;
  /** Connections of this instance's PostgreSQL pool; absent: 10. */
  databasePoolSize?: number;
  /** PGlite directory, or 'memory'. */
  dataDir: string;
  /** Redis for shared rate limits across instances; absent means in-memory limits. */
  redisUrl?: string;
  /** Prefix of every Redis key this server writes (tests use one per run). Default 'bimaflow:'. */
  redisKeyPrefix?: string;
  /** How long a database query or connection may take before the request fails with a 503 (ms; default 5000). */
  databaseTimeoutMs?: number;
  /** How long a Redis command may take before it counts as failed (ms; default 500). */
  redisCommandTimeoutMs?: number;
  /** How long `/healthz/ready` waits for each dependency (ms; 1000 unless told, tests set less). */
  readyCheckTimeoutMs?: number;
  /** Resume lookups answer no sooner than this (ms), found or not, so timing tells nothing. Default 250. */
  resumeMinimumAnswerMs?: number;
  /** Fixed-window limits on the resume lookups; each one given replaces its default. */
  resumeRateLimits?: Partial<Record<ResumeLimitName, WindowLimit>>;
  /**
   * Limits on writes per token, address and application (src/server/lib/writeLimits.ts):
   * each kind given replaces its default; `false` switches them off (benches; WRITE_RATE_LIMITS=off).
   */
  writeRateLimits?: Partial<WriteLimits> | false;
  /** HMAC key for access tokens and application capabilities; absent: generated once and kept in the database. */
  tokenSecret?: string;
  /** The envelope password. The envelope obscures payloads; it is not a secret boundary (see ARCHITECTURE). */
  envelopePassword: string;
  /** The browser's public client id for the token call (no secret: a public client). */
  publicClientId: string;
  /** Confidential service clients (CRM, operations) as id -> secret (a prototype-less object). */
  serviceClients: Record<string, string>;
  /**
   * Which proxies in front of the server to believe about the client address, as Fastify's
   * `trustProxy`: addresses/CIDRs, or a hop count (see trustHops). Absent: none, and
   * `request.ip` is the peer's address.
   */
  trustProxy?: string[] | TrustProxyFunction;
  /** Where the outbox dispatcher delivers lead, CRM and call-centre pushes; absent: they stay recorded. */
  outboxWebhookUrl?: string;
  /** Signs each delivery (`x-bimaflow-signature: sha256=<hmac of the body>`) when set. */
  outboxWebhookSecret?: string;
  /** Run the outbox dispatcher while the app is up (tests switch it off and call dispatchOnce). */
  outboxDispatch: boolean;
  /** Pause between dispatcher runs when nothing is left to deliver. */
  outboxIntervalMs: number;
  /** Rows one dispatcher run claims at most. */
  outboxBatchSize: number;
  /** Deliveries tried before a row is marked 'failed'. */
  outboxMaxAttempts: number;
  /** Time limit of one webhook call. */
  outboxTimeoutMs: number;
  /** The clock of date rules such as call-back slots (tests inject one); absent: the system clock. */
  now?: () => Date;
  accessTokenTtlSeconds: number;
  capabilityTtlSeconds: number;
  /** Load the India Post pincode master at start when the table is empty. */
  seedPincodes: boolean;
  /** The payment gateway (PayU's protocol); the salt stays here and never reaches the browser. */
  payment: PaymentConfig;
  /**
   * Where the journey's chat frame loads from (CHAT_URL): a path on this server (default
   * '/chat/', the chat page this server serves) or an http(s) address, whose origin the pages'
   * Content-Security-Policy then allows to be framed.
   */
  chatUrl: string;
}

/**
 * The payment gateway the browser is sent to (PayU's `_payment` form post) and the merchant
 * credentials the server signs with. Default: the built-in sandbox served by this server.
 */
export interface PaymentConfig {
  /** Where the browser posts an online payment: an absolute URL, or a path on this server (the sandbox). */
  gatewayUrl: string;
  /** Where the browser posts a Bima-ASBA (UPI one-time mandate) payment. */
  basbaGatewayUrl: string;
  /** The merchant key, sent to the browser in every payment form. */
  key: string;
  /** The merchant salt: signs requests and verifies responses. Server only. */
  salt: string;
  /** The address visitors reach this server at (surl/furl); absent: the request's own origin. */
  publicBaseUrl?: string;
  /** Serve the built-in gateway under /payu-sandbox/ (it signs with `salt`, so never beside a real gateway). */
  sandbox: boolean;
  /** PayU's verify_payment (postservice.php?form=2): an absolute URL, or a path on this server (the sandbox). */
  verifyUrl: string;
  /** Time limit of one verify_payment call, in ms. */
  verifyTimeoutMs: number;
  /** How long an unanswered online transaction is offered again (the gateway's checkout session), in minutes. */
  sessionMinutes: number;
  /** Ask verify_payment about unsettled transactions while the app is up (tests switch it off). */
  reconcile: boolean;
  /** Pause between reconciliation runs, in ms. */
  reconcileIntervalMs: number;
  /** A transaction is asked about once it is this old, and again after as long, in minutes… */
  reconcileAfterMinutes: number;
  /** …until it is this old, in days. */
  reconcileMaxAgeDays: number;
}

/** PAYU_VERIFY_TIMEOUT_MS, PAYMENT_SESSION_MINUTES and PAYMENT_RECONCILE_*, when not set. */
export const PAYMENT_DEFAULTS = {
  verifyTimeoutMs: 10_000,
  sessionMinutes: 15,
  reconcile: true,
  reconcileIntervalMs: 5 * 60_000,
  reconcileAfterMinutes: 15,
  reconcileMaxAgeDays: 7,
} as const satisfies Partial<PaymentConfig>;

/** The resume lookups' limits: short windows per IP, mobile and application, and daily ones per mobile and application. */
export type ResumeLimitName =
  'perIp' | 'perMobile' | 'perApplication' | 'perMobileDaily' | 'perApplicationDaily';

/** At most `limit` attempts per fixed window of `windowMs`. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** What a write limit counts (src/server/lib/writeLimits.ts): the kind a route declares. */
export type WriteLimitKind =
  'token' | 'create' | 'quote' | 'save' | 'lead' | 'chat' | 'upload' | 'payment' | 'analytics';
/** A write limit per access token, client address or application. */
export interface WriteRule extends WindowLimit {
  per: 'token' | 'address' | 'application';
}
export type WriteLimits = Record<WriteLimitKind, readonly WriteRule[]>;

export const DEFAULT_ENVELOPE_PASSWORD = 'bimaflow-envelope-v1';

/** The chat page this server serves (src/chat, built by vite.chat.config.ts). */
export const DEFAULT_CHAT_URL = '/chat/';

/** Where the built-in sandbox gateway lives on this server. */
export const PAYMENT_SANDBOX_PREFIX = '/payu-sandbox/';

/** The built-in sandbox's merchant: test credentials, published here on purpose. */
export const SANDBOX_PAYMENT: Pick<
  PaymentConfig,
  'gatewayUrl' | 'basbaGatewayUrl' | 'verifyUrl' | 'key' | 'salt'
> = {
  gatewayUrl: `${PAYMENT_SANDBOX_PREFIX}_payment`,
  basbaGatewayUrl: `${PAYMENT_SANDBOX_PREFIX}basba`,
  verifyUrl: `${PAYMENT_SANDBOX_PREFIX}merchant/postservice.php?form=2`,
  key: 'bimaflow-sandbox-key',
  salt: 'bimaflow-sandbox-salt-for-tests-only',
};

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return number;
}

/** `id:secret` pairs split at the first colon (a secret may contain colons), into an object without a prototype. */
function parseClients(value: string | undefined): Record<string, string> {
  const clients: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = pair.indexOf(':');
    const id = colon < 0 ? pair : pair.slice(0, colon);
    const secret = colon < 0 ? '' : pair.slice(colon + 1);
    if (!id || !secret) throw new Error('API_CLIENTS must look like "crm:secret,ops:secret2"');
    clients[id] = secret;
  }
  return clients;
}

/** Fastify's trust function: whether the address `hop` steps from the server is a proxy of ours. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Trust the `hops` nearest addresses (the peer is hop 0), as Express reads a number. Fastify
 * itself takes a bare number as "trust nothing", so a hop count is passed as this function.
 */
export function trustHops(hops: number): TrustProxyFunction {
  return (_address, hop) => hop < hops;
}

/** Names proxy-addr accepts besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (!version) return false;
  if (slash < 0) return true;
  const prefix = entry.slice(slash + 1);
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4; // a netmask such as 255.255.255.0
}

/**
 * TRUST_PROXY: unset, empty or 0 trusts no proxy; a positive integer trusts that many hops
 * in front of the server; otherwise a comma-separated list of addresses, CIDRs or the
 * names loopback, linklocal, uniquelocal. Anything else (`true` included: it would let any
 * client choose its own address) stops the start.
 */
function parseTrustProxy(value: string | undefined): string[] | TrustProxyFunction | undefined {
  const text = value?.trim();
  if (!text || text === '0' || text === 'false') return undefined;
  if (/^\d+$/.test(text)) return trustHops(positiveInteger('TRUST_PROXY', text, 0));
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length || !entries.length) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of addresses/CIDRs, got "${value}"`,
    );
  }
  return entries;
}

function booleanFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** An http(s) URL, or (when `pathAllowed`) a path on this server; trailing slashes dropped from a base. */
function address(name: string, value: string | undefined, { pathAllowed }: { pathAllowed: boolean }) {
  const text = value?.trim();
  if (!text) return undefined;
  if (pathAllowed && /^\/(?!\/)/.test(text)) return text;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new Error(
      `${name} must be an http(s) address${pathAllowed ? ' or a path starting with /' : ''}, got "${value}"`,
    );
  }
  return text;
}

/** Whether a gateway address is the built-in sandbox's (a path on this server, or a full URL to it). */
function isSandboxAddress(gatewayUrl: string): boolean {
  const path = gatewayUrl.startsWith('/') ? gatewayUrl : new URL(gatewayUrl).pathname;
  return path.startsWith(PAYMENT_SANDBOX_PREFIX);
}

/**
 * PAYU_URL, PAYU_BASBA_URL, PAYU_KEY, PAYU_SALT, PUBLIC_BASE_URL, PAYMENT_SANDBOX. Nothing set:
 * the built-in sandbox. PAYU_URL set: a real gateway (PayU test or production), which needs
 * PAYU_KEY, PAYU_SALT and an https PUBLIC_BASE_URL, and turns the sandbox off. The sandbox signs
 * gateway answers with its own test salt only, so it is refused beside a real gateway or real
 * credentials, and in production (NODE_ENV=production) it must be asked for with PAYMENT_SANDBOX=true.
 */
function parsePayment(env: NodeJS.ProcessEnv): PaymentConfig {
  const payuUrl = address('PAYU_URL', env.PAYU_URL, { pathAllowed: true });
  const basbaUrl = address('PAYU_BASBA_URL', env.PAYU_BASBA_URL, { pathAllowed: true });
  const publicBaseUrl = address('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL, { pathAllowed: false })?.replace(
    /\/+$/,
    '',
  );
  const sandbox = booleanFlag('PAYMENT_SANDBOX', env.PAYMENT_SANDBOX, !payuUrl || isSandboxAddress(payuUrl));
  const gatewayUrl = payuUrl ?? (sandbox ? SANDBOX_PAYMENT.gatewayUrl : undefined);
  if (!gatewayUrl) throw new Error('PAYMENT_SANDBOX=false needs PAYU_URL, the payment gateway to use');
  const basbaGatewayUrl = basbaUrl ?? (payuUrl ? gatewayUrl : SANDBOX_PAYMENT.basbaGatewayUrl);
  const real = [gatewayUrl, basbaGatewayUrl].filter((url) => !isSandboxAddress(url));
  if (sandbox && real.length) {
    throw new Error(
      `PAYMENT_SANDBOX=true cannot be used with a real gateway (${real[0]}): the sandbox signs with the same salt`,
    );
  }
  if (!sandbox && real.length < 2) {
    throw new Error('PAYMENT_SANDBOX=false needs PAYU_URL and PAYU_BASBA_URL to name a real gateway');
  }
  if (sandbox && env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX !== 'true') {
    throw new Error(
      'NODE_ENV=production needs a real payment gateway (PAYU_URL, PAYU_KEY, PAYU_SALT), or PAYMENT_SANDBOX=true to take test payments',
    );
  }
  if (!sandbox && !env.PAYU_SALT)
    throw new Error('PAYU_SALT must be set to use the payment gateway PAYU_URL');
  if (!sandbox && !env.PAYU_KEY) throw new Error('PAYU_KEY must be set to use the payment gateway PAYU_URL');
  // The sandbox signs answers with its salt: given a merchant's real salt it would forge
  // answers the real gateway's merchant accepts. It only ever uses its own test credentials.
  if (sandbox && (env.PAYU_SALT || env.PAYU_KEY)) {
    throw new Error(
      'PAYU_KEY and PAYU_SALT are for a real gateway: set PAYU_URL to it, or unset them to use the built-in sandbox',
    );
  }
  // The gateway posts its answer back to this address: behind a proxy the request's own
  // host and scheme may be wrong, and an http address loses the post to a redirect.
  if (!sandbox && !publicBaseUrl?.startsWith('https://')) {
    throw new Error(
      'PUBLIC_BASE_URL must be set to this site’s https address to use the payment gateway PAYU_URL',
    );
  }
  return {
    gatewayUrl,
    basbaGatewayUrl,
    key: sandbox ? SANDBOX_PAYMENT.key : env.PAYU_KEY!,
    salt: sandbox ? SANDBOX_PAYMENT.salt : env.PAYU_SALT!,
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
    sandbox,
    verifyUrl: sandbox ? SANDBOX_PAYMENT.verifyUrl : verifyUrlOf(env, gatewayUrl),
    verifyTimeoutMs: positiveInteger(
      'PAYU_VERIFY_TIMEOUT_MS',
      env.PAYU_VERIFY_TIMEOUT_MS,
      PAYMENT_DEFAULTS.verifyTimeoutMs,
    ),
    sessionMinutes: positiveInteger(
      'PAYMENT_SESSION_MINUTES',
      env.PAYMENT_SESSION_MINUTES,
      PAYMENT_DEFAULTS.sessionMinutes,
    ),
    reconcile: booleanFlag('PAYMENT_RECONCILE', env.PAYMENT_RECONCILE, PAYMENT_DEFAULTS.reconcile),
    reconcileIntervalMs: positiveInteger(
      'PAYMENT_RECONCILE_INTERVAL_MS',
      env.PAYMENT_RECONCILE_INTERVAL_MS,
      PAYMENT_DEFAULTS.reconcileIntervalMs,
    ),
    reconcileAfterMinutes: positiveInteger(
      'PAYMENT_RECONCILE_AFTER_MINUTES',
      env.PAYMENT_RECONCILE_AFTER_MINUTES,
      PAYMENT_DEFAULTS.reconcileAfterMinutes,
    ),
    reconcileMaxAgeDays: positiveInteger(
      'PAYMENT_RECONCILE_MAX_AGE_DAYS',
      env.PAYMENT_RECONCILE_MAX_AGE_DAYS,
      PAYMENT_DEFAULTS.reconcileMaxAgeDays,
    ),
  };
}

/**
 * PAYU_VERIFY_URL, or PayU's own for its gateways: production's verify service is
 * info.payu.in (payments go to secure.payu.in), the test gateway's is on test.payu.in; another
 * gateway's is its postservice.php beside its `_payment`. Never from a request.
 */
function verifyUrlOf(env: NodeJS.ProcessEnv, gatewayUrl: string): string {
  const configured = address('PAYU_VERIFY_URL', env.PAYU_VERIFY_URL, { pathAllowed: false });
  if (configured) return configured;
  const gateway = new URL(gatewayUrl);
  const origin = gateway.hostname === 'secure.payu.in' ? 'https://info.payu.in' : gateway.origin;
  return `${origin}/merchant/postservice.php?form=2`;
}

/** WRITE_RATE_LIMITS: unset or 'on' keeps the write limits; 'off' switches them off (benches only). */
function writeLimitsSwitch(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`WRITE_RATE_LIMITS must be on or off, got "${value}"`);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    ...(env.DATABASE_POOL_SIZE
      ? { databasePoolSize: positiveInteger('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10) }
      : {}),
    dataDir: env.DATA_DIR || 'data/pglite',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || undefined,
    databaseTimeoutMs: positiveInteger('DATABASE_TIMEOUT_MS', env.DATABASE_TIMEOUT_MS, 5000),
    redisCommandTimeoutMs: positiveInteger('REDIS_COMMAND_TIMEOUT_MS', env.REDIS_COMMAND_TIMEOUT_MS, 500),
    resumeMinimumAnswerMs: positiveInteger('RESUME_MINIMUM_ANSWER_MS', env.RESUME_MINIMUM_ANSWER_MS, 250),
    ...(writeLimitsSwitch(env.WRITE_RATE_LIMITS) ? {} : { writeRateLimits: false as const }),
    tokenSecret: env.TOKEN_SECRET || undefined,
    envelopePassword: env.ENVELOPE_PASSWORD || DEFAULT_ENVELOPE_PASSWORD,
    publicClientId: env.PUBLIC_CLIENT_ID || 'bimaflow-web',
    serviceClients: parseClients(env.API_CLIENTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    outboxWebhookUrl: env.OUTBOX_WEBHOOK_URL || undefined,
    outboxWebhookSecret: env.OUTBOX_WEBHOOK_SECRET || undefined,
    outboxDispatch: env.OUTBOX_DISPATCH !== 'false',
    outboxIntervalMs: positiveInteger('OUTBOX_INTERVAL_MS', env.OUTBOX_INTERVAL_MS, 5000),
    outboxBatchSize: positiveInteger('OUTBOX_BATCH_SIZE', env.OUTBOX_BATCH_SIZE, 20),
    outboxMaxAttempts: positiveInteger('OUTBOX_MAX_ATTEMPTS', env.OUTBOX_MAX_ATTEMPTS, 12),
    outboxTimeoutMs: positiveInteger('OUTBOX_TIMEOUT_MS', env.OUTBOX_TIMEOUT_MS, 10_000),
    accessTokenTtlSeconds: positiveInteger('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 3600),
    capabilityTtlSeconds: positiveInteger(
      'CAPABILITY_TTL_SECONDS',
      env.CAPABILITY_TTL_SECONDS,
      60 * 60 * 24 * 45,
    ),
    seedPincodes: env.SEED_PINCODES !== 'false',
    payment: parsePayment(env),
    chatUrl: address('CHAT_URL', env.CHAT_URL, { pathAllowed: true }) ?? DEFAULT_CHAT_URL,
  };
}

/** A configuration for tests: in-memory PGlite unless a database URL is given. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = configFromEnv({});
  return {
    ...base,
    dataDir: 'memory',
    tokenSecret: 'test-token-secret-0123456789abcdef',
    serviceClients: { crm: 'crm-secret' },
    seedPincodes: false,
    outboxDispatch: false,
    payment: { ...base.payment, reconcile: false },
    // Tests call from one address with one token far more often than a person could; the
    // write limits have tests of their own (tests/integration/api/writeLimits.test.ts).
    writeRateLimits: false,
    ...overrides,
  };
}
