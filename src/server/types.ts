import type { RouteOptions } from 'fastify';
import type { NodeEnvelope } from '../shared/envelope/nodeEnvelope.ts';
import type { PolicyStartDates } from './api/applications/policyStartDates.ts';
import type { AccessClaims, TokenService } from './auth/tokens.ts';
import type { ServerConfig, WriteLimitKind } from './config.ts';
import type { Db } from './db/Db.ts';
import type { RateLimiter } from './lib/rateLimiter.ts';

/** What every route may declare in `config`, and what the server decorates. */
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    serverConfig: ServerConfig;
    envelope: NodeEnvelope;
    tokens: TokenService;
    /** Start dates of applications this instance has seen (quotes are priced at them). */
    policyStartDates: PolicyStartDates;
    /** Where attempts are counted (memory, or Redis shared by every instance). */
    rateLimiter: RateLimiter;
    /** Every route registered on the app, with its options. */
    routeCatalogue: RouteOptions[];
  }
  interface FastifyRequest {
    /** The verified access token of the caller (routes with `auth` other than 'none'). */
    principal?: AccessClaims;
  }
  interface FastifyContextConfig {
    /**
     * Who may call: 'none' (token call, health, static), 'bearer' (any access token, the
     * default for API routes) or 'service' (confidential clients only).
     */
    auth?: 'none' | 'bearer' | 'service';
    /** Wrap a successful answer as `{response: …}` or `{encryptedResponse: …}` (spec 01 §7, 02 §7). */
    sealResponse?: 'response' | 'encryptedResponse';
    /** Count this route's requests against the write limits of this kind (src/server/lib/writeLimits.ts). */
    writeLimit?: WriteLimitKind;
  }
}

export {};
