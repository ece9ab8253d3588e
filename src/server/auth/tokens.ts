import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/Db.ts';

/*
 * Signed, stateless tokens (any instance can check them): base64url(JSON claims) "."
 * base64url(HMAC-SHA256). Two kinds: an access token from the token call (Bearer on every
 * API call, scope 'journey' for the browser, 'service' for confidential clients) and an
 * application capability, given when an application is created or legitimately resumed,
 * required to read or change that application.
 */
export type Scope = 'journey' | 'service';

export interface AccessClaims {
  typ: 'access';
  sub: string;
  scope: Scope;
  exp: number;
  /** A random nonce: two tokens issued in the same second are still distinct. */
  jti: string;
}

export interface CapabilityClaims {
  typ: 'cap';
  app: string;
  exp: number;
  jti: string;
}

export interface TokenService {
  issueAccess(clientId: string, scope: Scope, ttlSeconds: number): string;
  verifyAccess(token: string): AccessClaims | undefined;
  issueCapability(applicationNumber: string, ttlSeconds: number): string;
  /** True when the token is a live capability for exactly this application. */
  allows(token: string | undefined, applicationNumber: string): boolean;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Tokens whose signature has been checked, remembered so a session's every call is not an HMAC again. */
const VERIFIED_LIMIT = 10_000;

export function createTokenService(secret: string, now: () => number = () => Date.now()): TokenService {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  // Claims of tokens already found genuine, by token text; expiry is still checked on every use.
  const verified = new Map<string, { exp: number }>();
  const issue = (claims: object) => {
    const body = b64(JSON.stringify(claims));
    return `${body}.${b64(sign(body))}`;
  };
  const verify = <T extends { exp: number }>(token: string | undefined): T | undefined => {
    if (typeof token !== 'string') return undefined;
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 > now()) return known as T;
      verified.delete(token);
      return undefined;
    }
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = sign(body);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      if (!(claims.exp * 1000 > now())) return undefined;
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
      verified.set(token, Object.freeze(claims));
      return claims;
    } catch {
      return undefined;
    }
  };
  const expiry = (ttlSeconds: number) => Math.floor(now() / 1000) + ttlSeconds;
  const nonce = () => randomBytes(9).toString('base64url');
  return {
    issueAccess: (sub, scope, ttl) =>
      issue({ typ: 'access', sub, scope, exp: expiry(ttl), jti: nonce() } satisfies AccessClaims),
    verifyAccess(token) {
      const claims = verify<AccessClaims>(token);
      return claims?.typ === 'access' ? claims : undefined;
    },
    issueCapability: (app, ttl) =>
      issue({ typ: 'cap', app, exp: expiry(ttl), jti: nonce() } satisfies CapabilityClaims),
    allows(token, applicationNumber) {
      const claims = verify<CapabilityClaims>(token);
      return claims?.typ === 'cap' && claims.app === applicationNumber;
    },
  };
}

/** The configured secret, or one generated once and shared by every instance through the database. */
export async function resolveTokenSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    'token_secret',
    randomBytes(32).toString('hex'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    'token_secret',
  ]);
  return rows[0]!.value;
}
