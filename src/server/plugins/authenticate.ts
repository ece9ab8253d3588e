import { ApiError } from '../lib/ApiError.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import '../types.ts';

const API_PREFIXES = [
  '/buyonlineoauth/',
  '/proposal_service/',
  '/buyonline_pincodemaster/',
  '/api_etermcrm_leadcreation_sf/',
];

/**
 * Every API route needs a Bearer access token unless it declares `config.auth: 'none'`;
 * 'service' routes need a confidential client's token. Application capabilities are
 * checked by the routes that read or change an application (see requireCapability).
 */
export const authenticate = globalPlugin('authenticate', async (app) => {
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'bearer';
    const url = request.routeOptions.url ?? '';
    if (mode === 'none' || !API_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? app.tokens.verifyAccess(token) : undefined;
    if (!claims) throw new ApiError(401, 'Your session has expired. Please refresh the page and try again.');
    if (mode === 'service' && claims.scope !== 'service') {
      throw new ApiError(403, 'This call is not available to this client.');
    }
    request.principal = claims;
  });
});

/** The header carrying an application capability. */
export const CAPABILITY_HEADER = 'x-application-capability';
