import { globalPlugin } from '../lib/globalPlugin.ts';

/**
 * Content-Security-Policy for the Vite-built React SPA: everything from our own origin.
 * - script-src has no 'unsafe-eval': the browser validates with precompiled validators
 *   (engine/validation/precompiledValidators.ts), never compiling code at run time.
 * - style-src 'unsafe-inline' covers React `style` attributes.
 * - form-action is deliberately left open: the payment step posts a form to the gateway.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** HTTPS only for a year, subdomains too (browsers heed it only over HTTPS, where it is served from). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * What an answer that says nothing of caching is: never stored, by the browser or anything
 * between (tokens, applications, stage saves, payment outcomes carry personal data). Answers
 * that may be kept say so themselves (assets, the SPA shell, a found pincode or IFSC, brochures).
 */
export const DEFAULT_CACHE_CONTROL = 'no-store';

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * Adds the security headers to every answer: pages, assets, API responses and errors alike;
 * and `Cache-Control: no-store` to every answer that does not set its own.
 */
export const securityHeaders = globalPlugin('securityHeaders', async (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
});
