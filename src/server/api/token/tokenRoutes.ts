import formbody from '@fastify/formbody';
import { TOKEN_FAILED } from '../../../shared/tokenMessages.ts';
import type { FastifyPluginAsync } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../lib/ApiError.ts';
import '../../types.ts';

/**
 * Token call (spec 01 §7.1, 02 §7): client-credentials form body with a Basic header;
 * answers `access_token` used as Bearer on every API call. The browser is a public
 * client (its id, no secret); confidential service clients authenticate with a secret
 * from server configuration and get the 'service' scope.
 */
export const TOKEN_PATH = '/buyonlineoauth/oauth/token';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicCredentials(header: string | undefined): { id?: string; secret?: string } {
  if (!header?.startsWith('Basic ')) return {};
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { id: decoded } : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export const tokenRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  const { publicClientId, serviceClients, accessTokenTtlSeconds } = app.serverConfig;

  app.post<{ Body: { grant_type: string; client_id?: string; client_secret?: string } }>(
    TOKEN_PATH,
    {
      config: { auth: 'none', writeLimit: 'token' },
      schema: {
        body: {
          type: 'object',
          required: ['grant_type'],
          properties: {
            grant_type: { type: 'string', const: 'client_credentials' },
            client_id: { type: 'string', maxLength: 100 },
            client_secret: { type: 'string', maxLength: 200 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['access_token', 'token_type', 'expires_in'],
            properties: {
              access_token: { type: 'string' },
              token_type: { type: 'string' },
              expires_in: { type: 'integer' },
              scope: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => {
      const basic = basicCredentials(request.headers.authorization);
      const clientId = request.body.client_id ?? basic.id;
      const secret = request.body.client_secret ?? basic.secret ?? '';
      let scope: 'journey' | 'service';
      // Own properties only: an id such as `constructor` or `__proto__` is no client.
      if (
        clientId &&
        Object.hasOwn(serviceClients, clientId) &&
        sameSecret(secret, serviceClients[clientId]!)
      ) {
        scope = 'service';
      } else if (clientId === publicClientId) {
        scope = 'journey';
      } else {
        throw new ApiError(401, TOKEN_FAILED);
      }
      return {
        access_token: app.tokens.issueAccess(clientId, scope, accessTokenTtlSeconds),
        token_type: 'Bearer',
        expires_in: accessTokenTtlSeconds,
        scope,
      };
    },
  );
};
