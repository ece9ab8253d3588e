import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { ApiError } from '../lib/ApiError.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import '../types.ts';

const API_PREFIXES = [
  '/buyonlineoauth/',
  '/proposal_service/',
  '/buyonline_pincodemaster/',
  '/api_etermcrm_leadcreation_sf/',
];

const EXPIRED_MESSAGE = 'Your session has expired. Please refresh the page and try again.';

/**
 * Every API route needs a Bearer access token unless it declares `config.auth: 'none'`;
 * 'service' routes need a confidential client's token. Application capabilities are
 * checked by the routes that read or change an application (see requireCapability).
 * Who may call is known when a route is registered, so the check is added to the routes
 * that need it (ahead of their own onRequest hooks) rather than asked of every request.
 */
export const authenticate = globalPlugin('authenticate', async (app) => {
  const check =
    (mode: 'bearer' | 'service'): onRequestHookHandler =>
    (request, _reply, done) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const claims = token ? app.tokens.verifyAccess(token) : undefined;
      if (!claims) throw new ApiError(401, EXPIRED_MESSAGE);
      if (mode === 'service' && claims.scope !== 'service') {
        throw new ApiError(403, 'This call is not available to this client.');
      }
      request.principal = claims;
      done();
    };
  const bearer = check('bearer');
  const service = check('service');

  app.addHook('onRoute', (route: RouteOptions) => {
    const mode = route.config?.auth ?? 'bearer';
    if (mode === 'none' || !API_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    route.onRequest = [mode === 'service' ? service : bearer, ...[route.onRequest ?? []].flat()];
  });
});

/** The header carrying an application capability. */
export const CAPABILITY_HEADER = 'x-application-capability';
