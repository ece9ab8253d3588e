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

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** Adds the security headers to every answer: pages, assets, API responses and errors alike. */
export const securityHeaders = globalPlugin('securityHeaders', async (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });
});
